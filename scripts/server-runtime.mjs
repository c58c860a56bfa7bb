// How the server process starts, the same for `npm start`, the container (both through start.mjs) and
// the bench (load-harness.mjs): memory settings that must be in place when a process starts.
// - V8's young generation: semi-spaces of at most 8 MB. On a machine with gigabytes of memory V8 lets
//   them grow to 32 MB and more, about 100 MB of heap for garbage that lives one request. Measured under
//   the bench's load (large seed): peak RSS 423 MB with V8's default, ~250 MB at 16 MB, 178-204 MB at
//   8 MB, with cached reads as fast and checkout still above 1,000 orders/s. They are 8 MB from the start
//   (--min-semi-space-size=8): grown from V8's 1 MB under the first load, the server often settled into
//   keeping ~1 MB alive at each scavenge and promoting it, and V8's helper threads spent 30-38 µs a
//   request on the old generation, a third of a cached page's CPU (8 runs of 10 on /browse; 0 of 7 from
//   8 MB, at the same peak RSS; docs/performance.md, "V8's young generation").
// - V8's old generation: it grows to 1.5 times what the last full collection kept
//   (--heap-growing-percent=50) instead of up to 4 times under a high allocation rate. Under the bench's
//   checkout (50 connections) the heap otherwise held 154-176 MB, nearly all of it garbage promoted
//   while checkouts wait on the group commit, for a live set of ~45 MB: checkout-only peak RSS 294 MB
//   with V8's default, 204 MB with 50, 223 MB with 100, orders/s the same within the machine's noise.
//   Unlike --max-old-space-size it sets no ceiling, so a large legitimate heap never ends in a crash.
// - glibc: 2 malloc arenas instead of up to 8 per core, so the threads (V8's helpers, libuv's pool,
//   sharp) do not each keep an arena of freed memory.
// An operator's own flags win (on node's command line; NODE_OPTIONS takes --max-semi-space-size but not
// --min-semi-space-size or --heap-growing-percent), and so does their MALLOC_ARENA_MAX. The two semi-space sizes go together:
// either one given leaves both to the operator (our 8 MB floor must not sit above their ceiling).

const FLAGS = ['--max-semi-space-size=8', '--min-semi-space-size=8', '--heap-growing-percent=50'];
const SEMI_SPACE = /^--(max|min)-semi-space-size\b/;

/** Node's command-line flags for the server process, given what it already has. */
export function serverNodeFlags(env = process.env, execArgv = []) {
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  const name = (flag) => flag.split('=')[0];
  const operatorSemiSpace = given.some((other) => SEMI_SPACE.test(other));
  return FLAGS.filter((flag) => !(SEMI_SPACE.test(flag) && operatorSemiSpace) && !given.some((other) => name(other) === name(flag)));
}

/** The server process's environment: `env` with the malloc setting. */
export function serverEnv(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
