/** Digits only: what wa.me accepts ('+92 300-123 4567' -> '923001234567'). */
export function waDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * A WhatsApp click-to-chat link: https://wa.me/<digits>?text=<url-encoded text>. Returns null when
 * the number has no digits, so a screen never shows a broken link.
 */
export function waLink(phone: string, text?: string): string | null {
  const digits = waDigits(phone);
  if (!digits) return null;
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${digits}${query}`;
}
