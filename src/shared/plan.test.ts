import { describe, expect, it } from 'vitest';
import { addMonths, extendedEnd, isBlocked, planState } from './plan';

const at = (iso: string) => new Date(iso);
const rules = { trialMinutes: 10, graceDays: 3 };

describe('extendedEnd: a payment counts from the later of now and the current end', () => {
  const now = at('2026-12-01T09:00:00.000Z');
  it('from the current end when it is later than now (an early renewal loses nothing)', () => {
    expect(extendedEnd('2026-12-20T09:00:00.000Z', now, 1).toISOString()).toBe('2027-01-20T09:00:00.000Z');
  });
  it('from now when the end has passed (a late renewal does not pay for the gap)', () => {
    expect(extendedEnd('2026-10-03T09:00:00.000Z', now, 3).toISOString()).toBe('2027-03-01T09:00:00.000Z');
  });
  it('from now for no end, or none yet', () => {
    expect(extendedEnd(null, now, 12).toISOString()).toBe('2027-12-01T09:00:00.000Z');
  });
  it('keeps the day, or the month’s last one', () => {
    expect(addMonths(at('2027-01-31T00:00:00Z'), 1).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonths(at('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(at('2026-11-30T00:00:00Z'), 24).toISOString()).toBe('2028-11-30T00:00:00.000Z');
    expect(addMonths(at('2027-03-31T00:00:00Z'), -1).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });
});

describe('planState: one rule for the trial and the plans', () => {
  const start = '2026-12-01T10:00:00.000Z';
  it('the trial runs its minutes, then blocks at once', () => {
    expect(planState({ isPro: false, proUntil: null, trialStartAt: start }, at('2026-12-01T10:04:00Z'), rules)).toEqual({ kind: 'trial', endsAt: at('2026-12-01T10:10:00Z') });
    expect(planState({ isPro: false, proUntil: null, trialStartAt: start }, at('2026-12-01T10:10:01Z'), rules)).toEqual({ kind: 'ended', endedAt: at('2026-12-01T10:10:00Z'), reason: 'trial' });
    expect(planState({ isPro: false, proUntil: null, trialStartAt: null }, at('2030-01-01T00:00:00Z'), rules)).toEqual({ kind: 'trialNotStarted' });
  });
  it('Pro with no end date never ends, whatever the trial', () => {
    expect(planState({ isPro: true, proUntil: null, trialStartAt: start }, at('2040-01-01T00:00:00Z'), rules)).toEqual({ kind: 'pro', until: null });
  });
  it('Pro until a date, then the grace days, then ended', () => {
    const profile = { isPro: true, proUntil: '2026-12-28T00:00:00.000Z', trialStartAt: start };
    expect(planState(profile, at('2026-12-27T23:59:59Z'), rules)).toEqual({ kind: 'pro', until: at('2026-12-28T00:00:00Z') });
    expect(planState(profile, at('2026-12-28T00:00:00Z'), rules)).toEqual({ kind: 'grace', endedAt: at('2026-12-28T00:00:00Z'), graceEndsAt: at('2026-12-31T00:00:00Z') });
    expect(isBlocked(profile, at('2026-12-30T23:59:59Z'), rules)).toBe(false);
    expect(planState(profile, at('2026-12-31T00:00:00Z'), rules)).toEqual({ kind: 'ended', endedAt: at('2026-12-28T00:00:00Z'), reason: 'plan' });
    expect(isBlocked(profile, at('2026-12-31T00:00:00Z'), { ...rules, graceDays: 0 })).toBe(true);
    expect(isBlocked(profile, at('2026-12-28T00:00:00Z'), { ...rules, graceDays: 0 })).toBe(true);
  });
  it('Disable Pro ends it at once: no grace', () => {
    expect(planState({ isPro: false, proUntil: '2026-12-02T00:00:00.000Z', trialStartAt: null }, at('2026-12-02T00:00:01Z'), rules)).toEqual({ kind: 'ended', endedAt: at('2026-12-02T00:00:00Z'), reason: 'plan' });
  });
});
