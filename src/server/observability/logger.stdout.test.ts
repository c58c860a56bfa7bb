import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-logger-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/**
 * Runs `body` in a Node process of its own (through tsx, as `npm run dev` does) with the server's
 * logger as `log` and its stdout in a file, and returns the lines, the exit code, and how many
 * synchronous and asynchronous writes the process made (counted in the child, printed on stderr).
 */
function run(body: string): { lines: Record<string, unknown>[]; status: number | null; writes: { sync: number; async: number } } {
  const name = path.join(folder, Math.random().toString(36).slice(2));
  fs.writeFileSync(
    `${name}.mts`,
    `import fs from 'node:fs';
const writes = { sync: 0, async: 0 };
const { writeSync, write } = fs;
fs.writeSync = ((...args: Parameters<typeof writeSync>) => ((writes.sync += 1), writeSync(...args))) as typeof writeSync;
fs.write = ((...args: unknown[]) => ((writes.async += 1), (write as (...a: unknown[]) => void)(...args))) as typeof write;
process.on('exit', () => process.stderr.write('\\nwrites: ' + JSON.stringify(writes) + '\\n'));
const { createLogger } = await import(${JSON.stringify(logger)});
const log = createLogger({ level: 'info' });
${body}
`,
  );
  const stdout = fs.openSync(`${name}.out`, 'w');
  const child = spawnSync(process.execPath, ['--import', 'tsx', `${name}.mts`], { stdio: ['ignore', stdout, 'pipe'], encoding: 'utf8', timeout: 30_000 });
  fs.closeSync(stdout);
  const lines = fs.readFileSync(`${name}.out`, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
  const writes = /^writes: (.*)$/m.exec(child.stderr)?.[1];
  if (writes === undefined) throw new Error(`the child process failed: ${child.stderr}`);
  return { lines, status: child.status, writes: JSON.parse(writes) as { sync: number; async: number } };
}

describe("the server's log on stdout", () => {
  it("is written on the main thread in batches of about 4 KB, not once per line through the thread pool", () => {
    const { lines, status, writes } = run(`
for (let i = 0; i < 1000; i += 1) log.info({ reqId: 'r' + i, method: 'GET', path: '/browse', status: 200, durationMs: 0.4 }, 'request');
await new Promise((resolve) => setTimeout(resolve, 50));
`);
    expect(status).toBe(0);
    expect(lines.map((line) => line.reqId)).toEqual(Array.from({ length: 1000 }, (_, i) => `r${i}`));
    const bytes = lines.reduce((sum, line) => sum + JSON.stringify(line).length + 1, 0);
    expect(writes.async).toBe(0);
    expect(writes.sync).toBeGreaterThan(0);
    expect(writes.sync).toBeLessThanOrEqual(Math.ceil(bytes / 4096) + 2);
  });

  it('writes a lone line within a fraction of a second, with nothing logged after it', () => {
    const { lines, status } = run(`
log.info('alone');
await new Promise((resolve) => setTimeout(resolve, 1000));
log.info({ writtenBefore: fs.fstatSync(1).size }, 'a second later');
`);
    expect(status).toBe(0);
    const [alone, later] = lines;
    expect([alone?.msg, later?.msg]).toEqual(['alone', 'a second later']);
    expect(later?.writtenBefore).toBe(JSON.stringify(alone).length + 1);
  });

  it('writes every line gathered when the process exits, through process.exit or an uncaught exception', () => {
    const exited = run(`
for (let i = 0; i < 10; i += 1) log.info({ i }, 'before exit');
process.exit(0);
`);
    expect(exited.status).toBe(0);
    expect(exited.lines.map((line) => line.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const crashed = run(`
for (let i = 0; i < 10; i += 1) log.info({ i }, 'before the crash');
setTimeout(() => {
  throw new Error('boom');
});
`);
    expect(crashed.status).toBe(1);
    expect(crashed.lines.map((line) => line.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
