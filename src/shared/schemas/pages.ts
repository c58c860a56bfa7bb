import { z } from 'zod';
import { LANGUAGES } from '../i18n/language';
import { SLUG_PATTERN } from '../slug';
import { typedText } from './text';

/** A page of /admin/pages (issue 47): each message is shown by its field. */

export const PAGE_TITLE_MAX = 120;
export const PAGE_ADDRESS_MAX = 60;
export const PAGE_TEXT_MAX = 50_000;

export const PAGE_TITLE_REQUIRED = 'Please enter the title';
export const PAGE_TITLE_LENGTH = 'Title must be at most 120 characters';
export const PAGE_URDU_TITLE_LENGTH = 'Urdu title must be at most 120 characters';
export const PAGE_ADDRESS_REQUIRED = 'Please enter the address';
export const PAGE_ADDRESS_LENGTH = 'Address must be at most 60 characters';
export const PAGE_ADDRESS_INVALID = 'Address must be lowercase letters, digits and hyphens, like returns-policy';
export const PAGE_ADDRESS_TAKEN = 'Another page already has this address';
export const PAGE_TEXT_REQUIRED = 'Please enter the text';
export const PAGE_TEXT_LENGTH = 'Text must be at most 50,000 characters';
export const PAGE_URDU_TEXT_LENGTH = 'Urdu text must be at most 50,000 characters';
export const PAGE_NOT_FOUND = 'Page not found';

export const pageSchema = z.object({
  title: typedText({ error: PAGE_TITLE_REQUIRED })
    .trim()
    .min(1, { error: PAGE_TITLE_REQUIRED })
    .max(PAGE_TITLE_MAX, { error: PAGE_TITLE_LENGTH }),
  address: typedText({ error: PAGE_ADDRESS_REQUIRED })
    .trim()
    .toLowerCase()
    .min(1, { error: PAGE_ADDRESS_REQUIRED })
    .max(PAGE_ADDRESS_MAX, { error: PAGE_ADDRESS_LENGTH })
    .regex(SLUG_PATTERN, { error: PAGE_ADDRESS_INVALID }),
  /** Markdown: headings, lists, links, bold. Rendered and sanitized on the server. */
  text: typedText({ error: PAGE_TEXT_REQUIRED })
    .trim()
    .min(1, { error: PAGE_TEXT_REQUIRED })
    .max(PAGE_TEXT_MAX, { error: PAGE_TEXT_LENGTH }),
  /** Optional: where they are empty, /ur/p/{address} shows the English, marked lang="en". */
  titleUr: typedText().trim().max(PAGE_TITLE_MAX, { error: PAGE_URDU_TITLE_LENGTH }).default(''),
  textUr: typedText().trim().max(PAGE_TEXT_MAX, { error: PAGE_URDU_TEXT_LENGTH }).default(''),
  showInFooter: z.boolean().default(false),
  published: z.boolean().default(false),
});

export type PageInput = z.input<typeof pageSchema>;
export type PageValues = z.output<typeof pageSchema>;

export const pageIdSchema = z.object({ id: z.number().int().positive() });

export const pageUpdateSchema = pageSchema.extend({ id: z.number().int().positive() });

/** A public page by its address, in a language: any text (an unknown one is simply not found). */
export const publicPageSchema = z.object({
  address: z.string().max(200),
  language: z.enum(LANGUAGES).default('en'),
});
