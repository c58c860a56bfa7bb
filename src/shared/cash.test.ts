import { describe, expect, it } from 'vitest';
import { dayIn, daysBetween, monthBounds, receivedDayProblem } from './cash';

describe('cash days', () => {
  it('reads the day in the marketplace time zone, not UTC', () => {
    // 20:30 UTC is 01:30 the next day in Karachi (UTC+5).
    expect(dayIn(new Date('2026-11-28T20:30:00Z'), 'Asia/Karachi')).toBe('2026-11-29');
    expect(dayIn('2026-11-28T18:59:59Z', 'Asia/Karachi')).toBe('2026-11-28');
    expect(dayIn(new Date('2026-11-28T20:30:00Z'), 'UTC')).toBe('2026-11-28');
  });

  it('counts whole days between two days', () => {
    expect(daysBetween('2026-11-01', '2026-11-29')).toBe(28);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2026-11-29', '2026-11-29')).toBe(0);
  });

  it('gives last month, this month and next month, across a year', () => {
    expect(monthBounds('2026-11-29')).toEqual({ lastMonth: '2026-10-01', thisMonth: '2026-11-01', nextMonth: '2026-12-01' });
    expect(monthBounds('2026-01-05')).toEqual({ lastMonth: '2025-12-01', thisMonth: '2026-01-01', nextMonth: '2026-02-01' });
    expect(monthBounds('2026-12-31')).toEqual({ lastMonth: '2026-11-01', thisMonth: '2026-12-01', nextMonth: '2027-01-01' });
  });

  it('refuses a received day in the future or before the delivery', () => {
    expect(receivedDayProblem('2026-11-30', '2026-11-29', '2026-11-20')).toBe('future');
    expect(receivedDayProblem('2026-11-19', '2026-11-29', '2026-11-20')).toBe('beforeDelivery');
    expect(receivedDayProblem('2026-11-20', '2026-11-29', '2026-11-20')).toBeNull();
    expect(receivedDayProblem('2026-11-29', '2026-11-29', null)).toBeNull();
  });
});

describe('moments in the marketplace time zone', () => {
  it('finds where a day begins and writes a moment with its offset', async () => {
    const { dayStartIn, isoIn } = await import('./cash');
    expect(dayStartIn('2026-11-28', 'Asia/Karachi').toISOString()).toBe('2026-11-27T19:00:00.000Z');
    expect(dayStartIn('2026-07-01', 'Europe/London').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(dayStartIn('2026-11-28', 'UTC').toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(isoIn('2026-11-28T14:05:09.123Z', 'Asia/Karachi')).toBe('2026-11-28T19:05:09+05:00');
    expect(isoIn('2026-11-28T14:05:09Z', 'America/New_York')).toBe('2026-11-28T09:05:09-05:00');
    expect(isoIn('2026-11-28T14:05:09Z', 'UTC')).toBe('2026-11-28T14:05:09+00:00');
  });

  it('writes every moment as the zone\'s clock reads it, on the days its offset changes too', async () => {
    const { isoIn } = await import('./cash');
    // The wall clock in the zone, from Intl's own fields: what isoIn's offset must give.
    const wallClock = (at: Date, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(at);
      const part = (type: string) => parts.find((p) => p.type === type)?.value;
      return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
    };
    // Summer time starting and ending (London, New York, Lord Howe's half hour), a day skipped (Samoa, 2011), Karachi's 2008 and 2009 summers.
    const changes: Array<[string, string]> = [
      ['Europe/London', '2026-03-29'], ['Europe/London', '2026-10-25'], ['America/New_York', '2026-03-08'], ['America/New_York', '2026-11-01'],
      ['Australia/Lord_Howe', '2026-04-05'], ['Australia/Lord_Howe', '2026-10-04'], ['Pacific/Apia', '2011-12-29'], ['Pacific/Apia', '2011-12-30'],
      ['Asia/Karachi', '2008-06-01'], ['Asia/Karachi', '2008-10-31'], ['Asia/Karachi', '2009-04-14'], ['Asia/Kathmandu', '2026-06-01'],
    ];
    for (const [timeZone, day] of changes) {
      const start = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
      // Three UTC days around the change, every 7.5 minutes, the latest moments asked first so a day's first answer comes after its change.
      for (let at = start + 3 * 86_400_000 - 450_000; at >= start; at -= 450_000) {
        const moment = new Date(at);
        const iso = isoIn(moment, timeZone);
        expect(iso.slice(0, 19), `${timeZone} ${moment.toISOString()}`).toBe(wallClock(moment, timeZone));
        const [, sign, hours, minutes] = /([+-])(\d{2}):(\d{2})$/.exec(iso)!;
        const local = Date.parse(`${iso.slice(0, 19)}Z`);
        expect(local - (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000, `${timeZone} ${moment.toISOString()}`).toBe(Math.floor(at / 1000) * 1000);
      }
    }
  });
});
