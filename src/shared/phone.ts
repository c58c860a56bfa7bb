/**
 * The one comparison of phone numbers (product-decisions 6): the last 10 digits after removing
 * everything but digits, so "+92 300 1234567", "0300-1234567" and "923001234567" are one number.
 * A shop's block list, the buyer's record with a shop and "once per buyer" coupons compare by it.
 * A number with fewer than 10 digits is its digits as they are.
 */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

/** The marketplace's country code when none is configured: Pakistan. */
export const DEFAULT_COUNTRY_CODE = '92';
/** A country calling code: 1 to 3 digits, never starting with 0. */
export const COUNTRY_CODE_PATTERN = /^[1-9][0-9]{0,2}$/;

/**
 * A phone number in international form, digits only, as wa.me needs it (issue 53): "+92 321 4567890",
 * "0092 321 4567890" and "923214567890" are already international; a number written locally, with the
 * trunk 0 ("0321-4567890", as most Pakistani buyers write it), takes the marketplace's country code.
 * Made when a link is shown, so numbers stored as typed (older orders too) work. '' without digits.
 */
export function internationalNumber(phone: string, countryCode: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) return `${countryCode}${digits.slice(1)}`;
  return digits;
}
