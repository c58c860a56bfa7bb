/**
 * Cash received from the courier (product-decisions 6): days as the marketplace counts them, in its
 * time zone (TIME_ZONE), written YYYY-MM-DD. Used by the cash form (today's default), the server's
 * checks and the cash summary's months.
 */

import { formatDate } from './i18n/intl';
import type { Language } from './i18n/language';

const DAY_MS = 86_400_000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day `at` falls on in `timeZone`, as YYYY-MM-DD. */
export function dayIn(at: Date | string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(typeof at === 'string' ? new Date(at) : at);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The first days of last month, this month and next month of the day `today` (YYYY-MM-DD). */
export function monthBounds(today: string): { lastMonth: string; thisMonth: string; nextMonth: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const first = (y: number, m: number) => {
    const date = new Date(Date.UTC(y, m - 1, 1));
    return date.toISOString().slice(0, 10);
  };
  return { lastMonth: first(year, month - 1), thisMonth: first(year, month), nextMonth: first(year, month + 1) };
}

/** Why a received day cannot be kept for an order delivered on `deliveredOn` (null: it can). */
export function receivedDayProblem(receivedOn: string, today: string, deliveredOn: string | null): 'future' | 'beforeDelivery' | null {
  if (receivedOn > today) return 'future';
  if (deliveredOn !== null && receivedOn < deliveredOn) return 'beforeDelivery';
  return null;
}

/** A day (YYYY-MM-DD) in the reader's words: that day, whatever the reader's own time zone. */
export const formatDay = (day: string, language: Language): string => formatDate(`${day}T00:00:00Z`, language, 'date', 'UTC');
