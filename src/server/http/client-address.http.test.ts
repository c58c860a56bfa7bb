import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../rate-limit';
import { rawRequest, startTestServer, type TestServer } from '../testing/test-server';
import { parseTrustProxy } from './client-address';

// Guest tracking allows two searches per client here, so the third tells whether two requests share a client.
const track = '/api/trpc/orders.track?input=' + encodeURIComponent(JSON.stringify({ email: 'nobody@example.com' }));
const limiter = () => new MemoryRateLimiter({ policies: { guestTrackingPerClient: { limit: 2, windowMs: 60_000 } } });

async function searchesAllowed(server: TestServer, forwardedFor: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const xff of forwardedFor) statuses.push((await rawRequest(server.port, track, { headers: { 'x-forwarded-for': xff } })).status);
  return statuses;
}

describe('the client address behind a proxy, over HTTP', () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('ignores X-Forwarded-For unless TRUST_PROXY is set: every forged address shares the socket’s limit', async () => {
    server = await startTestServer({ limiter: limiter() });
    expect(await searchesAllowed(server, ['1.1.1.1', '2.2.2.2', '3.3.3.3'])).toEqual([200, 200, 429]);
  });

  it('with one trusted hop, limits each client by the rightmost address, whatever it puts on the left', async () => {
    server = await startTestServer({ limiter: limiter(), trustProxy: parseTrustProxy('1') });
    expect(await searchesAllowed(server, ['9.9.9.1, 1.1.1.1', '9.9.9.2, 1.1.1.1', '1.1.1.1', '2.2.2.2'])).toEqual([200, 200, 429, 200]);
  });

  it('with two trusted hops, takes the address the outer proxy saw', async () => {
    server = await startTestServer({ limiter: limiter(), trustProxy: parseTrustProxy('2') });
    expect(await searchesAllowed(server, ['1.1.1.1, 10.0.0.1', '6.6.6.6, 1.1.1.1, 10.0.0.2', '1.1.1.1, 10.0.0.3', '2.2.2.2, 10.0.0.1'])).toEqual([
      200, 200, 429, 200,
    ]);
  });

  it('trusts a listed proxy address or range, and only that', async () => {
    server = await startTestServer({ limiter: limiter(), trustProxy: parseTrustProxy('127.0.0.1, 10.0.0.0/8') });
    expect(await searchesAllowed(server, ['5.5.5.5, 10.1.2.3', '5.5.5.5', '5.5.5.5, 10.9.9.9', '4.4.4.4'])).toEqual([200, 200, 429, 200]);
    await server.close();
    server = await startTestServer({ limiter: limiter(), trustProxy: parseTrustProxy('10.0.0.0/8') });
    expect(await searchesAllowed(server, ['1.1.1.1', '2.2.2.2', '3.3.3.3'])).toEqual([200, 200, 429]);
  });

  it('limits IPv6 clients per /64', async () => {
    server = await startTestServer({ limiter: limiter(), trustProxy: parseTrustProxy('1') });
    expect(await searchesAllowed(server, ['2001:db8:1:2::1', '2001:DB8:1:2:ffff:eeee:dddd:9', '2001:db8:1:2:0:0:0:77', '2001:db8:1:3::1'])).toEqual([
      200, 200, 429, 200,
    ]);
  });
});
