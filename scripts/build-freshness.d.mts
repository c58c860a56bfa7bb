// Types of build-freshness.mjs for the TypeScript files that import it.

/** True when `build` has no build stamp or a source changed after it. */
export function buildIsOlderThanSources(build: string): boolean;
