import { type ActivityActor, recordActivity } from '../activity/activity.service';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { badRequest, isUniqueViolation, notFound } from '../errors';
import { currentAnnouncement } from '../settings/announcement.service';
import { dayIn } from '../../shared/cash';
import type { Language } from '../../shared/i18n/language';
import { PAGE_ADDRESS_TAKEN, PAGE_NOT_FOUND, type PageValues } from '../../shared/schemas/pages';
import { markdownText } from './markdown';
import { type PageForm, toFooterLink, toPageForm, toPageListItem, toPublicPage } from './pages.mapper';
import * as repo from './pages.repository';

/**
 * The marketplace's pages (issue 47, product-decisions 7): About us, Terms, Privacy... written in
 * Markdown by an admin, served server-rendered at /p/{address} once published (a draft answers 404),
 * listed in the footer of every page and in the sitemap. Every change is in the activity log.
 */

const addressTaken = () => badRequest(PAGE_ADDRESS_TAKEN, 'address', { field: 'address' });

/** /admin/pages: every page, drafts included. */
export async function listPages(db: DB) {
  return (await repo.listAll(db)).map(toPageListItem);
}

export async function getPage(db: DB, id: number): Promise<PageForm> {
  const row = await repo.findById(db, id);
  if (!row) throw notFound(PAGE_NOT_FOUND);
  return toPageForm(row);
}

/** A published page in a language, its Markdown rendered and sanitized; a draft or unknown address is not found. */
export async function publicPage(db: DB, address: string, language: Language) {
  const row = await repo.findPublished(db, address);
  if (!row) throw notFound(PAGE_NOT_FOUND);
  return toPublicPage(row, language);
}

/** The address of a page ("/p/returns") when it is published, else null (issue 47: a shop without returns text links the Returns page). */
export async function publishedPagePath(db: DB, address: string): Promise<string | null> {
  return (await repo.findPublished(db, address)) ? `/p/${address}` : null;
}

/** A published page's head (/p/{address}): its title and the start of its text in a language, or null for a draft or unknown address. */
export async function pageHead(db: DB, address: string, language: Language): Promise<{ title: string; description: string } | null> {
  const row = await repo.findPublished(db, address);
  if (!row) return null;
  const urdu = language === 'ur';
  return { title: urdu && row.title_ur ? row.title_ur : row.title, description: markdownText(urdu && row.text_ur ? row.text_ur : row.text) };
}

/**
 * What the app shell shows around every page: the footer's published pages, the year of its "©" (the
 * marketplace's, in TIME_ZONE) and the announcement showing now (the public cache keeps this answer
 * at most PUBLIC_CACHE_MAX_AGE_S, and the browser hides the bar itself once it ends).
 */
export async function shell(db: DB, now: Date, timeZone: string) {
  const [footer, announcement] = await Promise.all([repo.listFooter(db), currentAnnouncement(db, now)]);
  return { footer: footer.map(toFooterLink), announcement, year: Number(dayIn(now, timeZone).slice(0, 4)) };
}

const columnsOf = (input: PageValues, now: Date) => ({
  address: input.address,
  title: input.title,
  text: input.text,
  title_ur: input.titleUr,
  text_ur: input.textUr,
  show_in_footer: input.showInFooter ? 1 : 0,
  published: input.published ? 1 : 0,
  updated_at: now.toISOString(),
});

/**
 * What the log keeps of a page: its fields as the form names them (long texts are cut by the log); its
 * address as the path it is served at (the log leaves out any field called an address: postal ones).
 */
function logged(page: PageValues | PageForm | null) {
  return {
    title: page?.title ?? null,
    path: page ? `/p/${page.address}` : null,
    text: page?.text ?? null,
    titleUr: page?.titleUr ?? null,
    textUr: page?.textUr ?? null,
    showInFooter: page?.showInFooter ?? null,
    published: page?.published ?? null,
  };
}

function changesOf(before: PageValues | PageForm | null, after: PageValues | null) {
  const from = logged(before);
  const to = logged(after);
  return Object.fromEntries(Object.keys(to).map((field) => [field, [from[field as keyof typeof from], to[field as keyof typeof to]] as const]));
}

/** Writes, turning the address's unique index into the field's message (two admins saving one address at once). */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'pages.address')) throw addressTaken();
    throw error;
  }
}

/** "New page": refused by the address's field when another page has it. */
export async function createPage(db: DB, input: PageValues, actor: ActivityActor, now: Date): Promise<PageForm> {
  return writing(() =>
    inTransaction(db, async (trx) => {
      if ((await repo.idAtAddress(trx, input.address)) !== null) throw addressTaken();
      const id = await repo.insert(trx, { ...columnsOf(input, now), created_at: now.toISOString() });
      await recordActivity(trx, { actor, action: 'page.created', subject: { type: 'page', id, label: input.title }, changes: changesOf(null, input), at: now });
      return toPageForm((await repo.findById(trx, id))!);
    }),
  );
}

/** Saves a page's form: published or unpublished (said so in the log) or edited. */
export async function updatePage(db: DB, id: number, input: PageValues, actor: ActivityActor, now: Date): Promise<PageForm> {
  return writing(() =>
    inTransaction(db, async (trx) => {
      const row = await repo.findById(trx, id);
      if (!row) throw notFound(PAGE_NOT_FOUND);
      const before = toPageForm(row);
      const holder = await repo.idAtAddress(trx, input.address);
      if (holder !== null && holder !== id) throw addressTaken();
      await repo.update(trx, id, columnsOf(input, now));
      const action = before.published === input.published ? 'page.updated' : input.published ? 'page.published' : 'page.unpublished';
      await recordActivity(trx, { actor, action, subject: { type: 'page', id, label: input.title }, changes: changesOf(before, input), at: now });
      return toPageForm((await repo.findById(trx, id))!);
    }),
  );
}

/** Deletes a page: its address then answers "not found", and is free for another page. */
export async function deletePage(db: DB, id: number, actor: ActivityActor, now: Date): Promise<void> {
  await writing(() =>
    inTransaction(db, async (trx) => {
      const row = await repo.findById(trx, id);
      if (!row || !(await repo.remove(trx, id))) throw notFound(PAGE_NOT_FOUND);
      await recordActivity(trx, { actor, action: 'page.deleted', subject: { type: 'page', id, label: row.title }, changes: changesOf(toPageForm(row), null), at: now });
    }),
  );
}
