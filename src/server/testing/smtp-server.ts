import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { DB } from '../db/client';
import { deliverDue } from '../mail/outbox.service';
import { parseSmtpUrl, smtpSender } from '../mail/transport';

/** One email as the test SMTP server received it, parsed (headers decoded, text and HTML bodies). */
export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every header line as it arrived (to check nothing was injected). */
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on a free loopback port (the `smtp-server` package, by nodemailer's authors), for
 * the tests and `npm run dev`: it accepts any login, keeps what it receives, and can be told to answer
 * the next messages with an error or not at all.
 */
export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedEmail[];
  /** The next `count` messages are refused with `code` (4xx or 5xx) after their data. */
  refuseNext(count: number, code?: number): void;
  /** The next `count` messages are never answered (a server that hangs after the data). */
  hangNext(count: number): void;
  /** How many messages were left unanswered so far. */
  readonly hung: number;
  /** Resolves once `count` emails arrived in all (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  let refusals: { count: number; code: number } = { count: 0, code: 550 };
  let hangs = 0;
  let hung = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (hangs > 0) {
          hangs -= 1;
          hung += 1;
          return; // never answered: the client's socket timeout decides
        }
        if (refusals.count > 0) {
          refusals.count -= 1;
          const error = Object.assign(new Error(refusals.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: refusals.code });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              raw,
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refuseNext(count, code = 550) {
      refusals = { count, code };
    },
    hangNext(count) {
      hangs = count;
    },
    get hung() {
      return hung;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} emails, received ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A test file's SMTP server: started before its tests, closed after them; after each test what it
 * received is forgotten and it answers normally again. Read `smtp.server` inside the tests.
 */
export function useSmtpServer(): { readonly server: TestSmtpServer } {
  let server: TestSmtpServer | null = null;
  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    server?.received.splice(0);
    server?.refuseNext(0);
    server?.hangNext(0);
  });
  return {
    get server() {
      if (!server) throw new Error('the test SMTP server starts in beforeAll');
      return server;
    },
  };
}

/** Delivers what the outbox holds that is due at `now` to the test SMTP server, as the app's sender does. */
export async function deliverOutbox(db: DB, server: TestSmtpServer, now: Date, from = 'marketplace@example.test') {
  const sender = smtpSender(parseSmtpUrl(server.url));
  try {
    return await deliverDue(db, sender, { from }, () => now);
  } finally {
    sender.close();
  }
}
