import { useCallback } from 'react';
import { localizeMessage } from '../../shared/i18n/translator';
import { useLanguage } from './language';

/**
 * The server's and the shared schemas' messages in the page's language. The server already answers
 * an Urdu page's API calls in Urdu (x-language); this is for the messages the browser has in English:
 * a schema's message when a form checks itself (`schema.safeParse(values)`), and the answer of a
 * request that does not send the header (an upload, signing in). A message it does not know, or one
 * already in Urdu, stays as it is.
 *
 *   const say = useLocalizeMessage();
 *   toast.error(say(result.error.issues[0].message));
 */
export function useLocalizeMessage(): (message: string) => string {
  const language = useLanguage();
  return useCallback((message: string) => localizeMessage(language, message), [language]);
}
