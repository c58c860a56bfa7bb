import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, it } from 'vitest';
import { taxAmount } from '../../shared/pricing';
import { createProduct, createShop, SHIPPING } from '../testing/factories';
import { postTrpc, type ServerProcess, startServerProcess, type TrpcAnswer } from '../testing/server-process';
import { createTestEnv } from '../testing/test-app';
import { describeSqliteOnly } from '../testing/test-engine';

// No acknowledged order is lost, none is placed twice (issue "Run it for years"): the real server is
// killed with SIGKILL while checkouts run, then started again on the same file.

const STOCK = 400;
const WORKERS = 8;
const KILL_AFTER = 40;

interface Sent {
  key: string;
  input: { items: Array<{ productId: number; quantity: number; color: null; size: null }>; shipping: typeof SHIPPING; attemptKey: string };
  expected: Map<string, number>;
  from: string;
  outcome: 'placed' | 'refused' | 'unknown';
  orders?: Array<{ id: number; orderNumber: string; shopName: string; total: number }>;
}

async function seed() {
  const env = createTestEnv();
  const alpha = await createShop(env, { name: 'Alpha', taxRate: '10' });
  const beta = await createShop(env, { name: 'Beta' });
  const p1 = await createProduct(env, alpha, { price: 1_500, stock: STOCK });
  const p2 = await createProduct(env, alpha, { price: 2_999, stock: STOCK });
  const p3 = await createProduct(env, beta, { price: 700, stock: STOCK });
  await env.db.destroy();
  return { file: path.join(env.dir, 'db.sqlite'), products: { p1: p1.id, p2: p2.id, p3: p3.id } };
}

/** The n-th checkout: one to three lines over one or two shops, with the totals the server must charge. */
function checkoutNumber(n: number, products: { p1: number; p2: number; p3: number }, from: string): Sent {
  const q1 = 1 + (n % 3);
  const withP2 = n % 2 === 0;
  const q3 = n % 4;
  const items = [{ productId: products.p1, quantity: q1, color: null, size: null }];
  if (withP2) items.push({ productId: products.p2, quantity: 1, color: null, size: null });
  if (q3 > 0) items.push({ productId: products.p3, quantity: q3, color: null, size: null });
  const alpha = 1_500 * q1 + (withP2 ? 2_999 : 0);
  const expected = new Map([['Alpha', alpha + taxAmount(alpha, 1_000)]]);
  if (q3 > 0) expected.set('Beta', 700 * q3);
  const key = `crash-test-attempt-${String(n).padStart(4, '0')}`;
  return { key, input: { items, shipping: SHIPPING, attemptKey: key }, expected, from, outcome: 'unknown' };
}

function record(sent: Sent, answer: TrpcAnswer): void {
  const data = answer.body.result?.data as { orders: NonNullable<Sent['orders']> } | undefined;
  sent.outcome = answer.status === 200 && data ? 'placed' : 'refused';
  sent.orders = data?.orders;
}

describeSqliteOnly('a crash in the middle of checkouts', () => {
  it('keeps every acknowledged order, places none twice and leaves a consistent database', async () => {
    const { file, products } = await seed();
    const first = await startServerProcess(file);
    const sent: Sent[] = [];
    let placed = 0;
    let n = 0;
    const killed = new Promise<void>((resolve) => {
      const worker = async (w: number): Promise<void> => {
        // Each worker is its own client address, under the checkout rate limit.
        const from = `127.0.0.${10 + w}`;
        for (;;) {
          const attempt = checkoutNumber((n += 1), products, from);
          sent.push(attempt);
          try {
            record(attempt, await postTrpc(first.port, 'orders.checkout', attempt.input, { localAddress: from }));
          } catch {
            return; // The server is gone: this request's outcome is unknown.
          }
          if (attempt.outcome === 'placed') placed += 1;
        }
      };
      void Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      // The kill comes when the file holds checkouts whose answers have not arrived yet: committed,
      // never acknowledged (their buyers retry below).
      const watcher = new SQLite(file, { readonly: true });
      const watch = () => {
        const committed = (watcher.prepare('select count(*) as n from checkout_attempts').get() as { n: number }).n;
        if (placed >= KILL_AFTER && committed > placed) {
          first.child.kill('SIGKILL');
          watcher.close();
          resolve();
        } else setImmediate(watch);
      };
      watch();
    });
    await killed;
    expect((await first.exited).signal).toBe('SIGKILL');

    const second: ServerProcess = await startServerProcess(file);
    try {
      const acknowledged = sent.filter((s) => s.outcome === 'placed');
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(sent.filter((s) => s.outcome === 'refused').map((s) => s.orders)).toEqual([]);
      // What a buyer's page does after a network error: the same attempt again. Requests cut by the
      // crash are placed now or answered with what they placed; acknowledged ones answer the same.
      for (const attempt of sent.filter((s) => s.outcome === 'unknown')) {
        record(attempt, await postTrpc(second.port, 'orders.checkout', attempt.input, { localAddress: attempt.from }));
        expect(attempt.outcome).toBe('placed');
      }
      for (const attempt of acknowledged.slice(0, 5)) {
        const again = await postTrpc(second.port, 'orders.checkout', attempt.input, { localAddress: attempt.from });
        expect(again.body.result?.data).toEqual({ orders: attempt.orders });
      }

      const db = new SQLite(file, { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
        const stored = new Map(
          (db.prepare('select id, order_number, shop_name, subtotal, tax, total from orders').all() as Array<{
            id: number;
            order_number: string;
            shop_name: string;
            subtotal: number;
            tax: number;
            total: number;
          }>).map((o) => [o.id, o]),
        );
        let answered = 0;
        for (const attempt of sent) {
          expect(attempt.orders?.map((o) => o.shopName).sort()).toEqual([...attempt.expected.keys()].sort());
          for (const order of attempt.orders ?? []) {
            answered += 1;
            const row = stored.get(order.id);
            expect(row, `order ${order.orderNumber} was acknowledged`).toBeDefined();
            expect(row).toMatchObject({ order_number: order.orderNumber, shop_name: order.shopName, total: order.total });
            expect(order.total).toBe(attempt.expected.get(order.shopName));
            expect(row!.subtotal + row!.tax).toBe(row!.total);
          }
        }
        // One set of orders per attempt, and nothing else.
        expect(stored.size).toBe(answered);
        const attempts = db.prepare('select count(*) as n from checkout_attempts').get() as { n: number };
        expect(attempts.n).toBe(sent.length);
        const lines = db.prepare('select o.id, sum(i.line_total) as sum from orders o join order_items i on i.order_id = o.id group by o.id').all() as Array<{
          id: number;
          sum: number;
        }>;
        for (const line of lines) expect(line.sum).toBe(stored.get(line.id)!.subtotal);
        const stock = db
          .prepare(
            `select p.id, p.stock_amount + coalesce((select sum(quantity) from order_items i where i.product_id = p.id), 0) as total
             from products p order by p.id`,
          )
          .all() as Array<{ id: number; total: number }>;
        expect(stock).toEqual(Object.values(products).map((id) => ({ id, total: STOCK })));
      } finally {
        db.close();
      }
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toEqual({ code: 0, signal: null });
    }
  }, 60_000);
});
