/**
 * Order numbers are ORD-YYYYMMDD-NNNN-RRRRRR (product-decisions 2.6): the UTC day, a per-day
 * sequence and six random digits, so that one number tells nothing about the others.
 */
const ORDER_NUMBER_PATTERN = /^ORD-\d{8}-\d{4,}-\d{6}$/;

export function orderDayKey(date: Date): string {
  return date.toISOString().slice(0, 10).replace(/-/g, '');
}

/** The random part is drawn from 0 to this, exclusive (six digits). */
export const ORDER_NUMBER_RANDOM_RANGE = 1_000_000;

export function formatOrderNumber(date: Date, sequence: number, random: number): string {
  return `ORD-${orderDayKey(date)}-${String(sequence).padStart(4, '0')}-${String(random % ORDER_NUMBER_RANDOM_RANGE).padStart(6, '0')}`;
}

export function isOrderNumber(text: string): boolean {
  return ORDER_NUMBER_PATTERN.test(text);
}
