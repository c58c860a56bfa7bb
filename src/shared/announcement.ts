/**
 * The announcement bar (issue 47): a line at the top of every public page, set at /admin/settings.
 * The server answers it only while it shows, and the browser asks again after hydration with its own
 * clock (a page kept open, or answered from a cache, past Ends); both by `announcementShows`.
 */
export interface AnnouncementWindow {
  text: string;
  /** ISO 8601 instants; null: from the start, or without end. */
  startsAt: string | null;
  endsAt: string | null;
}

/** Whether an announcement shows at `now`: it has a text, and now is within [Starts, Ends). */
export function announcementShows(announcement: AnnouncementWindow | null | undefined, now: Date): boolean {
  if (!announcement || announcement.text.trim() === '') return false;
  const at = now.getTime();
  if (announcement.startsAt !== null && at < Date.parse(announcement.startsAt)) return false;
  if (announcement.endsAt !== null && at >= Date.parse(announcement.endsAt)) return false;
  return true;
}

/**
 * What a browser remembers of an announcement it dismissed: a hash of its texts (FNV-1a, 32 bits, as
 * hex), so a new text shows again and the same text, saved again or with another window, does not.
 */
export function announcementKey(announcement: { text: string; textUr: string }): string {
  let hash = 0x811c9dc5;
  for (const char of `${announcement.text}\u0000${announcement.textUr}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
