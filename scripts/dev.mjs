// `npm run dev`: the API server (restarted on change by tsx watch) and Vite's dev server with hot reload.
// Open http://localhost:5173; Vite forwards /api, /auth/* and /uploads to the API server on API_PORT.
// Without SMTP_URL, email goes to a local SMTP server that keeps each message in .dev-mail/ (scripts/mail-sink.mjs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startMailSink } from './mail-sink.mjs';

const apiPort = process.env.API_PORT ?? '3000';
const mailEnv = {};
if (!process.env.SMTP_URL) {
  const folder = path.resolve('.dev-mail');
  const sink = await startMailSink(folder);
  Object.assign(mailEnv, { SMTP_URL: sink.url, MAIL_FROM: process.env.MAIL_FROM ?? 'marketplace@localhost', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' });
  console.log(`Emails the app sends are kept in ${folder}/ (one .eml file each; open one in a mail program or read it as text)`);
}
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, ...mailEnv, PORT: apiPort, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
