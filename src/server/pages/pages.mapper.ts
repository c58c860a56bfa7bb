import type { Selectable } from 'kysely';
import type { PagesTable } from '../db/schema';
import type { Language } from '../../shared/i18n/language';
import { renderMarkdown } from './markdown';

type Row = Selectable<PagesTable>;

/** A line of /admin/pages. */
export function toPageListItem(row: Pick<Row, 'id' | 'address' | 'title' | 'title_ur' | 'show_in_footer' | 'published' | 'updated_at'>) {
  return {
    id: Number(row.id),
    address: row.address,
    title: row.title,
    titleUr: row.title_ur,
    showInFooter: Boolean(row.show_in_footer),
    published: Boolean(row.published),
    updatedAt: row.updated_at,
  };
}

/** The page as its form edits it (the Markdown, not the HTML). */
export function toPageForm(row: Row) {
  return { ...toPageListItem(row), text: row.text, textUr: row.text_ur };
}
export type PageForm = ReturnType<typeof toPageForm>;

/**
 * A published page as /p/{address} shows it, in a language: the Urdu title and text where they are
 * written, else the English ones, each saying which language it is in (the page marks it `lang`).
 */
export function toPublicPage(row: Row, language: Language) {
  const urdu = language === 'ur';
  const titleUr = urdu && row.title_ur !== '';
  const textUr = urdu && row.text_ur !== '';
  return {
    address: row.address,
    title: titleUr ? row.title_ur : row.title,
    titleLanguage: (titleUr ? 'ur' : 'en') as Language,
    html: renderMarkdown(textUr ? row.text_ur : row.text),
    textLanguage: (textUr ? 'ur' : 'en') as Language,
    updatedAt: row.updated_at,
  };
}

/** A link of the footer: the address and both titles (the page picks its language's; Urdu falls back to English). */
export function toFooterLink(row: Pick<Row, 'address' | 'title' | 'title_ur'>) {
  return { address: row.address, title: row.title, titleUr: row.title_ur };
}
