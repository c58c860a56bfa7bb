import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogues, urduManifest } from './scripts/vite-catalogues.mjs';
import { publicChunks } from './scripts/vite-chunks.mjs';

const api = `http://localhost:${process.env.API_PORT ?? 3000}`;
// BUILD_DIR lets a second build (e.g. a parallel test run) live beside dist/.
const out = process.env.BUILD_DIR ?? 'dist';

export default defineConfig(({ isSsrBuild }) => {
  const chunks = publicChunks();
  return {
  // catalogues: translations compiled at build time (src/shared/i18n/translator.ts); urduManifest: the
  // Urdu app's manifest.
  plugins: [catalogues(), react(), vanillaExtractPlugin(), ...(isSsrBuild ? [] : [urduManifest(), ...chunks.plugins])],
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
        // Few files for a public page's first paint (scripts/vite-chunks.mjs).
        rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
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
};
});
