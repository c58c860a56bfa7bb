import { describe, expect, it } from 'vitest';
import { isTrialExpired, trialExpiredMessage, trialNotStarted } from './trial';

const start = '2026-01-01T10:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('isTrialExpired', () => {
  it('is not expired at exactly the limit, expired just after', () => {
    expect(isTrialExpired({ isPro: false, trialStartAt: start }, at('2026-01-01T10:10:00.000Z'), 10)).toBe(false);
    expect(isTrialExpired({ isPro: false, trialStartAt: start }, at('2026-01-01T10:10:00.001Z'), 10)).toBe(true);
  });
  it('never expires for pro users', () => {
    expect(isTrialExpired({ isPro: true, trialStartAt: start }, at('2030-01-01T00:00:00Z'), 10)).toBe(false);
  });
  it('does not expire before the trial has started', () => {
    expect(isTrialExpired({ isPro: false, trialStartAt: null }, at('2030-01-01T00:00:00Z'), 10)).toBe(false);
  });
  it('honours a configured length', () => {
    expect(isTrialExpired({ isPro: false, trialStartAt: start }, at('2026-01-01T10:30:00Z'), 60)).toBe(false);
  });
});

describe('trialNotStarted', () => {
  it('is true only for a non-pro shopkeeper without a trial start', () => {
    expect(trialNotStarted({ isPro: false, trialStartAt: null, roles: ['shopkeeper'] })).toBe(true);
    expect(trialNotStarted({ isPro: false, trialStartAt: start, roles: ['shopkeeper'] })).toBe(false);
    expect(trialNotStarted({ isPro: true, trialStartAt: null, roles: ['shopkeeper'] })).toBe(false);
    expect(trialNotStarted({ isPro: false, trialStartAt: null, roles: ['buyer'] })).toBe(false);
  });
});

describe('trialExpiredMessage', () => {
  it("is the spec's sentence with the configured length", () => {
    expect(trialExpiredMessage(10)).toBe('Your 10-minute free trial has expired.');
  });
});
