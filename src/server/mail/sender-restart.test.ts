import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProduct, createShop, SHIPPING } from '../testing/factories';
import { postTrpc, startServerProcess } from '../testing/server-process';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp-server';
import { createTestEnv } from '../testing/test-app';
import { describeSqliteOnly } from '../testing/test-engine';

// The outbox survives a crash (issue 31): the real server is killed with SIGKILL while it is sending
// an email (the SMTP server has the message and has not answered), then started again on the same
// file; the email arrives once.

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

const waitUntil = async (check: () => boolean, what: string, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describeSqliteOnly('the sender across a crash', () => {
  it('sends an email that was due when the server was killed after the restart, once', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Crash Shop' });
    const product = await createProduct(env, shop, { stock: 5 });
    await env.db.destroy();
    const file = path.join(env.dir, 'db.sqlite');
    const mailEnv = { SMTP_URL: smtp.url, MAIL_FROM: 'crash@example.test' };

    smtp.hangNext(1);
    const first = await startServerProcess(file, mailEnv);
    const placed = await postTrpc(first.port, 'orders.checkout', { items: [{ productId: product.id, quantity: 1, color: null, size: null }], shipping: SHIPPING });
    expect(placed.status).toBe(200);
    // The receipt is on its way: the SMTP server holds its data and has not answered.
    await waitUntil(() => smtp.hung === 1, 'the first delivery to start');
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(smtp.received).toHaveLength(0);
    const before = new SQLite(file, { readonly: true });
    expect(before.prepare('select status, attempts from outbox').all()).toEqual([{ status: 'pending', attempts: 0 }]);
    before.close();

    const second = await startServerProcess(file, mailEnv);
    await smtp.waitFor(1);
    // A few more rounds of the sender: nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toContain('Crash Shop');
    const after = new SQLite(file, { readonly: true });
    expect(after.prepare('select status, attempts from outbox').all()).toEqual([{ status: 'sent', attempts: 1 }]);
    after.close();
  }, 60_000);
});
