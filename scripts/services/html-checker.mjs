// The W3C's Nu HTML Checker (the validator behind validator.w3.org/nu), from the npm package vnu-jar,
// run on Debian's Java (openjdk-17-jre-headless, installed with apt when missing: the package's own
// downloader would fetch a JDK from the internet, which is not reachable here). Used by the browser
// tests on the server-rendered pages (tests/e2e/marketplace-pages.spec.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackages } from './apt.mjs';

const JAR = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');
const javaWorks = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

/**
 * Checks each document (`name` → its HTML) and answers the checker's errors (warnings and notes left
 * out), each as "name:line: message". Throws a clear error when Java cannot be had.
 */
export function checkHtml(documents) {
  ensureDebianPackages(['openjdk-17-jre-headless'], javaWorks, 'Java (for the W3C HTML checker)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'html-check-'));
  try {
    const files = Object.entries(documents).map(([name, html], i) => {
      const file = path.join(dir, `${i}-${name.replace(/[^a-z0-9]+/gi, '_')}.html`);
      fs.writeFileSync(file, html);
      return { name, file };
    });
    const output = execFileSync('java', ['-jar', JAR, '--format', 'json', '--errors-only', '--exit-zero-always', '--stdout', ...files.map((f) => f.file)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const { messages } = JSON.parse(output);
    return messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => `${files.find((f) => m.url?.endsWith(path.basename(f.file)))?.name ?? m.url}:${m.lastLine ?? '?'}: ${m.message}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
