import { compileMessage } from '@lingui/message-utils/compileMessage';
import { enableRuntimeCompilation } from '../../src/shared/i18n/translator';

// A test reads the catalogues as written (Vite compiles them for the browser, the server at start:
// src/server/i18n/languages.ts); they are compiled as the server compiles them.
enableRuntimeCompilation(compileMessage);
