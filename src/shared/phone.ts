/**
 * The one comparison of phone numbers (product-decisions 6): the last 10 digits after removing
 * everything but digits, so "+92 300 1234567", "0300-1234567" and "923001234567" are one number.
 * A shop's block list, the buyer's record with a shop and "once per buyer" coupons compare by it.
 * A number with fewer than 10 digits is its digits as they are.
 */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}
