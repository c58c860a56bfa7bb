// Types of engine-tests.mjs for the TypeScript files that import it.

/** The `*.test.ts` files under `dir` (relative paths, sorted) that depend on the database engine. */
export function engineDependentTests(dir: string): string[];
