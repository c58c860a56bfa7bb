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
    // `npm run dev`: the Vite dev server in front of the API server.
    proxy: { '/api': api, '^/auth/.*': api, '/uploads': api, '/healthz': api },
  },
});
