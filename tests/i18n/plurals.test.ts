import fs from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { transform } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileCatalogueSource } from '../../scripts/vite-catalogues.mjs';
import { pluralsAsSelects } from '../../src/shared/i18n/plural-selects';
import { enableRuntimeCompilation, loadMessages, translate } from '../../src/shared/i18n/translator';

/**
 * Plurals are written without Intl.NumberFormat (src/shared/i18n/plural-selects.ts: a browser tab's first
 * one loads ICU's number data while the page hydrates). Every plural of every catalogue, in both languages,
 * compiled as Vite's plugin compiles it for the browser and as text as the server compiles it, must read
 * exactly as Lingui with Intl writes it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['src/client/i18n/catalogues', 'src/shared/i18n/catalogues'];
const COUNTS = [0, 1, 2, 3, 11, 21, 100, 1500, 1_234_567, 2.5];

async function messagesOf(file: string): Promise<Record<string, string>> {
  const { code } = await transform(fs.readFileSync(file, 'utf8'), { loader: 'ts', format: 'cjs' });
  const module = { exports: {} as { default?: Record<string, string> } };
  new Function('module', 'exports', 'require', code)(module, module.exports, () => ({}));
  return module.exports.default ?? {};
}

/** A namespace as written (the server compiles it) and as Vite's plugin hands it to the browser (typed as text, as translate takes it). */
const catalogues: { name: string; en: Record<string, string>; ur: Record<string, string>; compiled: { en: Record<string, string>; ur: Record<string, string> } }[] = [];
const compiled = async (file: string) => (await compileCatalogueSource(fs.readFileSync(file, 'utf8'), file)) as Record<string, string>;

beforeAll(async () => {
  for (const folder of FOLDERS) {
    for (const file of fs.readdirSync(path.join(ROOT, folder, 'en'))) {
      const ur = path.join(ROOT, folder, 'ur', file);
      if (!fs.existsSync(ur)) continue;
      const en = path.join(ROOT, folder, 'en', file);
      catalogues.push({ name: `${folder}/${file}`, en: await messagesOf(en), ur: await messagesOf(ur), compiled: { en: await compiled(en), ur: await compiled(ur) } });
    }
  }
});

/** Lingui's own runtime, formatting counts with Intl: what the catalogues read before translator.ts read them itself. */
function reference(language: 'en' | 'ur', text: string, values: Record<string, number | string>): string {
  const i18n = setupI18n({ locale: language, messages: { [language]: { message: compileMessageOrThrow(text) } } });
  return i18n._({ id: 'message', values });
}

/** Each placeholder given a number (a select then reads its "other" case in both). */
const valuesOf = (text: string, count: number) => Object.fromEntries([...text.matchAll(/\{\s*(\w+)/g)].map(([, name]) => [name, count]));

describe('plurals without Intl.NumberFormat', () => {
  it('read as Lingui with Intl wrote them: every plural, both languages, compiled and as text', () => {
    enableRuntimeCompilation(compileMessageOrThrow);
    const differ: string[] = [];
    let plurals = 0;
    for (const form of ['compiled', 'text'] as const) {
      for (const { name, en, ur, compiled: built } of catalogues) {
        loadMessages('ur', form === 'compiled' ? built.ur : ur);
        const english = form === 'compiled' ? built.en : en;
        for (const [key, text] of Object.entries(en)) {
          if (!text.includes(', plural,')) continue;
          plurals += 1;
          for (const count of COUNTS) {
            for (const language of ['en', 'ur'] as const) {
              const values = valuesOf(language === 'en' ? text : ur[key]!, count);
              const ours = translate(language, english, key, values);
              const theirs = reference(language, language === 'en' ? text : ur[key]!, values);
              if (ours !== theirs) differ.push(`${form} ${name} ${key} (${language}, ${count}): ${JSON.stringify(ours)} against ${JSON.stringify(theirs)}`);
            }
          }
        }
      }
    }
    expect(plurals).toBeGreaterThan(40);
    // A count given as text chooses and reads as the number did.
    for (const language of ['en', 'ur'] as const) {
      const { en, ur } = catalogues.find(({ en }) => en['cart.units'])!;
      const text = language === 'en' ? en['cart.units']! : ur['cart.units']!;
      expect(translate(language, en, 'cart.units', { count: '1500' })).toBe(reference(language, text, { count: 1500 }));
      expect(translate(language, en, 'cart.units', { count: '1' })).toBe(reference(language, text, { count: 1 }));
    }
    expect(differ).toEqual([]);
  });

  it("read as Lingui's runtime read them: every message of every catalogue, both languages, compiled and as text", () => {
    enableRuntimeCompilation(compileMessageOrThrow);
    const differ: string[] = [];
    let messages = 0;
    // Each placeholder a text (a select's value names no case, so "other"), then a select's first case.
    const textValues = (text: string) => Object.fromEntries([...text.matchAll(/\{\s*(\w+)/g)].map(([, name]) => [name, `<${name}>`]));
    const firstCases = (text: string) => Object.fromEntries([...text.matchAll(/\{\s*(\w+)\s*,\s*select\s*,\s*(\w+)/g)].map(([, name, value]) => [name, value]));
    for (const form of ['compiled', 'text'] as const) {
      for (const { name, en, ur, compiled: built } of catalogues) {
        loadMessages('ur', form === 'compiled' ? built.ur : ur);
        const english = form === 'compiled' ? built.en : en;
        for (const [key, text] of Object.entries(en)) {
          if (text.includes(', plural,')) continue;
          messages += 1;
          for (const language of ['en', 'ur'] as const) {
            const written = language === 'en' ? text : ur[key]!;
            for (const values of [undefined, textValues(written), { ...textValues(written), ...firstCases(written) }]) {
              const ours = translate(language, english, key, values);
              // Lingui writes an Urdu value as it is; translate sets it apart as an isolate (FSI … PDI).
              const theirs = reference(language, written, values && language === 'ur' ? isolated(written, values) : (values ?? {}));
              if (ours !== theirs) differ.push(`${form} ${name} ${key} (${language}): ${JSON.stringify(ours)} against ${JSON.stringify(theirs)}`);
            }
          }
        }
      }
    }
    expect(messages).toBeGreaterThan(1000);
    expect(differ).toEqual([]);
  });

  it('a kind of message translate cannot read is refused when it is compiled', () => {
    for (const text of ['{n, selectordinal, one {#st} other {#th}}', '{n, plural, offset:1 one {#} other {#}}', '{n, number}', '{d, date}']) {
      expect(() => pluralsAsSelects(compileMessageOrThrow(text)), text).toThrow(/translator\.ts reads no other kind/);
    }
    expect(pluralsAsSelects(compileMessageOrThrow('{n, select, a {A {x}} other {B}}'))).toEqual(compileMessageOrThrow('{n, select, a {A {x}} other {B}}'));
  });
});

/** The values as translate gives them to an Urdu message: texts isolated, except those that choose a case. */
function isolated(text: string, values: Record<string, string>): Record<string, string> {
  const choices = new Set([...text.matchAll(/\{\s*(\w+)\s*,\s*(?:select|plural)/g)].map(([, name]) => name));
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, choices.has(name) ? value : `\u2068${value}\u2069`]));
}
