import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { catalogues } from './scripts/vite-catalogues.mjs';
import head from './src/shared/i18n/catalogues/ur/head';
import site from './src/shared/i18n/catalogues/ur/site';

const api = `http://localhost:${process.env.API_PORT ?? 3000}`;
// BUILD_DIR lets a second build (e.g. a parallel test run) live beside dist/.
const out = process.env.BUILD_DIR ?? 'dist';

/**
 * The Urdu app's manifest (/ur/manifest.webmanifest, linked from Urdu pages): the English one
 * (public/manifest.webmanifest) with Urdu names, right to left, starting at /ur/browse, so a phone that
 * installs the marketplace from an Urdu page opens it in Urdu.
 */
function urduManifest(): Plugin {
  const source = () => {
    const english = JSON.parse(fs.readFileSync('public/manifest.webmanifest', 'utf8')) as Record<string, unknown>;
    const urdu = { ...english, name: site['site.name'], short_name: site['site.name'], description: head['head.defaultDescription'], lang: 'ur', dir: 'rtl', id: '/ur/browse', start_url: '/ur/browse' };
    return `${JSON.stringify(urdu, null, 2)}\n`;
  };
  return {
    name: 'urdu-manifest',
    configureServer(server) {
      server.middlewares.use('/ur/manifest.webmanifest', (_req, res) => res.setHeader('content-type', 'application/manifest+json').end(source()));
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'ur/manifest.webmanifest', source: source() });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // catalogues: translations compiled at build time (src/shared/i18n/translator.ts).
  plugins: [catalogues(), react(), vanillaExtractPlugin(), ...(isSsrBuild ? [] : [urduManifest()])],
  build: isSsrBuild
    ? {
        // The server's renderer of the public pages (scripts/build-server.mjs builds it from
        // src/client/entry-server.tsx), for the server's own Node.
        outDir: `${out}/ssr`,
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node24',
      }
    : {
        outDir: `${out}/client`,
        emptyOutDir: true,
        target: 'es2022',
        // Which files each screen needs: the server links a server-rendered screen's scripts and styles.
        manifest: true,
        // Every browser the app supports preloads modules itself: no polyfill in the first download.
        modulePreload: { polyfill: false },
      },
  // Every package goes inside the renderer (the production image installs no client packages), in
  // its production build only.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    // `npm run dev`: the Vite dev server in front of the API server. The Host stays the page's own
    // (localhost:5173), so the server's cross-site check and Auth.js's URLs see the origin the browser uses.
    proxy: Object.fromEntries(['/api', '^/auth/.*', '/uploads', '/healthz'].map((path) => [path, { target: api, changeOrigin: false }])),
  },
}));
