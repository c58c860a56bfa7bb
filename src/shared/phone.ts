/**
 * How two phone numbers compare (product-decisions 6): by their last 10 digits after removing
 * everything but digits, so "+92 300 1234567", "03001234567" and "923001234567" are one number.
 * A number of fewer than 10 digits compares by all of its digits.
 */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}
