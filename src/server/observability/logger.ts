import { createRequire } from 'node:module';
import { type DestinationStream, type LevelWithSilent, type Logger, pino } from 'pino';

export type { Logger };

export interface LoggerOptions {
  level: LevelWithSilent;
  /** Human-readable lines through pino-pretty (development on a terminal); JSON lines otherwise. */
  pretty?: boolean;
  /** Where the lines go (tests capture them); stdout by default. */
  destination?: DestinationStream;
}

// pino-pretty is a dev dependency: the production image does not have it, and never needs it.
function prettyAvailable(): boolean {
  const require = createRequire(import.meta.url);
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * The lines are gathered and written 4 KB at a time, on the main thread, and whatever is gathered at
 * least every 200 ms; what is left is written when the process exits (a crash through an exception
 * included). Under load that is one write(2) per 15-20 requests, where an asynchronous write went
 * through libuv's thread pool once per turn of the event loop, and its wake-ups cost a cached read
 * about a sixth of its CPU (docs/performance.md, "The request log's writes"). A SIGKILL loses the
 * lines gathered in the last 200 ms (4 KB) at most.
 */
const BATCH_BYTES = 4096;
const FLUSH_EVERY_MS = 200;

/**
 * The server's one logger: JSON lines on stdout (one per request, see request-log.ts). What it must
 * never hold (passwords, tokens, cookies, phone numbers, addresses) is kept out by logging no bodies,
 * no query strings and no headers; `redact` is the safety net should someone log an object that
 * carries them.
 */
export function createLogger(options: LoggerOptions): Logger {
  const settings = {
    level: options.level,
    base: { pid: process.pid },
    timestamp: isoTimeByMillisecond(),
    redact: {
      paths: ['password', '*.password', 'cookie', '*.cookie', 'authorization', '*.authorization', 'headers', '*.headers'],
      censor: '[redacted]',
    },
  };
  if (options.destination) return pino(settings, options.destination);
  if (options.pretty && prettyAvailable()) {
    return pino({ ...settings, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid', singleLine: true } } });
  }
  const stdout = pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES, periodicFlush: FLUSH_EVERY_MS });
  // pino writes out what is left only for an asynchronous destination; this one's last lines, here.
  process.once('exit', () => {
    try {
      stdout.flushSync();
    } catch {
      // stdout is gone (a closed pipe): there is nowhere left to write them.
    }
  });
  return pino(settings, stdout);
}

/**
 * pino's ISO time, made once per millisecond: under load, many lines share one (`toISOString` on each
 * line was 1-2 µs of a cached read's CPU; docs/performance.md).
 */
export function isoTimeByMillisecond(): () => string {
  let lastMs = Number.NaN;
  let last = '';
  return () => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      last = `,"time":"${new Date(now).toISOString()}"`;
    }
    return last;
  };
}

/** A logger that writes nothing, for servers built without one (most tests). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
