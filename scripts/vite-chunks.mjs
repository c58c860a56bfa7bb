// How the client's code is grouped into files (vite.config.ts): a server-rendered page's first paint
// needs few of them. Everything the entry loads is one file; the code the public pages share (their
// components, money, prices, the card) is a second; each public page's own code a third. Every other
// screen (the back office, the cart, sign-in) is left to Rolldown's automatic splitting, so none of
// it reaches a public page.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The screens the server renders (routes.tsx `ssr`): their code is grouped for the first paint. */
const PUBLIC_SCREENS = ['browse', 'shops', 'product', 'storefront'].map((name) => path.resolve(`src/client/pages/${name}.tsx`));
/** Urdu's chunk (client/i18n/urdu.ts), which an Urdu page loads beside the entry. */
const URDU = path.resolve('src/client/i18n/urdu.ts');

/**
 * lucide-react's index re-exports every icon: an import from it names the whole set as the importer's
 * dependencies, which would put icons of the back office in the public pages' group. Each import of
 * icons is rewritten to import their own modules (the same code; the index was tree-shaken anyway).
 */
function lucideIcons() {
  const index = createRequire(import.meta.url).resolve('lucide-react').replace(/dist[\\/]cjs[\\/]lucide-react\.js$/, 'dist/esm/lucide-react.mjs');
  const files = new Map();
  for (const [, names, file] of fs.readFileSync(index, 'utf8').matchAll(/export \{ ([^}]*) \} from '(\.\/icons\/[^']+)';/g)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) files.set(name, path.resolve(path.dirname(index), file));
  }
  if (files.size === 0) throw new Error(`no icons found in ${index}`);
  return {
    name: 'lucide-icon-imports',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]client[\\/].*\.tsx?$/.test(id) || !code.includes("from 'lucide-react'")) return null;
      return code.replace(/import \{([^}]*)\} from 'lucide-react';/g, (whole, list) => {
        const names = list.split(',').map((part) => part.trim()).filter(Boolean);
        const parsed = names.map((part) => /^(\w+)(?: as (\w+))?$/.exec(part));
        if (parsed.some((match) => !match || !files.has(match[1]))) return whole;
        return parsed.map(([, name, local]) => `import ${local ?? name} from ${JSON.stringify(files.get(name))};`).join(' ');
      });
    },
  };
}

/**
 * wouter reads the location through use-sync-external-store's shim, which is there for React before 18
 * and, with its CommonJS wrapper, adds half a KB gzip to every page: React 19's own hook does it.
 */
function reactSyncStore() {
  const id = '\0react-sync-external-store';
  return {
    name: 'react-sync-external-store',
    enforce: 'pre',
    resolveId: (source) => (source === 'use-sync-external-store/shim/index.js' ? id : null),
    load: (loaded) => (loaded === id ? "export { useSyncExternalStore } from 'react';" : null),
  };
}

/** Returns the plugins that find each public screen's static imports, and the groups that use them. */
export function publicChunks() {
  /** Module id -> the public screens whose static imports reach it. */
  const owners = new Map();
  /** Modules of one public screen that some other code imports too (Rolldown would give each a file). */
  const sharedOut = new Set();
  const plugin = {
    name: 'public-chunks',
    apply: 'build',
    buildEnd() {
      owners.clear();
      sharedOut.clear();
      for (const screen of [...PUBLIC_SCREENS, URDU]) {
        const seen = new Set();
        const walk = (id) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) walk(imported);
        };
        walk(screen);
        for (const id of seen) owners.set(id, [...(owners.get(id) ?? []), path.parse(screen).name]);
        for (const id of seen) {
          const info = this.getModuleInfo(id);
          if ([...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])].some((importer) => !seen.has(importer))) sharedOut.add(id);
        }
      }
    },
  };
  const owned = (id) => (PUBLIC_SCREENS.includes(id) ? [] : (owners.get(id) ?? []));
  const groups = [
    { name: 'app', tags: ['$initial'], priority: 3 },
    // What /browse (the busiest page) needs beyond the entry: most of what the others need too.
    { name: 'public', test: (id) => owned(id).includes('browse'), priority: 2 },
    // What the other public pages share (reviews, a shop's and a product's texts), and what one of
    // them shares with other screens (else a file of its own each: an icon, the colour names).
    // What Urdu's chunk shares with a product's page (the colour names): in 'pages', an Urdu /browse
    // would load that group too; in 'public', every English /browse.
    { name: 'colors', test: (id) => owned(id).includes('urdu') && owned(id).length > 1, priority: 1.5 },
    {
      name: 'pages',
      test: (id) => !owned(id).includes('urdu') && (owned(id).length > 1 || (owned(id).length === 1 && sharedOut.has(id))),
      priority: 1,
    },
  ];
  return { plugins: [lucideIcons(), reactSyncStore(), plugin], groups };
}
