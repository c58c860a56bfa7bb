import { internationalNumber } from './phone';

/**
 * A WhatsApp click-to-chat link: https://wa.me/<number in international form>?text=<url-encoded text>,
 * the one way every wa.me link is made (to buyers, shops and support). `countryCode` is the
 * marketplace's, given to numbers written locally (shared/phone.ts internationalNumber). Returns null
 * when the number has no digits, so a screen never shows a broken link.
 */
export function waLink(phone: string, countryCode: string, text?: string): string | null {
  const digits = internationalNumber(phone, countryCode);
  if (!digits) return null;
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${digits}${query}`;
}

/** A WhatsApp link that shares `text` with a chat the person picks (no number: "Share on WhatsApp"). */
export function waShareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
