import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { IncomingHttpHeaders } from 'node:http';
import errors from '../../shared/i18n/catalogues/en/errors';
import { SHARED_URDU } from '../../shared/i18n/catalogues/urdu';
import urduEmail from '../../shared/i18n/catalogues/ur/email';
import { isLanguage, LANGUAGE_HEADER, type Language } from '../../shared/i18n/language';
import { createLocalizer } from '../../shared/i18n/server-messages';
import { enableRuntimeCompilation, loadMessages, setLocalizer } from '../../shared/i18n/translator';

/**
 * The server's side of the two languages: its catalogues (the shared ones: messages, statuses,
 * the WhatsApp text, page heads) compiled at start, as Vite does the browser's at build time.
 */
let ready = false;
export function setUpLanguages(): void {
  if (ready) return;
  ready = true;
  enableRuntimeCompilation(compiledOnce);
  // The emails' Urdu is the server's alone: it stays out of the browser's Urdu chunk.
  loadMessages('ur', { ...SHARED_URDU, ...urduEmail });
  setLocalizer('ur', createLocalizer('ur', errors));
}

/**
 * Lingui compiles a message its catalogue holds as text at every call (English messages are passed
 * as text): each one is compiled once here and kept, as the browser's are at build. They are the
 * catalogues' messages, a few hundred; the bound only guards against a caller passing other text.
 */
const compiled = new Map<string, ReturnType<typeof compileMessage>>();
const MAX_COMPILED = 5_000;
function compiledOnce(message: string): ReturnType<typeof compileMessage> {
  let known = compiled.get(message);
  if (known === undefined) {
    known = compileMessage(message);
    if (compiled.size < MAX_COMPILED) compiled.set(message, known);
  }
  return known;
}

// Whatever Node entry reaches the server's modules (the server, the CLI, the seeds) has them compiled.
setUpLanguages();

/** The language an API call names (x-language: ur from an Urdu page); English otherwise. */
export function languageOfRequest(headers: IncomingHttpHeaders): Language {
  const value = headers[LANGUAGE_HEADER];
  return isLanguage(value) ? value : 'en';
}
