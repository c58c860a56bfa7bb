// A real SMTP server on loopback that keeps every email it receives as a file (the smtp-server package,
// by nodemailer's authors): `npm run dev` starts one unless SMTP_URL is set, and the browser tests read
// the emails the built app sends from its folder. Not for production: it accepts any login.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Starts the sink on a free loopback port; each email lands in `dir` as <n>.eml. Resolves to its SMTP_URL. */
export async function startMailSink(dir) {
  fs.mkdirSync(dir, { recursive: true });
  let count = fs.readdirSync(dir).filter((name) => name.endsWith('.eml')).length;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'dev' }),
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const file = path.join(dir, `${String(count).padStart(5, '0')}.eml`);
        // Written whole, then renamed: a reader never sees half an email.
        fs.writeFileSync(`${file}.part`, Buffer.concat(chunks));
        fs.renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
