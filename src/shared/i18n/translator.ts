import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { formatNumber } from './numbers';
import type { Language } from './language';
import { CATEGORY, COUNT, EXACT, pluralsAsSelects } from './plural-selects';

/**
 * The plumbing of every translated text, client and server: Lingui's runtime (ICU messages: `{name}`
 * placeholders and `{count, plural, one {…} other {…}}`), one instance per language so concurrent
 * server renders in both languages never share a locale.
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

const instances: Record<Language, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en: {} } }),
  ur: setupI18n({ locale: 'ur', messages: { ur: {} } }),
};

/** Adds a language's translations (Urdu's chunk, once loaded). */
export function loadMessages(language: Language, messages: Catalogue): void {
  instances[language].load(language, messages as unknown as Messages);
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
  return language === 'en' || Object.keys(instances[language].messages).length > 0;
}

/** Lets uncompiled catalogues be read (the server and tests, which Vite does not build). */
export function enableRuntimeCompilation(compile: (message: string) => unknown): void {
  // Once per compiled message (languages.ts compiles each text once): its plurals as selects, as Vite's are.
  const written = new WeakMap<object, unknown>();
  const compileWritten = (message: string) => {
    const compiled = compile(message);
    if (typeof compiled !== 'object' || compiled === null) return compiled;
    if (!written.has(compiled)) written.set(compiled, pluralsAsSelects(compiled));
    return written.get(compiled);
  };
  for (const instance of Object.values(instances)) instance.setMessagesCompiler(compileWritten as never);
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
  const instance = instances[language];
  let given: Record<string, unknown> | undefined = values;
  if (values) {
    const names = namesOf(language === 'ur' ? ((instance.messages[key] as unknown) ?? message) : message);
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
  return instance._({ id: key, message, values: given });
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
