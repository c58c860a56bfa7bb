// What the throw-away test services (postgres.mjs, s3.mjs, balancer.mjs) share: a free loopback
// port, a temporary folder, waiting for a child process to say it is ready, cleanup when the
// process exits or is interrupted, and the CLI's "start, print, wait for Ctrl-C" loop.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A TCP port free on 127.0.0.1 right now (the kernel picks it; a race with another process is possible). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on `port` of 127.0.0.1 (a service's readiness probe). */
export const canConnect = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Shared memory (tmpfs) for throw-away data when it has room for it: Linux's /dev/shm with 1 GiB free. */
const MEMORY_ROOT = '/dev/shm';
const MEMORY_ROOM = 1024 ** 3;

function memoryRoot() {
  try {
    const stats = fs.statfsSync(MEMORY_ROOT);
    fs.accessSync(MEMORY_ROOT, fs.constants.W_OK);
    return stats.bavail * stats.bsize >= MEMORY_ROOM ? MEMORY_ROOT : null;
  } catch {
    return null;
  }
}

/**
 * A new empty folder under the system's temporary folder, readable by other users (see `chownTo`).
 * `{ inMemory: true }`: in shared memory when there is room (see `memoryRoot`), for data that is thrown
 * away and written file by file: a test PostgreSQL's CREATE and DROP DATABASE took 520 ms on this
 * machine's disk and 40 ms in memory.
 * @param {string} prefix
 * @param {{ inMemory?: boolean }} [options]
 */
export function makeTempDir(prefix, { inMemory = false } = {}) {
  const root = (inMemory && memoryRoot()) || os.tmpdir();
  const dir = fs.mkdtempSync(path.join(root, `${prefix}-`));
  // mkdtemp makes it 0700; a service that drops root (postgres, nginx's workers) must reach inside.
  fs.chmodSync(dir, 0o755);
  return dir;
}

const cleanups = new Set();
let hooked = false;

function runCleanupsNow() {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // Best effort at exit: the other services still get their turn.
    }
  }
  cleanups.clear();
}

function onSignal(signal) {
  runCleanupsNow();
  process.off(signal, onSignal);
  // Another listener (a test runner's) decides what the signal does; with none, the default kills us.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/**
 * Runs `cleanup` (synchronous: it may run inside process.on('exit')) when the process exits or gets
 * SIGINT/SIGTERM/SIGHUP, unless the returned function is called first (the service stopped normally).
 * A SIGKILL leaves the service running: nothing can run then.
 */
export function cleanupAtExit(cleanup) {
  if (!hooked) {
    hooked = true;
    process.once('exit', runCleanupsNow);
    // Worker threads get no signals; process.on would throw there for none of these, so it is safe.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, onSignal);
  }
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/**
 * Spawns a long-running service and resolves once a line of its output matches `ready` (or
 * `probe()` resolves true), rejecting with the output so far when it exits first or `timeoutMs` passes.
 */
export function spawnService(command, args, { ready, probe, timeoutMs, name, ...options }) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let output = '';
  const collect = (chunk) => {
    output += chunk.toString();
    if (output.length > 64 * 1024) output = output.slice(-64 * 1024);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const started = new Promise((resolve, reject) => {
    const fail = (why) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`${name} ${why}\n--- its output ---\n${output.trim() || '(none)'}`));
    };
    // The caller stops the child: how (which signal) depends on the service.
    const timer = setTimeout(() => {
      fail(`was not ready after ${timeoutMs / 1000} s: ${[command, ...args].join(' ')}`);
    }, timeoutMs);
    child.on('error', (error) => fail(`could not start (${error.message}): ${command}`));
    child.on('exit', (code, signal) => fail(`exited before it was ready (${signal ?? `code ${code}`})`));
    let probing = false;
    const poll = probe
      ? setInterval(async () => {
          if (probing) return;
          probing = true;
          if (await probe().catch(() => false)) done();
          probing = false;
        }, 50)
      : undefined;
    const done = () => {
      clearTimeout(timer);
      clearInterval(poll);
      child.removeAllListeners('exit');
      resolve();
    };
    if (ready) {
      const check = () => {
        if (ready.test(output)) {
          child.stdout.off('data', check);
          child.stderr.off('data', check);
          done();
        }
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
    }
  });
  return { child, started, output: () => output };
}

/** Sends `signal`, then SIGKILL after `graceMs`; resolves when the child has exited. */
export function stopChild(child, signal = 'SIGTERM', graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

const running = (pid) => {
  try {
    // A child that exited stays a zombie until the event loop reaps it, which it cannot do in an exit hook.
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/**
 * For exit hooks, where nothing asynchronous runs: sends `signal` and blocks until the child has
 * exited (SIGKILL after `graceMs`), so its folder can be removed without the child writing into it.
 */
export function stopChildSync(child, signal, graceMs = 5000) {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const tick = new Int32Array(new SharedArrayBuffer(4));
  child.kill(signal);
  for (let waited = 0; running(child.pid); waited += 10) {
    if (waited === graceMs) child.kill('SIGKILL');
    if (waited > graceMs + 2000) return;
    Atomics.wait(tick, 0, 0, 10);
  }
}

/** Seconds since `started` (a Date.now()), rounded to 0.01 s, for the start times the services report. */
export const secondsSince = (started) => Math.round((Date.now() - started) / 10) / 100;

/**
 * The CLI's `start`: starts the service, prints `lines(service)` (KEY=value lines for a shell's
 * environment), then keeps it until SIGINT/SIGTERM and stops it cleanly.
 */
export async function serveUntilSignal(start, lines) {
  const service = await start();
  console.log(lines(service).join('\n'));
  // Here a signal means "stop gracefully", not the hard cleanup; the exit hook stays as a backstop.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(signal, onSignal);
  await new Promise((resolve) => {
    process.once('SIGHUP', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  // A second signal while stopping (npx forwards the terminal's Ctrl-C, so one often comes twice):
  // clean up at once instead of dying half-way.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      runCleanupsNow();
      process.exit(1);
    });
  }
  await service.stop();
}

/** Arguments `--name value` and `--flag` into an object (the CLIs take only a few). */
export function parseArgs(argv) {
  const [command, ...rest] = argv;
  const options = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument: ${arg}`);
    const next = rest[i + 1];
    if (next === undefined || next.startsWith('--')) options[arg.slice(2)] = true;
    else options[arg.slice(2)] = rest[++i];
  }
  return { command, options };
}

/**
 * Stops a service's process (when it started one) and removes its folder, then drops its exit-time
 * cleanup: the end of a normal `stop()`, and of a start that failed half-way.
 */
export async function stopAndRemove({ child, signal, graceMs, dir, forget }) {
  if (child) await stopChild(child, signal, graceMs);
  fs.rmSync(dir, { recursive: true, force: true });
  forget();
}

/**
 * A service script's command line: runs `commands[command](options, argv)`, or prints `help` (exit 0
 * when asked for, 1 for an unknown command); a failure prints its message and exits 1.
 */
export async function runCli(argv, help, commands) {
  try {
    const { command, options } = parseArgs(argv);
    const run = command === undefined ? undefined : commands[command];
    if (run) return await run(options, argv);
    console.log(help);
    process.exitCode = command === undefined || command === '--help' || command === 'help' ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
