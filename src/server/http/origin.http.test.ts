import { afterEach, describe, expect, it } from 'vitest';
import { countRows } from '../testing/test-app';
import { rawRequest, startTestServer, type TestServer } from '../testing/test-server';

const CROSS_SITE = 'This request came from another website, so it was refused.';
const json = { 'content-type': 'application/json' };
let n = 0;
const signUp = () => JSON.stringify({ fullName: 'Ann', phone: '+15550001111', email: `origin${(n += 1)}@example.com`, password: 'password123' });

describe('cross-site mutations, over HTTP', () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('refuses a tRPC mutation from another site, and it changes nothing', async () => {
    server = await startTestServer();
    const before = await countRows(server.env.db, 'users');
    const crossSite: Record<string, string>[] = [{ origin: 'http://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }];
    for (const headers of crossSite) {
      const res = await rawRequest(server.port, '/api/trpc/auth.signUp', { method: 'POST', headers: { ...json, ...headers }, body: signUp() });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ error: { message: CROSS_SITE, data: { code: 'FORBIDDEN', httpStatus: 403 } } });
    }
    expect(await countRows(server.env.db, 'users')).toBe(before);
  });

  it('refuses sign-in, sign-out and uploads from another site', async () => {
    server = await startTestServer();
    for (const url of ['/auth/callback/credentials', '/auth/signout', '/api/uploads']) {
      const res = await rawRequest(server.port, url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        body: 'email=a%40b.c&password=x',
      });
      expect(res.status, url).toBe(403);
      expect(res.json()).toEqual({ message: CROSS_SITE });
    }
  });

  it('lets the app’s own pages, the Vite dev proxy and non-browser clients through, and reads stay open', async () => {
    server = await startTestServer();
    const own = `http://127.0.0.1:${server.port}`;
    const allowed: Record<string, string>[] = [
      { origin: own, 'sec-fetch-site': 'same-origin' },
      // `npm run dev`: Vite serves the page on :5173 and forwards the request with its Host unchanged.
      { origin: 'http://localhost:5173', host: 'localhost:5173', 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of allowed) {
      const res = await rawRequest(server.port, '/api/trpc/auth.signUp', { method: 'POST', headers: { ...json, ...headers }, body: signUp() });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
    const read = await rawRequest(server.port, '/api/trpc/auth.me', { headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(read.status).toBe(200);
  });

  it('behind a proxy that rewrites Host, accepts the PUBLIC_URL origin', async () => {
    server = await startTestServer({ publicUrl: 'https://shop.example' });
    const ok = await rawRequest(server.port, '/api/trpc/auth.signUp', {
      method: 'POST',
      headers: { ...json, origin: 'https://shop.example', host: 'backend:3000' },
      body: signUp(),
    });
    expect(ok.status).toBe(200);
    const refused = await rawRequest(server.port, '/api/trpc/auth.signUp', {
      method: 'POST',
      headers: { ...json, origin: 'https://shop.example.evil.example', host: 'backend:3000' },
      body: signUp(),
    });
    expect(refused.status).toBe(403);
  });
});
