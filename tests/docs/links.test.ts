import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link and #anchor in the README, ARCHITECTURE.md, SECURITY.md and docs/*.md leads
 * somewhere: a file or folder of the repository, and a heading of a Markdown file as GitHub names
 * its anchor. A new page in docs/ is checked as soon as it exists, and must be in the README's table.
 */

const root = path.resolve(import.meta.dirname, '../..');
const pages = [
  'README.md',
  'ARCHITECTURE.md',
  'SECURITY.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Markdown without its fenced code blocks. */
const withoutFences = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/** The text outside code: fenced blocks and inline code spans name paths without linking them. */
const prose = (markdown: string) => withoutFences(markdown).replace(/`[^`\n]*`/g, '');

/** Link targets: [text](target), ![alt](target), [name]: target, <img src="target">, <a href="target">. */
function targets(markdown: string): string[] {
  const text = prose(markdown);
  return [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g)].map((m) => m[1]!),
  ];
}

/** The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces as hyphens, -1, -2... for repeats. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const repeats = seen.get(base) ?? 0;
    seen.set(base, repeats + 1);
    found.add(repeats === 0 ? base : `${base}-${repeats}`);
  }
  for (const [, id] of markdown.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) found.add(id!);
  return found;
}

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('documentation links', () => {
  it.each(pages)('every relative link in %s leads somewhere', (page) => {
    const broken = targets(read(page)).flatMap((target) => {
      if (/^[a-z][a-z\d+.-]*:/i.test(target)) return []; // https:, mailto:: not ours to check
      const [file = '', anchor] = target.split('#');
      const resolved = file ? path.join(path.dirname(page), decodeURI(file)) : page;
      if (!fs.existsSync(path.join(root, resolved))) return [`${target}: no ${resolved}`];
      if (anchor === undefined) return [];
      if (!resolved.endsWith('.md')) return [`${target}: an anchor into a file that is not Markdown`];
      return anchors(read(resolved)).has(decodeURIComponent(anchor)) ? [] : [`${target}: no heading "#${anchor}" in ${resolved}`];
    });
    expect(broken.join('\n')).toBe('');
  });

  it("lists every page of docs/ in the README's table", () => {
    const linked = new Set(targets(read('README.md')).map((target) => target.split('#')[0]));
    expect(pages.filter((page) => page.startsWith('docs/') && !linked.has(page))).toEqual([]);
  });
});
