import type { Language } from '../shared/i18n/language';
import { translate } from '../shared/i18n/translator';
import common from './i18n/catalogues/en/common';

/**
 * The message to show for a failed call: the server's own (already in the page's language; tRPC's
 * client error and the public pages' ApiError both carry it), or a fallback (the caller's, or ours) in
 * `language` (the `common` catalogue). The browser's own network failure reads as being offline.
 */
export function errorMessage(error: unknown, fallback?: string, language: Language = 'en'): string {
  if (error instanceof Error && error.message) return error.message === 'Failed to fetch' ? translate(language, common, 'common.error.offline') : error.message;
  return fallback ?? translate(language, common, 'common.error.generic');
}
