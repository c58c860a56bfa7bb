// `npm run admin|backup|restore|migrate-data|copy-uploads -- ...`: runs a command-line tool with plain Node. In a checkout with
// sources and dev dependencies it runs the TypeScript source (through tsx), so it never runs a stale
// build; in the production image (no src/, no tsx) it runs the compiled dist/server/cli/<tool>.js.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { requireNode24 } from './node-version.mjs';

requireNode24();
const TOOLS = ['admin', 'backup', 'restore', 'migrate-data', 'copy-uploads'];
const [tool, ...args] = process.argv.slice(2);
if (!TOOLS.includes(tool)) {
  console.error(`Usage: node scripts/cli.mjs ${TOOLS.join('|')} [arguments]`);
  process.exit(2);
}

const source = path.resolve('src/server/cli', `${tool}.ts`);
const built = path.resolve('dist/server/cli', `${tool}.js`);

async function withSources() {
  if (!fs.existsSync(source)) return false;
  try {
    const { register } = await import('tsx/esm/api');
    register();
    return true;
  } catch {
    return false; // tsx is a dev dependency: absent after `npm ci --omit=dev`
  }
}

const file = (await withSources()) ? source : built;
if (!fs.existsSync(file)) {
  console.error(`${path.relative(process.cwd(), built)} is missing: run "npm run build" first.`);
  process.exit(1);
}
// The tool reads its arguments from process.argv as if Node had started it directly.
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
