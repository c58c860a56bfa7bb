// Starts the built server for Playwright on a fresh database and uploads folder of its own.
// Playwright starts webServer before globalSetup, so the reset happens here.
import fs from 'node:fs';
import path from 'node:path';
import { startMailSink } from './mail-sink.mjs';

const port = process.env.E2E_PORT ?? '3100';
const build = path.resolve(process.env.BUILD_DIR ?? 'dist');
const dir = path.resolve('.e2e', port);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

// Email goes to a real SMTP server on loopback; the tests read it from .e2e/<port>/mail/*.eml.
const mail = await startMailSink(path.join(dir, 'mail'));

Object.assign(process.env, {
  NODE_ENV: 'production',
  PORT: port,
  HOST: '127.0.0.1',
  DATABASE_PATH: path.join(dir, 'db.sqlite'),
  UPLOADS_DIR: path.join(dir, 'uploads'),
  CLIENT_DIST: path.join(build, 'client'),
  AUTH_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
  ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_PASSWORD: 'admin-password',
  SUPPORT_WHATSAPP: '15550001111',
  TRIAL_MINUTES: process.env.TRIAL_MINUTES ?? '10',
  // Every browser test signs in from 127.0.0.1, one client to the limiter: the suite signs in more
  // than the default 60 times in 15 minutes. The limit itself is tested by the server's tests.
  RATE_LIMIT_SIGN_IN_CLIENT: '1000/15m',
  SMTP_URL: mail.url,
  MAIL_FROM: 'marketplace@e2e.test',
});

await import(path.join(build, 'server', 'index.js'));
