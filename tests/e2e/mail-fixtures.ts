import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/** Where the e2e server's SMTP sink (scripts/mail-sink.mjs) writes each email it receives, one .eml file each. */
const MAIL_DIR = path.resolve('.e2e', process.env.E2E_PORT ?? '3100', 'mail');

export interface ReceivedEmail {
  subject: string;
  text: string;
  html: string;
  /** The List-Unsubscribe header's address (the one-click stop), when the email has one. */
  unsubscribe: string | null;
}

/** The emails to `address` the sink received so far, parsed, oldest first. */
export async function emailsTo(address: string): Promise<ReceivedEmail[]> {
  const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).filter((name) => name.endsWith('.eml')).sort() : [];
  const found: ReceivedEmail[] = [];
  for (const file of files) {
    const mail = await simpleParser(fs.readFileSync(path.join(MAIL_DIR, file)));
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    if (!to.some((list) => list.value.some((entry) => entry.address === address))) continue;
    const list = mail.headers.get('list') as { unsubscribe?: { url?: string } } | undefined;
    found.push({
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : '',
      unsubscribe: list?.unsubscribe?.url ?? null,
    });
  }
  return found;
}
