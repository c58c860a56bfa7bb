import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/server-runtime.mjs';

/** V8's young generation in a process started with `flags`, in MB: what it holds before any load. */
function newSpaceMb(flags: string[]): number {
  const script = "console.log(require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size)";
  return Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' })) / 1024 / 1024;
}

describe("the server process's memory flags", () => {
  it("starts the young generation at its 8 MB, not at V8's smallest", () => {
    // Grown from 1 MB under the first load, the server often settled into promoting what each scavenge kept.
    expect(newSpaceMb([])).toBeLessThan(8);
    expect(newSpaceMb(serverNodeFlags({}, []))).toBe(8);
  });

  it('leaves both semi-space sizes to an operator who gives either, and keeps the others', () => {
    expect(serverNodeFlags({}, [])).toEqual(['--max-semi-space-size=8', '--min-semi-space-size=8', '--heap-growing-percent=50']);
    expect(serverNodeFlags({ NODE_OPTIONS: '--max-semi-space-size=4' }, [])).toEqual(['--heap-growing-percent=50']);
    expect(serverNodeFlags({}, ['--min-semi-space-size', '2'])).toEqual(['--heap-growing-percent=50']);
    expect(serverNodeFlags({ NODE_OPTIONS: '--heap-growing-percent=80 --trace-warnings' }, [])).toEqual(['--max-semi-space-size=8', '--min-semi-space-size=8']);
  });
});
