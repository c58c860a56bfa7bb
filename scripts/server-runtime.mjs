// How the server process starts, the same for `npm start`, the container (both through start.mjs) and
// the bench (load-harness.mjs): memory settings that must be in place when a process starts.
// - V8's young generation: semi-spaces of at most 8 MB. On a machine with gigabytes of memory V8 lets
//   them grow to 32 MB and more, about 100 MB of heap for garbage that lives one request. Measured under
//   the bench's load (large seed): peak RSS 423 MB with V8's default, ~250 MB at 16 MB, 178-204 MB at
//   8 MB, with cached reads as fast and checkout still above 1,000 orders/s.
// - glibc: 2 malloc arenas instead of up to 8 per core, so the threads (V8's helpers, libuv's pool,
//   sharp) do not each keep an arena of freed memory.
// An operator's own NODE_OPTIONS (with --max-semi-space-size) or MALLOC_ARENA_MAX wins.

const SEMI_SPACE_FLAG = '--max-semi-space-size=8';

/** Node's command-line flags for the server process, given what it already has. */
export function serverNodeFlags(env = process.env, execArgv = []) {
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].some((flag) => flag.startsWith('--max-semi-space-size'));
  return given ? [] : [SEMI_SPACE_FLAG];
}

/** The server process's environment: `env` with the malloc setting. */
export function serverEnv(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
