import { formatNumber } from './numbers';
import type { Language } from './language';
import { CATEGORY, COUNT, EXACT, pluralsAsSelects } from './plural-selects';

/**
 * The plumbing of every translated text, client and server: ICU messages (`{name}` placeholders,
 * `{status, select, …}` and `{count, plural, one {…} other {…}}`) compiled by Lingui's compiler into its
 * tokens, plurals written as selects (plural-selects.ts), and read here by `render`: a text, a
 * placeholder or a select is all a compiled catalogue holds, so the browser needs none of Lingui's
 * runtime (about 4 KB of every page's first script). tests/i18n/plurals.test.ts reads every message of
 * every catalogue, in both languages, against Lingui's own runtime.
 *
 * A catalogue is a module of one namespace: `catalogues/en/<ns>.ts` exports its English messages by
 * key (the keys are the type: a missing or misspelt key is a type error), `catalogues/ur/<ns>.ts` the
 * same keys in Urdu (`satisfies Translations<typeof en>`: a key missing or extra in Urdu is a type
 * error too). English travels with the code that shows it; Urdu arrives as one chunk, only on Urdu
 * pages (client/i18n/urdu.ts). Vite compiles every catalogue at build time (scripts/vite-catalogues.mjs);
 * the server compiles at start (enableRuntimeCompilation).
 */
export type Catalogue = Readonly<Record<string, string>>;

/** The Urdu of a namespace: exactly its English keys. */
export type Translations<T extends Catalogue> = { readonly [K in keyof T]: string };

/** Values of a message's placeholders. Numbers are formatted by the message's language. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** Each language's translations, by key (English has none: its catalogues carry their own text). */
const translations: Record<Language, Record<string, unknown>> = { en: {}, ur: {} };

/** Adds a language's translations (Urdu's chunk, once loaded). */
export function loadMessages(language: Language, messages: Catalogue): void {
  Object.assign(translations[language], messages);
}

const pluralRules: Partial<Record<Language, Intl.PluralRules>> = {};

/** The values a plural written as selects reads (plural-selects.ts) for a number given as `name`. */
function countValues(name: string, value: number, language: Language, into: Record<string, unknown>): void {
  const rules = (pluralRules[language] ??= new Intl.PluralRules(language));
  into[name + COUNT] = formatNumber(value, language);
  into[name + EXACT] = String(value);
  into[name + CATEGORY] = rules.select(value);
}

/** Whether a language's translations are here (English always is: it is the catalogues' own text). */
export function hasMessages(language: Language): boolean {
  return language === 'en' || Object.keys(translations[language]).length > 0;
}

/** How a message held as text is compiled; without one (a test of a screen), the text is read as it is. */
let compileText: ((message: string) => unknown) | undefined;

/** Lets uncompiled catalogues be read (the server and tests, which Vite does not build). */
export function enableRuntimeCompilation(compile: (message: string) => unknown): void {
  // Once per compiled message (languages.ts compiles each text once): its plurals as selects, as Vite's are.
  const written = new WeakMap<object, unknown>();
  compileText = (message: string) => {
    const compiled = compile(message);
    if (typeof compiled !== 'object' || compiled === null) return compiled;
    if (!written.has(compiled)) written.set(compiled, pluralsAsSelects(compiled));
    return written.get(compiled);
  };
}

type Values = Readonly<Record<string, unknown>>;

/**
 * A compiled message with its values: Lingui's tokens, read as its runtime reads them (a missing value
 * writes nothing; a select without the value's case takes `other`). pluralsAsSelects leaves no other kind.
 */
function render(message: unknown, values: Values): string {
  if (typeof message === 'string') return message;
  if (!Array.isArray(message)) return message == null ? '' : String(message);
  let text = '';
  for (const token of message as unknown[]) {
    if (typeof token === 'string') {
      text += token;
      continue;
    }
    const [name, type, cases] = token as [string, string | undefined, Record<string, unknown> | undefined];
    const value = values[name];
    if (type === undefined) text += value == null ? '' : String(value);
    else if (type === 'select' && cases) text += render(cases[String(value)] ?? cases.other, values);
    else throw new Error(`A message's {${name}, ${type}} cannot be read: only placeholders, selects and plurals are supported`);
  }
  return text;
}

