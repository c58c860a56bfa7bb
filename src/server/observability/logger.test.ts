import { describe, expect, it, vi } from 'vitest';
import { AppEvents } from '../events';
import { createLogger, isoTimeByMillisecond } from './logger';
import { createMetrics } from './metrics';
import { createRequestLog } from './request-log';

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line) } });
  return { logger, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the logger', () => {
  it('redacts secrets an object carries, at the top and one level down', () => {
    const { logger, records } = capture();
    logger.info({ password: 'p1', cookie: 'c1', user: { password: 'p2', headers: { cookie: 'c2' } }, err: { authorization: 'Bearer t' } }, 'oops');
    const [record] = records();
    expect(record).toMatchObject({ password: '[redacted]', cookie: '[redacted]', user: { password: '[redacted]', headers: '[redacted]' }, err: { authorization: '[redacted]' } });
    expect(JSON.stringify(record)).not.toMatch(/p1|p2|c1|c2|Bearer/);
  });

  it("keeps the safety net on a request's own logger, which the request lines do without", () => {
    const { logger, records } = capture();
    const log = createRequestLog(logger, createMetrics({ events: new AppEvents(), databaseBytes: async () => 0 }));
    const req = { headers: {}, url: '/browse', method: 'GET' } as never;
    let close = () => {};
    const res = { setHeader: () => {}, once: (_: string, f: () => void) => (close = f), statusCode: 200, writableFinished: true } as never;
    log.track(req, res);
    log.loggerOf(req).error({ user: { password: 'secret' } }, 'failed');
    close();
    const [error, line] = records();
    expect(error).toMatchObject({ msg: 'failed', user: { password: '[redacted]' } });
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/browse', status: 200, reqId: error!.reqId });
  });
});

describe("the lines' time", () => {
  it('is the ISO time of the millisecond each line is written in', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T09:30:00.000Z') });
    try {
      const time = isoTimeByMillisecond();
      expect(time()).toBe(',"time":"2026-11-27T09:30:00.000Z"');
      expect(time()).toBe(',"time":"2026-11-27T09:30:00.000Z"');
      vi.advanceTimersByTime(1);
      expect(time()).toBe(',"time":"2026-11-27T09:30:00.001Z"');
      vi.setSystemTime(new Date('2026-11-28T00:00:00.000Z'));
      expect(time()).toBe(',"time":"2026-11-28T00:00:00.000Z"');
    } finally {
      vi.useRealTimers();
    }
    const { logger, records } = capture();
    const before = Date.now();
    logger.info('one');
    const [line] = records();
    expect(Date.parse(line!.time as string)).toBeGreaterThanOrEqual(before);
    expect(new Date(line!.time as string).toISOString()).toBe(line!.time);
  });
});
