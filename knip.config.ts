import type { KnipConfig } from 'knip';

// Dead code: unused files, exports, types and dependencies. Knip's own plugins add the entries named
// by package.json scripts, index.html (src/client/main.tsx), and the vite, vitest and Playwright configs.
const config: KnipConfig = {
  entry: [
    'src/server/index.ts',
    'src/server/cli/*.ts',
    // Migrations are read through src/server/db/migrate.ts's record of whole modules (up/down).
    'db/migrations/*.ts',
    'scripts/*.mjs',
    // The server's page renderer: scripts/build-server.mjs has Vite build it, src/server/http/pages.ts loads it.
    'src/client/entry-server.tsx',
    // loadUrduFont(): the i18n code imports it dynamically on Urdu pages; an entry until that code lands.
  ],
  project: ['src/**/*.{ts,tsx}', 'db/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.mjs'],
  // An export used in its own file is not dead code; one that nothing uses at all is.
  ignoreExportsUsedInFile: true,
  // The pinned Node 24 runtime: no file imports it, `npm run` and `npx` put its binary first on PATH.
  // vnu-jar is a Java archive, run by path (scripts/services/html-checker.mjs), never imported.
  ignoreDependencies: ['node', 'vnu-jar'],
};

export default config;
