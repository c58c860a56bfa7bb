// The load generator of `npm run bench`, in its own process (autocannon is in-process), so the server
// under test and the load never share an event loop: the bench forks this file and sends it jobs, one
// autocannon run each, and it answers with the run's figures.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

process.on('message', async (job) => process.send(await runLoad(job)));

/** One autocannon run; a request template may pick its path from a list or build a checkout body. */
async function runLoad({ base, connections, seconds, requests }) {
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  // Why checkouts were refused (the app's message), so a refusal other than sold-out shows. Reads are
  // checked once before they are measured and leave the body unread, as the ceiling does.
  const refusals = {};
  const onResponse = (status, body) => {
    if (status < 300) return;
    let message = `HTTP ${status}`;
    try {
      message = JSON.parse(body).error?.message ?? message;
    } catch {
      // Not JSON: the status says enough.
    }
    // Counted by kind: "Olive Oil" is out of stock and "Honey" is out of stock are one line.
    const kind = message.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N');
    refusals[kind] = (refusals[kind] ?? 0) + 1;
  };
  function build(template) {
    const { paths, checkout, ...request } = template;
    if (paths) return { ...request, setupRequest: (req) => ({ ...req, path: pick(paths) }) };
    if (checkout) {
      return {
        ...request,
        onResponse,
        setupRequest: (req) => {
          const lines = [];
          const products = new Set();
          const count = 1 + Math.floor(Math.random() * checkout.maxLines);
          while (lines.length < count) {
            // A share of the orders go for the scarce products, so stock checks are contended and refuse.
            const product = Math.random() < checkout.scarceShare ? pick(checkout.scarce) : pick(checkout.plenty);
            if (products.has(product.id)) break;
            products.add(product.id);
            lines.push({ productId: product.id, quantity: 1 + Math.floor(Math.random() * 3), color: product.color, size: product.size });
          }
          // Half the carts apply their first shop's coupon.
          const coupons = Math.random() < checkout.couponShare ? [{ shopId: checkout.shopOf[[...products][0]], code: 'BENCH10' }] : [];
          return { ...req, body: JSON.stringify({ items: lines, shipping: checkout.shipping, coupons, attemptKey: randomUUID().replaceAll('-', '') }) };
        },
      };
    }
    return request;
  }
  const built = requests.map(build);
  const result = await autocannon({ url: base, connections, duration: seconds, requests: built, timeout: 30 });
  return {
    requests: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    refusals,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)])),
  };
}
