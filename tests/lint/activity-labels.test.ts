import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import admin from '../../src/client/i18n/catalogues/en/admin';

// Every action a service records in the activity log (`action: 'thing.verb'`) reads as words on
// /admin/activity (src/client/pages/admin/activity.tsx, labels in the admin catalogue), not as its code.
function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

it('has a label for every action the server records', () => {
  const recorded = new Set<string>();
  for (const file of serverFiles('src/server')) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/\baction: '([a-z_]+\.[a-z_]+)'/g)) recorded.add(match[1]!);
    // An action chosen among several (`const action = ... ? 'page.published' : 'page.unpublished'`).
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/\bconst action = ([^;]+);/g)) for (const name of match[1]!.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) recorded.add(name[1]!);
  }
  expect(recorded.size).toBeGreaterThan(20);
  const labels = admin as Record<string, string>;
  const page = fs.readFileSync('src/client/pages/admin/activity.tsx', 'utf8');
  expect([...recorded].filter((action) => !labels[`admin.activity.action.${action}`] || !page.includes(`'${action}':`)).sort()).toEqual([]);
});
