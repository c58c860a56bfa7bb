/** Runs `make` for `key` unless a run for that key is under way, whose promise it then returns. */
export type SingleFlight<T> = (key: string, make: () => Promise<T>) => Promise<T>;

/**
 * One computation per key at a time: a caller that asks for a key while its computation runs shares
 * that computation's promise (its answer or its failure) instead of starting another. Nothing is kept
 * once it settles; what to keep is the caller's cache's business. For answers made on a cache miss:
 * when an entry goes (a write, its age), every open connection misses at once.
 */
export function singleFlight<T>(): SingleFlight<T> {
  const running = new Map<string, Promise<T>>();
  return (key, make) => {
    const current = running.get(key);
    if (current) return current;
    const started = make().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
