import type { DB } from '../db/client';
import type { Logger } from '../observability/logger';
import { type DeliveryResult, deliverDue, type MailIdentity } from './outbox.service';
import type { MailSender } from './transport';

/** How often the outbox is asked for due rows: a reset link arrives within seconds; the question is one indexed read. */
export const SEND_EVERY_MS = 2_000;

/** What the sender has done since this process started, for /metrics, and whether the server answered at start. */
export interface MailMonitor {
  sent: number;
  failed: number;
  /** Null until checked; the message says why the server could not be reached. */
  reachable: { ok: boolean; message?: string } | null;
}

/**
 * The outbox's sender in this process: every SEND_EVERY_MS it delivers what is due (one run at a
 * time; across instances the rows themselves are the lock, outbox.service deliverDue). Failures are
 * logged and retried by the rows' schedule; nothing here can stop the server.
 */
export function startMailSender(options: { db: DB; sender: MailSender; identity: MailIdentity; log: Logger; monitor: MailMonitor; everyMs?: number }) {
  const { db, sender, identity, log, monitor } = options;
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return running;
    running = deliverDue(db, sender, identity, () => new Date())
      .then((result: DeliveryResult) => {
        monitor.sent += result.sent;
        monitor.failed += result.failed;
        if (result.sent > 0) monitor.reachable = { ok: true };
        if (result.retried > 0) log.warn({ retried: result.retried }, 'some emails could not be sent and will be tried again');
        if (result.failed > 0) log.error({ failed: result.failed }, 'some emails failed for good: see docs/operations.md');
      })
      .catch((error: unknown) => log.error({ err: error }, 'sending emails failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(run, options.everyMs ?? SEND_EVERY_MS);
  timer.unref();
  return {
    /** Sends what is due now (the tests, and after a write that queued an email). */
    run,
    /** Stops the timer and waits for a run in flight; the rows not yet sent stay for the next start. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
      sender.close();
    },
  };
}

/** Checks at start that the SMTP server answers: a warning and a failing readiness detail when not, never a crash. */
export async function checkMailServer(sender: MailSender, monitor: MailMonitor, log: Logger): Promise<void> {
  try {
    await sender.verify();
    monitor.reachable = { ok: true };
  } catch (error) {
    const warning = `The mail server in SMTP_URL cannot be reached (${error instanceof Error ? error.message : String(error)}): emails wait in the outbox until it can.`;
    monitor.reachable = { ok: false, message: warning };
    log.warn(warning);
  }
}
