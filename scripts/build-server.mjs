// After `vite build` (the client): builds the server's renderer of the public pages into
// dist/ssr/entry-server.js (Vite, every package inside) with the client's manifest beside it, bundles
// the server into dist/server/index.js and the command-line tools into dist/server/cli/*.js
// (dependencies stay external; the production image runs them with plain Node, without tsx), and
// precompresses the client's text assets so the server can send .br/.gz files without compressing on
// every request.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build as viteBuild } from 'vite';

const out = process.env.BUILD_DIR ?? 'dist';

// A server-only build (the image layout test) has no client, and so no pages to render.
const clientManifest = `${out}/client/.vite/manifest.json`;
if (fs.existsSync(clientManifest)) {
  await viteBuild({ build: { ssr: 'src/client/entry-server.tsx' }, logLevel: 'warn' });
  // Moved out of the served folder: the server reads it, browsers have no use for it.
  fs.renameSync(clientManifest, `${out}/ssr/client-manifest.json`);
  fs.rmSync(`${out}/client/.vite`, { recursive: true, force: true });
}

await build({
  entryPoints: {
    index: 'src/server/index.ts',
    'cli/admin': 'src/server/cli/admin.ts',
    'cli/backup': 'src/server/cli/backup.ts',
    'cli/restore': 'src/server/cli/restore.ts',
    'cli/migrate-data': 'src/server/cli/migrate-data.ts',
    'cli/copy-uploads': 'src/server/cli/copy-uploads.ts',
  },
  outdir: `${out}/server`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}
// A server-only build (the image layout test) has no client to compress.
for (const file of fs.existsSync(`${out}/client`) ? files(`${out}/client`) : []) {
  if (!COMPRESSIBLE.test(file)) continue;
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
}
fs.writeFileSync(`${out}/.build-stamp`, new Date().toISOString());
