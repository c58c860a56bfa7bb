import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './env';

/**
 * docs/configuration.md against env.ts, so that the operator's table cannot drift: one row per
 * variable the server reads, with its default, and no row for anything else. A row is a table line
 * whose first cell is one `NAME`; its default cell is either `value` (read through that variable's own
 * schema, it gives the default) or starts with "unset" (the variable has none).
 */

const CONFIGURATION = path.resolve(import.meta.dirname, '../../docs/configuration.md');

function documentedRows(markdown: string): Array<{ name: string; fallback: string }> {
  return markdown.split('\n').flatMap((line) => {
    if (!line.startsWith('|')) return [];
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[1] ?? '')?.[1];
    return name ? [{ name, fallback: cells[2] ?? '' }] : [];
  });
}

const rows = documentedRows(fs.readFileSync(CONFIGURATION, 'utf8'));
const variables = Object.keys(envSchema.shape) as Array<keyof typeof envSchema.shape>;

describe('docs/configuration.md', () => {
  it('has one row for each variable env.ts reads, and none for anything else', () => {
    const names = rows.map((row) => row.name);
    const problems = [
      ...variables.filter((name) => !names.includes(name)).map((name) => `${name}: read by env.ts, missing from the docs`),
      ...names.filter((name) => !(variables as string[]).includes(name)).map((name) => `${name}: in the docs, not read by env.ts`),
      ...names.filter((name, i) => names.indexOf(name) !== i).map((name) => `${name}: documented twice`),
    ];
    expect(problems.join('\n')).toBe('');
  });

  it("gives each variable's default as env.ts has it", () => {
    const wrong = rows.flatMap(({ name, fallback }) => {
      const schema = envSchema.shape[name as keyof typeof envSchema.shape];
      if (!schema) return [];
      const actual: unknown = schema.parse(undefined);
      if (/^unset\b/.test(fallback)) return actual === undefined || actual === null ? [] : [`${name}: documented unset, defaults to ${JSON.stringify(actual)}`];
      const literal = /^`([^`]+)`/.exec(fallback)?.[1];
      if (literal === undefined) return [`${name}: the default cell must start with \`value\` or "unset", not "${fallback}"`];
      const read = schema.safeParse(literal);
      if (!read.success) return [`${name}: the documented default \`${literal}\` is not a valid value`];
      try {
        expect(read.data).toEqual(actual);
        return [];
      } catch {
        return [`${name}: documented \`${literal}\`, defaults to ${JSON.stringify(actual)}`];
      }
    });
    expect(wrong.join('\n')).toBe('');
  });
});
