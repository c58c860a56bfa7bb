import { describe, expect, it } from 'vitest';
import { announcementKey, announcementShows } from './announcement';

const at = (iso: string) => new Date(iso);
const SALE = { text: 'Eid sale: free delivery this week', startsAt: null, endsAt: null };

describe('announcementShows (the window rule)', () => {
  it('shows a text without a window at any time; nothing without a text', () => {
    expect(announcementShows(SALE, at('2026-01-01T00:00:00Z'))).toBe(true);
    expect(announcementShows({ ...SALE, text: '' }, at('2026-01-01T00:00:00Z'))).toBe(false);
    expect(announcementShows({ ...SALE, text: '   ' }, at('2026-01-01T00:00:00Z'))).toBe(false);
    expect(announcementShows(null, at('2026-01-01T00:00:00Z'))).toBe(false);
  });

  it('shows from Starts (included) until Ends (excluded)', () => {
    const window = { ...SALE, startsAt: '2026-03-30T19:00:00.000Z', endsAt: '2026-04-02T19:00:00.000Z' };
    expect(announcementShows(window, at('2026-03-30T18:59:59.999Z'))).toBe(false);
    expect(announcementShows(window, at('2026-03-30T19:00:00.000Z'))).toBe(true);
    expect(announcementShows(window, at('2026-04-01T12:00:00.000Z'))).toBe(true);
    expect(announcementShows(window, at('2026-04-02T18:59:59.999Z'))).toBe(true);
    expect(announcementShows(window, at('2026-04-02T19:00:00.000Z'))).toBe(false);
  });

  it('takes an open side as unbounded', () => {
    expect(announcementShows({ ...SALE, startsAt: '2026-05-01T00:00:00.000Z' }, at('2030-01-01T00:00:00Z'))).toBe(true);
    expect(announcementShows({ ...SALE, startsAt: '2026-05-01T00:00:00.000Z' }, at('2026-04-30T23:59:59Z'))).toBe(false);
    expect(announcementShows({ ...SALE, endsAt: '2026-05-01T00:00:00.000Z' }, at('2000-01-01T00:00:00Z'))).toBe(true);
    expect(announcementShows({ ...SALE, endsAt: '2026-05-01T00:00:00.000Z' }, at('2026-05-01T00:00:00Z'))).toBe(false);
  });
});

describe('announcementKey', () => {
  it('changes with either text and only with them', () => {
    const key = announcementKey({ text: 'Eid sale', textUr: 'عید سیل' });
    expect(key).toMatch(/^[0-9a-f]{8}$/);
    expect(announcementKey({ text: 'Eid sale', textUr: 'عید سیل' })).toBe(key);
    expect(announcementKey({ text: 'Eid sale!', textUr: 'عید سیل' })).not.toBe(key);
    expect(announcementKey({ text: 'Eid sale', textUr: '' })).not.toBe(key);
    // The texts are kept apart: moving a letter across them is another announcement.
    expect(announcementKey({ text: 'ab', textUr: 'c' })).not.toBe(announcementKey({ text: 'a', textUr: 'bc' }));
  });
});
