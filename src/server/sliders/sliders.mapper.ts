/** A slider as /admin/sliders shows it. */
export function toAdminSliderView(row: {
  id: number;
  title: string | null;
  image_url: string;
  redirect_url: string;
  is_active: number;
  display_order: number;
}, urlOf: (url: string) => string) {
  return {
    id: row.id,
    title: row.title,
    /** Where the browser loads it from (under S3_PUBLIC_URL when set). */
    imageUrl: urlOf(row.image_url),
    redirectUrl: row.redirect_url,
    isActive: row.is_active === 1,
    displayOrder: row.display_order,
  };
}
