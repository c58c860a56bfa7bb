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
  // Written asynchronously: under load, lines that arrive while a write is under way go out together
  // in the next one, instead of one blocking write per request. pino flushes what is left on exit.
  return pino(settings, pino.destination({ dest: 1, sync: false }));
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
