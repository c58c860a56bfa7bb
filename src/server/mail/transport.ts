import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** How the server reaches its SMTP server (SMTP_URL), read at start: a malformed URL stops the start with this error. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps:// (TLS from the first byte, usually 465); smtp:// upgrades with STARTTLS when the server offers it. */
  secure: boolean;
  user: string | null;
  pass: string | null;
}

/**
 * Reads SMTP_URL: `smtps://user:pass@mail.example.com:465` or `smtp://mail.example.com:587`
 * (user and password URL-encoded). Throws with what is wrong, never echoing the password.
 */
export function parseSmtpUrl(text: string): SmtpSettings {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('must be a URL such as smtps://user:password@mail.example.com:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('must start with smtp:// or smtps://');
  if (!url.hostname) throw new Error('must name the mail server, as in smtps://user:password@mail.example.com:465');
  if (url.pathname && url.pathname !== '/') throw new Error('must not have a path: smtps://user:password@host:port');
  const secure = url.protocol === 'smtps:';
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  const decoded = (part: string) => {
    try {
      return part ? decodeURIComponent(part) : null;
    } catch {
      throw new Error('has a user name or password that is not URL-encoded (write @ as %40, : as %3A)');
    }
  };
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port, secure, user: decoded(url.username), pass: decoded(url.password) };
}

/** One email ready to go out. */
export interface OutgoingEmail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  /** A status email's "stop these emails" link: the mail program's own Unsubscribe button, one click (RFC 8058). */
  unsubscribeUrl?: string | null;
}

/** What delivers email: SMTP in production and in the tests alike (a real SMTP server on loopback). */
export interface MailSender {
  send(email: OutgoingEmail): Promise<void>;
  /** Connects and greets the server (and logs in): throws when it cannot. */
  verify(): Promise<void>;
  close(): void;
}

/** Seconds a slow or silent server gets before the attempt counts as failed and the row is retried later. */
const TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 };

/** A sender through nodemailer's SMTP transport (one connection per email: a marketplace sends a few a minute). */
export function smtpSender(settings: SmtpSettings, timeouts: Partial<typeof TIMEOUTS_MS> = {}): MailSender {
  const limits = { ...TIMEOUTS_MS, ...timeouts };
  const options: SMTPTransport.Options = {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
    connectionTimeout: limits.connection,
    greetingTimeout: limits.greeting,
    socketTimeout: limits.socket,
    // What we send is ours: no message part may read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  const transport = nodemailer.createTransport(options);
  return {
    async send(email) {
      await transport.sendMail({
        from: email.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: {
          'Content-Language': email.language,
          ...(email.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
        },
        ...(email.unsubscribeUrl ? { list: { unsubscribe: email.unsubscribeUrl } } : {}),
      });
    },
    async verify() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}
