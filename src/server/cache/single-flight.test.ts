import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('runs one computation for the callers that ask for a key meanwhile, and another once it settled', async () => {
    const flight = singleFlight<number>();
    let made = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const make = async () => {
      made += 1;
      await gate;
      return made;
    };
    const together = Array.from({ length: 20 }, () => flight('a', make));
    // Another key is its own computation.
    const other = flight('b', async () => 99);
    release();
    expect(await Promise.all(together)).toEqual(Array(20).fill(1));
    expect(await other).toBe(99);
    expect(made).toBe(1);
    expect(await flight('a', make)).toBe(2);
  });

  it('gives its failure to every caller who shared it, and starts afresh after', async () => {
    const flight = singleFlight<string>();
    const failure = new Error('the database went away');
    let calls = 0;
    const failing = async () => {
      calls += 1;
      await Promise.resolve();
      throw failure;
    };
    const results = await Promise.allSettled([flight('k', failing), flight('k', failing), flight('k', failing)]);
    expect(results.map((r) => (r.status === 'rejected' ? r.reason : r.value))).toEqual([failure, failure, failure]);
    expect(calls).toBe(1);
    expect(await flight('k', async () => 'fine')).toBe('fine');
  });
});
