import { type ActivityActor, recordActivity } from '../activity/activity.service';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { announcementShows } from '../../shared/announcement';
import type { AnnouncementValues } from '../../shared/schemas/settings';
import { type AnnouncementView, toAnnouncementView, toPublicAnnouncement } from './settings.mapper';
import * as repo from './settings.repository';

/**
 * The announcement bar (issue 47): /admin/settings' "Announcement", shown at the top of every public
 * page while its window holds. Its table notifies on PostgreSQL (migration 2026_12_05_020000) and is
 * watched like every table a cached answer shows, so a save reaches every instance's pages at once.
 */

/** The admin's form: what was saved, or an empty announcement. */
export async function announcement(db: DB): Promise<AnnouncementView> {
  return toAnnouncementView(await repo.findAnnouncement(db));
}

/** The bar as public pages show it now, or null: none set, not started yet or ended. */
export async function currentAnnouncement(db: DB, now: Date) {
  const view = toAnnouncementView(await repo.findAnnouncement(db));
  return announcementShows(view, now) ? toPublicAnnouncement(view) : null;
}

/** Saves the section, already judged by the schema (an empty text clears the bar), in the activity log. */
export async function saveAnnouncement(db: DB, input: AnnouncementValues, actor: ActivityActor, now: Date): Promise<AnnouncementView> {
  return inTransaction(db, async (trx) => {
    const before = toAnnouncementView(await repo.findAnnouncement(trx));
    await repo.upsertAnnouncement(trx, {
      text: input.text,
      text_ur: input.textUr,
      link: input.link,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      updated_at: now.toISOString(),
    });
    const after = toAnnouncementView(await repo.findAnnouncement(trx));
    const changes = Object.fromEntries(Object.keys(after).map((field) => [field, [before[field as keyof AnnouncementView], after[field as keyof AnnouncementView]] as const]));
    await recordActivity(trx, { actor, action: 'settings.announcement_saved', subject: { type: 'settings', id: 'announcement', label: 'Announcement' }, changes, at: now });
    return after;
  });
}
