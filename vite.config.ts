import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: {
    // BUILD_DIR lets a second build (e.g. a parallel test run) live beside dist/.
    outDir: `${process.env.BUILD_DIR ?? 'dist'}/client`,
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    // `npm run dev`: the Vite dev server in front of the API server. The Host stays the page's own
    // (localhost:5173), so the server's cross-site check and Auth.js's URLs see the origin the browser uses.
    proxy: Object.fromEntries(['/api', '^/auth/.*', '/uploads', '/healthz'].map((path) => [path, { target: api, changeOrigin: false }])),
  },
});
