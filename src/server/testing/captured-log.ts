import { createLogger, type Logger } from '../observability/logger';

/** A log line as the tests read it: pino's JSON, with the fields they look at. */
export interface LogRecord {
  msg: string;
  reqId?: string;
  path?: string;
  aborted?: boolean;
  err?: { message: string };
}

/** A logger whose lines are kept in memory, for a test to read what the server logged. */
export function capturedLog(level: 'debug' | 'info' = 'info'): { logger: Logger; records: () => LogRecord[] } {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => void lines.push(line) } });
  return { logger, records: () => lines.map((line) => JSON.parse(line) as LogRecord) };
}
