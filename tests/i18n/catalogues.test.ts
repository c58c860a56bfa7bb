import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileCatalogueSource } from '../../scripts/vite-catalogues.mjs';

/**
 * The catalogues (issue 21, item 2): the same keys in English and Urdu, every message valid ICU with
 * the same placeholders in both, Urdu written in Urdu, and no key the code does not use. Read from
 * the files as Vite's plugin reads them (it compiles them for the browser).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['src/client/i18n/catalogues', 'src/shared/i18n/catalogues'];
/** Words Urdu text may keep in Latin letters: codes and patterns people type as they are (currency codes, a date's pattern, a hex colour, a link's example). */
const LATIN_ALLOWED = new Set<string>(['PKR', 'USD', 'YYYY', 'MM', 'DD', 'ff', 'product', 'example', 'http']);
/** Messages that are English on purpose: the language switch names English in English (marked lang="en"). */
const ENGLISH_ON_PURPOSE = new Set(['common.switchLanguage']);

interface Namespace {
  file: string;
  en: Record<string, string>;
  ur: Record<string, string>;
}

async function load(file: string): Promise<Record<string, string>> {
  const messages = await compileCatalogueSource(fs.readFileSync(file, 'utf8'), file);
  // compileCatalogueSource checks each message is a string and compiles; read the texts themselves back too.
  const { code } = await import('esbuild').then(({ transform }) => transform(fs.readFileSync(file, 'utf8'), { loader: 'ts', format: 'cjs' }));
  const module = { exports: {} as { default?: Record<string, string> } };
  new Function('module', 'exports', 'require', code)(module, module.exports, () => ({}));
  expect(Object.keys(messages)).toEqual(Object.keys(module.exports.default ?? {}));
  return module.exports.default ?? {};
}

async function namespaces(): Promise<Namespace[]> {
  const found: Namespace[] = [];
  for (const folder of FOLDERS) {
    for (const name of fs.readdirSync(path.join(ROOT, folder, 'en')).filter((f) => f.endsWith('.ts'))) {
      const file = path.join(folder, 'en', name);
      const urdu = path.join(ROOT, folder, 'ur', name);
      expect(fs.existsSync(urdu), `${file} has no Urdu beside it`).toBe(true);
      found.push({ file, en: await load(path.join(ROOT, file)), ur: await load(urdu) });
    }
  }
  return found;
}

/** The names of a message's placeholders, from its compiled form. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      names.add(String(token[0]));
      const cases = token[2];
      if (cases && typeof cases === 'object') for (const value of Object.values(cases)) walk(value);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

/** The words of a message as people read them: its literal text, without placeholders or ICU syntax. */
function literalText(message: string): string {
  const texts: string[] = [];
  const walk = (tokens: unknown) => {
    if (typeof tokens === 'string') return void texts.push(tokens);
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (typeof token === 'string') texts.push(token);
      else if (Array.isArray(token) && token[2] && typeof token[2] === 'object') for (const value of Object.values(token[2])) walk(value);
    }
  };
  walk(compileMessageOrThrow(message));
  return texts.join(' ');
}

/** Every source file of the app that is not a catalogue or a test: where keys must be used. */
function sources(dir = path.join(ROOT, 'src')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'catalogues' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the catalogues', () => {
  it('have the same keys in English and Urdu, each key once across every namespace', async () => {
    const seen = new Map<string, string>();
    for (const { file, en, ur } of await namespaces()) {
      expect(Object.keys(en).filter((key) => !(key in ur)), `${file}: missing in Urdu`).toEqual([]);
      expect(Object.keys(ur).filter((key) => !(key in en)), `${file}: missing in English`).toEqual([]);
      for (const key of Object.keys(en)) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${file}`).toBeUndefined();
        seen.set(key, file);
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('say the same placeholders in both languages, and Urdu in Urdu script', async () => {
    for (const { file, en, ur } of await namespaces()) {
      for (const [key, english] of Object.entries(en)) {
        const urdu = ur[key] ?? '';
        expect(placeholders(urdu), `${file}: ${key}`).toEqual(placeholders(english));
        if (ENGLISH_ON_PURPOSE.has(key)) continue;
        // Data set apart in isolates (U+2068…U+2069: an example path, a code) reads as it is.
        const words = literalText(urdu).replace(/\u2068[^\u2069]*\u2069/g, ' ').match(/[A-Za-z]{2,}/g) ?? [];
        expect(words.filter((word) => !LATIN_ALLOWED.has(word)), `${file}: ${key}: "${urdu}"`).toEqual([]);
      }
    }
  });

  it('hold no key the code does not use', async () => {
    const code = sources().map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    // The server's messages are found by their English text, not their keys: src/shared/i18n/errors.catalogue.test.ts checks those.
    const unused = (await namespaces())
      .filter(({ file }) => !file.endsWith('/errors.ts'))
      .flatMap(({ en }) => Object.keys(en)).filter((key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });
});

describe("Vite's catalogue plugin", () => {
  it('compiles the messages, plurals as selects, and refuses a malformed one or a catalogue that imports code', async () => {
    const compiled = await compileCatalogueSource(
      "export default { 'x.a': 'Hi {name}', 'x.b': '{count, plural, one {# item} other {# items}}', 'x.c': '{n, plural, =0 {none} other {# left}}' } as const;",
      'x.ts',
    );
    // A plural reads its case and its count's text from values translate fills (src/shared/i18n/plural-selects.ts).
    expect(compiled).toEqual({
      'x.a': ['Hi ', ['name']],
      'x.b': [['count#category', 'select', { one: [['count#count'], ' item'], other: [['count#count'], ' items'] }]],
      'x.c': [['n#exact', 'select', { 0: ['none'], other: [['n#category', 'select', { other: [['n#count'], ' left'] }]] }]],
    });
    await expect(compileCatalogueSource("export default { 'x.a': 'Hi {name' };", 'bad.ts')).rejects.toThrow(/bad\.ts: x\.a/);
    await expect(compileCatalogueSource("import x from './y'; export default { 'x.a': x };", 'imports.ts')).rejects.toThrow(/imports nothing/);
  });
});
