import type http from 'node:http';
import type { ServerResponse } from 'node:http';

export interface ShutdownSteps {
  /** How long requests in flight may take to finish before their connections are cut (SHUTDOWN_TIMEOUT_S). */
  timeoutMs: number;
  /** Ends the live streams (server-sent events), which never finish by themselves. */
  endStreams(): void;
  /** Runs last, once no request is left or the time is up: closes the database. */
  release(): Promise<void>;
  log: { info(message: string): void; warn(message: string): void };
}

/**
 * A graceful stop for one HTTP server, on SIGTERM or SIGINT: stop accepting connections; let the
 * requests in flight finish, each answered with `Connection: close` so its client opens a new
 * connection (to this server restarted, or to another instance) instead of reusing a closing one;
 * end the live streams; cut whatever is still open when the time is up; then release the database.
 * Returns the function that starts it; calling it again (a second Ctrl-C) cuts at once.
 */
export function gracefulShutdown(server: http.Server, steps: ShutdownSteps): (reason: string) => Promise<void> {
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const lastOnItsConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req: http.IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    if (closing) lastOnItsConnection(res);
    res.once('close', () => {
      inFlight.delete(res);
      // A keep-alive connection whose response has just ended (a live stream's, say) would otherwise
      // stay open until its idle timeout.
      if (closing) server.closeIdleConnections();
    });
  });

  let stopped: Promise<void> | null = null;
  let cutNow = () => {};
  return (reason) => {
    if (stopped) {
      cutNow();
      return stopped;
    }
    closing = true;
    steps.log.info(`${reason}: shutting down, ${inFlight.size} request(s) in flight`);
    const allClosed = new Promise<'closed'>((resolve) => server.close(() => resolve('closed')));
    for (const res of inFlight) lastOnItsConnection(res);
    steps.endStreams();
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise<'time up'>((resolve) => {
      timer = setTimeout(() => resolve('time up'), steps.timeoutMs);
      cutNow = () => resolve('time up');
    });
    stopped = (async () => {
      if ((await Promise.race([allClosed, timeUp])) === 'time up') {
        steps.log.warn(`${inFlight.size} request(s) still running at shutdown: their connections are closed`);
        server.closeAllConnections();
        await allClosed;
      }
      clearTimeout(timer);
      await steps.release();
    })();
    return stopped;
  };
}
