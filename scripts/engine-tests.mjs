// Which test files depend on the database engine: the ones `npm test` runs again on PostgreSQL.
// A test file depends on it when it, or a file it imports (relative imports, followed through the
// whole graph), reads the engine switch: vitest's inject() (testEngine, postgresTemplate) or
// TEST_DATABASE. The others (pure functions, the CSV and ZIP readers, the logger, a test that makes
// its own SQLite file or its own PostgreSQL cluster) run the same on both, so running them once is enough.
import fs from 'node:fs';
import path from 'node:path';

const READS_ENGINE = /\binject\(|\bTEST_DATABASE\b|\btestEngine\b|\bpostgresTemplate\b/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolveImport(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

/** True when `file` or anything it imports reads the engine switch, each file read once (`texts`). */
function readsEngine(file, texts) {
  const seen = new Set();
  const pending = [file];
  while (pending.length) {
    const next = pending.pop();
    if (seen.has(next)) continue;
    seen.add(next);
    if (!texts.has(next)) texts.set(next, fs.readFileSync(next, 'utf8'));
    const text = texts.get(next);
    if (READS_ENGINE.test(text)) return true;
    for (const match of text.matchAll(IMPORT)) {
      const imported = resolveImport(next, match[1]);
      if (imported) pending.push(imported);
    }
  }
  return false;
}

/** The `*.test.ts` files under `dir` (relative paths, sorted) that depend on the database engine. */
export function engineDependentTests(dir) {
  const texts = new Map();
  return fs
    .readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => readsEngine(path.resolve(file), texts))
    .sort();
}