/** First-strong isolate … pop directional isolate: a value keeps its own direction inside the sentence. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * A catalogue's message in a language: the translation, or the English the catalogue carries. In a
 * right-to-left language each text value is set apart as an isolate, as <bdi> does in markup: a price
 * ("Rs 1,500"), a name written in English or an order number reads in its own direction inside the
 * Urdu sentence instead of being reordered by it.
 */
export function translate<T extends Catalogue>(language: Language, catalogue: T, key: keyof T & string, values?: MessageValues): string {
  const message = catalogue[key];
  // English text with nothing to fill in is the catalogue's own (compiled or not): no runtime needed.
  if (language === 'en' && typeof message === 'string' && !message.includes('{')) return message;
  // As Lingui did: the language's translation, else the catalogue's English.
  const written = (language === 'ur' && translations.ur[key]) || message;
  let given: Record<string, unknown> | undefined = values;
  if (values) {
    const names = namesOf(written);
    if (language === 'ur' || names.counts.size > 0) {
      given = {};
      for (const [name, value] of Object.entries(values)) {
        // A value that chooses a case (select, plural) is a key, not text: it stays as it is.
        given[name] = language === 'ur' && typeof value === 'string' && !names.choices.has(name) ? isolate(value) : value;
        // A plural's count, given as a number or as text ("3"), chooses and reads as Lingui's plural did.
        if (names.counts.has(name)) countValues(name, Number(value), language, given);
      }
    }
  }
  const compiled = typeof written === 'string' && compileText ? compileText(written) : written;
  return render(compiled, given ?? {});
}

interface MessageNames {
  /** Placeholders that choose among cases: `{status, select, …}`, `{count, plural, …}`. */
  choices: Set<string>;
  /** Placeholders whose plural is written as selects (plural-selects.ts): translate fills their values. */
  counts: Set<string>;
}

/** Each message's placeholder names, found once: a page translates the same messages again and again. */
const namesOfMessage = new Map<unknown, MessageNames>();

/** The placeholder names of a message, as written or compiled. */
function namesOf(message: unknown): MessageNames {
  let names = namesOfMessage.get(message);
  if (!names) {
    names = findNames(message);
    namesOfMessage.set(message, names);
  }
  return names;
}

function findNames(message: unknown): MessageNames {
  const names: MessageNames = { choices: new Set(), counts: new Set() };
  if (typeof message === 'string') {
    // As written, a plural becomes selects when it is compiled (enableRuntimeCompilation).
    for (const [, name, type] of message.matchAll(/\{\s*(\w+)\s*,\s*(select|plural|selectordinal)\s*,/g)) {
      names.choices.add(name!);
      if (type === 'plural') names.counts.add(name!);
    }
    return names;
  }
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      if (token[1] === 'select' || token[1] === 'plural' || token[1] === 'selectordinal') {
        // A plural written as selects names them after its value (plural-selects.ts): `count#category` is `count`'s.
        const [name = '', written] = String(token[0]).split('#');
        names.choices.add(name);
        if (written !== undefined) names.counts.add(name);
      }
      if (token[2] && typeof token[2] === 'object') for (const value of Object.values(token[2] as object)) walk(value);
    }
  };
  walk(message);
  return names;
}

/** `translate` bound to a language and a catalogue, as screens and mappers use it. */
export type Translate<T extends Catalogue> = (key: keyof T & string, values?: MessageValues) => string;

export function translator<T extends Catalogue>(language: Language, catalogue: T): Translate<T> {
  return (key, values) => translate(language, catalogue, key, values);
}

/**
 * Reading the server's messages in a language (server-messages.ts makes a localizer from the `errors`
 * catalogue; it is registered once that language is loaded, so English pages never carry it).
 */
export type Localize = (message: string) => string;

const localizers: Partial<Record<Language, Localize>> = {};

/** Registers a language's localizer, once its translations are loaded. */
export function setLocalizer(language: Language, localize: Localize): void {
  localizers[language] = localize;
}

/** A server or schema message in a language (as it stands when that language has no localizer yet). */
export function localizeMessage(language: Language, message: string): string {
  return localizers[language]?.(message) ?? message;
}
