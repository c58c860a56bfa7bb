import { useEffect } from 'react';
import { localizeMessage } from '../../../shared/i18n/translator';
import type { Language } from '../../../shared/i18n/language';
import { errorMessage } from '../../error-message';

/**
 * The spec's failure toast, followed by the server's reason (say, 'Shop not found') when there is one.
 * The server says its reasons in the page's language already; a file check's (in English) is said here.
 */
export function failure(specMessage: string, error: unknown, language: Language): string {
  const reason = localizeMessage(language, errorMessage(error, ''));
  return reason && reason !== specMessage ? `${specMessage}: ${reason}` : specMessage;
}

/** Shows a list's load failure once as a toast (spec section 8: 'Failed to load ...'). */
export function useLoadFailureToast(error: unknown, specMessage: string, show: (message: string) => void, language: Language): void {
  useEffect(() => {
    if (error) show(failure(specMessage, error, language));
  }, [error, specMessage, show, language]);
}
