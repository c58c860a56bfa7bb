// `npm test`: type check, lint (import boundaries, no import circle, no file over 500 lines), dead code
// (knip), unit and integration tests (vitest, with the docs checks: docs/configuration.md against
// env.ts, every docs link; then the server's tests again on PostgreSQL, and the HTTP tests with the caches at 0), a production build, then browser tests
// (Playwright in Debian's Chromium, installed with apt when missing). Ends with one plain line
// "N passed, N failed" adding up both vitest runs and Playwright, so a run with no tests cannot pass
// unnoticed; a failed step (lint and knip included) fails the run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { engineDependentTests } from './engine-tests.mjs';
import { DEBIAN_CHROMIUM, ensureChromium } from './services/chromium.mjs';

const results = '.test-results';
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

let failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

/**
 * Debian's Chromium for the browser tests, installed when missing (scripts/services/chromium.mjs). Its
 * version is printed: a browser test can pass or fail with it (pwa.spec.ts's offline test fails in 150, passes in 156).
 */
function chromiumReady() {
  try {
    ensureChromium(DEBIAN_CHROMIUM);
    const version = spawnSync(DEBIAN_CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout?.trim();
    console.log(`\n=== browser: ${version || `${DEBIAN_CHROMIUM} (its version unknown)`}`);
    return true;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return false;
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
run('lint', 'npm', ['run', '--silent', 'lint']);
run('knip', 'npm', ['run', '--silent', 'knip']);
run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`]);
// The server tests again on a throw-away PostgreSQL cluster (tests/setup/global-setup.ts): those that
// depend on the engine (scripts/engine-tests.mjs; the others, some 25 files, run the same on both and
// ran above), with the tests of the migrations written since PostgreSQL came (2026_11_25): the earlier
// ones read SQLite's own catalogue (pragma, sqlite_master), and postgres-schema.test.ts builds every
// migration on both.
const bothEngineMigrationTests = fs
  .readdirSync('db/migrations')
  .filter((name) => /^\d{4}_\d{2}_\d{2}_\d{6}_.*\.test\.ts$/.test(name) && name >= '2026_11_25')
  .map((name) => `db/migrations/${name}`);
run('vitest (PostgreSQL)', 'npx', ['vitest', 'run', ...engineDependentTests('src/server'), ...bothEngineMigrationTests, '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest-postgres.json`], {
  TEST_DATABASE: 'postgres',
});
// The HTTP tests again with the public and session caches at 0 (issue 22: correct with every cache off).
run('vitest (caches off)', 'npm', ['run', '--silent', 'test:caches-off', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest-caches-off.json`]);
const built = run('build', 'npm', ['run', 'build']);
const chromium = chromiumReady();
if (!chromium) failedSteps.push('chromium install');
else if (built) run('playwright', 'npx', ['playwright', 'test'], { E2E_REPORT: `${results}/playwright.json` });
// The core flows again through nginx round robin in front of two instances on one PostgreSQL and one
// S3 bucket, all throw-away services on loopback (playwright.scale.config.ts, issue 12).
if (built && chromium) {
  run('playwright (scaled out)', 'npx', ['playwright', 'test', '-c', 'playwright.scale.config.ts'], { E2E_REPORT: `${results}/playwright-scale.json` });
}

const vitest = readJson(`${results}/vitest.json`);
const vitestPostgres = readJson(`${results}/vitest-postgres.json`);
const vitestCachesOff = readJson(`${results}/vitest-caches-off.json`);
const playwright = readJson(`${results}/playwright.json`);
const scale = readJson(`${results}/playwright-scale.json`);
const passed = (vitest?.numPassedTests ?? 0) + (vitestPostgres?.numPassedTests ?? 0) + (vitestCachesOff?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0) + (scale?.stats?.expected ?? 0) + (scale?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (vitestPostgres?.numFailedTests ?? 0) + (vitestCachesOff?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (scale?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (vitestPostgres?.numPendingTests ?? 0) + (vitestPostgres?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0) + (scale?.stats?.skipped ?? 0);

if (!vitest) failedSteps.push('vitest report missing');
if (!vitestPostgres) failedSteps.push('vitest (PostgreSQL) report missing');
if (!vitestCachesOff) failedSteps.push('vitest (caches off) report missing');
if (!playwright) failedSteps.push('playwright report missing');
if (!scale) failedSteps.push('playwright (scaled out) report missing');
if (failedSteps.length) console.log(`\nFailed steps: ${[...new Set(failedSteps)].join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length || failed || passed === 0 ? 1 : 0);
