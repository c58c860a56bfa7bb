/** A slider as /admin/sliders shows it. */
export function toAdminSliderView(row: {
  id: number;
  title: string | null;
  image_url: string;
  redirect_url: string;
  is_active: number;
  display_order: number;
}) {
  return {
    id: row.id,
    title: row.title,
    imageUrl: row.image_url,
    redirectUrl: row.redirect_url,
    isActive: row.is_active === 1,
    displayOrder: row.display_order,
  };
}
