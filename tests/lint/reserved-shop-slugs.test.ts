import fs from 'node:fs';
import { expect, it } from 'vitest';
import { isReservedShopSlug } from '../../src/shared/slug';

// A shop whose slug is a word of the shopkeeper's own routes (/shop/staff, /shop/billing...) would lose
// its storefront (/shop/{slug}) to that screen: every such word must be reserved (shared/slug.ts).
it("reserves every word of the shopkeeper's own routes (/shop/{word})", () => {
  const routes = fs.readFileSync(new URL('../../src/client/routes.tsx', import.meta.url), 'utf8');
  const words = [...routes.matchAll(/path: '\/shop\/([a-z-]+)'/g)].map((m) => m[1]!);
  expect(words.length).toBeGreaterThan(8);
  expect(words.filter((word) => !isReservedShopSlug(word))).toEqual([]);
});
