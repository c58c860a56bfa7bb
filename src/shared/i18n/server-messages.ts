import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { colorNamesIn } from '../colors';
import type { Language } from './language';
import { type Catalogue, type Localize, translate } from './translator';

/**
 * The server's messages (its refusals and the schemas' validation messages) are English sentences
 * where they are written, as the API always answered. Each one is also a message of the `errors`
 * catalogue, whose placeholders (`{name}`) stand for the parts that vary; this finds which message an
 * English text is and says it in another language. The server does it for a request in Urdu
 * (trpc/init.ts), the browser for the schemas' messages it checks itself. A text no message matches
 * stays as it is. errors.catalogue.test.ts checks every message the code writes has its entry.
 */

type Token = string | [string, ...unknown[]];

function tokensOf(message: string | CompiledMessage): Token[] {
  if (Array.isArray(message)) return message as Token[];
  const tokens: Token[] = [];
  let last = 0;
  for (const match of message.matchAll(/\{(\w+)\}/g)) {
    tokens.push(message.slice(last, match.index), [match[1]!]);
    last = match.index + match[0].length;
  }
  tokens.push(message.slice(last));
  return tokens.filter((token) => token !== '');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Matcher {
  key: string;
  pattern: RegExp;
  names: string[];
}

function matcherOf(key: string, message: string | CompiledMessage): Matcher {
  const names: string[] = [];
  const source = tokensOf(message)
    .map((token) => {
      if (typeof token === 'string') return escape(token);
      names.push(token[0]);
      return '([\\s\\S]+?)';
    })
    .join('');
  return { key, pattern: new RegExp(`^${source}$`), names };
}

/** A localizer of the English messages of `errors` (compiled or not) into a language. */
export function createLocalizer(language: Language, errors: Catalogue): Localize {
  if (language === 'en') return (message) => message;
  // Exact texts first (most messages), then the patterns, the longest first: the most specific wins.
  const exact = new Map<string, string>();
  const patterns: Matcher[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const matcher = matcherOf(key, message);
    if (matcher.names.length === 0) exact.set(tokensOf(message).join(''), key);
    else patterns.push(matcher);
  }
  patterns.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  // A variant or a colour is quoted by its English name ("Red / M"): said in the language too.
  const valueOf = (name: string, text: string) => (name === 'variant' || name === 'color' ? colorNamesIn(text, language) : text);
  return (message) => {
    const key = exact.get(message);
    if (key) return translate(language, errors, key);
    for (const { key: patternKey, pattern, names } of patterns) {
      const match = pattern.exec(message);
      if (match) return translate(language, errors, patternKey, Object.fromEntries(names.map((name, i) => [name, valueOf(name, match[i + 1]!)])));
    }
    return message;
  };
}
