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

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** `timeZone`'s offset from UTC at `at`, in minutes, from Intl (Karachi: 300). */
function offsetFromIntl(at: Date, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** Offsets of whole UTC days that hold no change of offset, by `${timeZone} ${day number}`. */
const dayOffsets = new Map<string, number>();
const DAY_OFFSETS_KEPT = 4096;

/**
 * `timeZone`'s offset from UTC at `at`, in minutes (Karachi: 300). Asking Intl takes microseconds
 * (a year's orders CSV asked it once per order), so the offset of a UTC day is kept when the day starts
 * and ends on the same one: a zone changes its offset at most once in a day, summer time or a new rule.
 */
function offsetMinutes(at: Date, timeZone: string): number {
  const day = Math.floor(at.getTime() / DAY_MS);
  const key = `${timeZone} ${day}`;
  const kept = dayOffsets.get(key);
  if (kept !== undefined) return kept;
  const start = offsetFromIntl(new Date(day * DAY_MS), timeZone);
  if (start !== offsetFromIntl(new Date(day * DAY_MS + DAY_MS - 1), timeZone)) return offsetFromIntl(at, timeZone);
  if (dayOffsets.size >= DAY_OFFSETS_KEPT) dayOffsets.clear();
  dayOffsets.set(key, start);
  return start;
}

/** The moment day `day` (YYYY-MM-DD) begins in `timeZone`. */
export function dayStartIn(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const first = midnightUtc - offsetMinutes(new Date(midnightUtc), timeZone) * 60_000;
  // A change of offset (summer time) between UTC midnight and local midnight: the offset at the answer.
  return new Date(midnightUtc - offsetMinutes(new Date(first), timeZone) * 60_000);
}

/** `at` as ISO 8601 in `timeZone`, with its offset: 2026-11-28T19:05:00+05:00. */
export function isoIn(at: Date | string, timeZone: string): string {
  const moment = typeof at === 'string' ? new Date(at) : at;
  const offset = offsetMinutes(moment, timeZone);
  const local = new Date(moment.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  return `${local}${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
