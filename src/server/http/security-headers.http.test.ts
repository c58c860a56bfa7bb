import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../testing/factories';
import { type RawResponse, rawRequest, startTestServer, type TestServer } from '../testing/test-server';
import { parseTrustProxy } from './client-address';

function expectSecurityHeaders(res: RawResponse, what: string): void {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
}

const cookiesOf = (res: RawResponse) => res.headers['set-cookie'] ?? [];

/** Signs in through Auth.js as the browser does; returns the cookies it set. */
async function signIn(server: TestServer, email: string, headers: Record<string, string>): Promise<string[]> {
  const csrf = await rawRequest(server.port, '/auth/csrf', { headers });
  const { csrfToken } = csrf.json<{ csrfToken: string }>();
  const csrfCookie = cookiesOf(csrf).map((c) => c.split(';')[0]).join('; ');
  const res = await rawRequest(server.port, '/auth/callback/credentials', {
    method: 'POST',
    headers: { ...headers, cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    body: new URLSearchParams({ csrfToken, email, password: TEST_PASSWORD }).toString(),
  });
  expect(res.status).toBe(200);
  return cookiesOf(res);
}

describe('security headers on every response, over HTTP', () => {
  let server: TestServer;
  afterEach(() => server.close());

  it('sets them on API, auth, page, upload and error responses, and keeps API and auth answers out of caches', async () => {
    server = await startTestServer();
    const uploads = server.env.config.uploadsDir;
    fs.writeFileSync(path.join(uploads, 'a.webp'), 'RIFF');
    const noStore = {
      'tRPC query': await rawRequest(server.port, '/api/trpc/auth.me'),
      'tRPC error': await rawRequest(server.port, '/api/trpc/nothing.here'),
      'unknown API': await rawRequest(server.port, '/api/nothing'),
      'upload refused': await rawRequest(server.port, '/api/uploads', { method: 'POST', body: 'x' }),
      'Auth.js sign-in page': await rawRequest(server.port, '/auth/signin'),
      'Auth.js csrf': await rawRequest(server.port, '/auth/csrf'),
      'Auth.js session': await rawRequest(server.port, '/auth/session'),
      healthz: await rawRequest(server.port, '/healthz'),
    };
    for (const [what, res] of Object.entries(noStore)) {
      expectSecurityHeaders(res, what);
      expect(res.headers['cache-control'], what).toContain('no-store');
      expect(res.headers['strict-transport-security'], what).toBeUndefined();
    }
    expect(noStore['Auth.js sign-in page'].headers['content-type']).toContain('text/html');
    expect(noStore['Auth.js sign-in page'].headers['content-security-policy']).toContain("script-src 'self'");

    const others = {
      page: await rawRequest(server.port, '/browse'),
      'missing asset': await rawRequest(server.port, '/missing.js'),
      upload: await rawRequest(server.port, '/uploads/a.webp'),
      'missing upload': await rawRequest(server.port, '/uploads/none.webp'),
    };
    for (const [what, res] of Object.entries(others)) expectSecurityHeaders(res, what);
    expect(others.upload.status).toBe(200);
    expect(others.upload.headers['cache-control']).toContain('immutable');
  });

  it('adds HSTS and Secure cookies when PUBLIC_URL is https', async () => {
    server = await startTestServer({ publicUrl: 'https://shop.example' });
    for (const url of ['/api/trpc/auth.me', '/browse', '/auth/signin']) {
      expect((await rawRequest(server.port, url)).headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
    }
    const csrf = await rawRequest(server.port, '/auth/csrf');
    expect(cookiesOf(csrf).join('\n')).toMatch(/^__Host-authjs\.csrf-token=.*; Secure/m);
  });

  it('behind a trusted proxy, X-Forwarded-Proto https means HSTS and Secure session cookies that the API reads', async () => {
    server = await startTestServer({ trustProxy: parseTrustProxy('1') });
    const email = 'proxied@example.com';
    const userId = await createUser(server.env, { email });
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    expect((await rawRequest(server.port, '/browse', { headers: https })).headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    const cookies = await signIn(server, email, https);
    const session = cookies.find((c) => c.startsWith('__Secure-authjs.session-token='));
    expect(session).toContain('Secure');
    const me = await rawRequest(server.port, '/api/trpc/auth.me', { headers: { ...https, cookie: session!.split(';')[0]! } });
    expect(me.json<{ result: { data: { id: number } | null } }>().result.data?.id).toBe(userId);

    // Over plain http the same proxy says so, and no Secure cookie or HSTS is sent.
    const plain = await rawRequest(server.port, '/auth/csrf', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(cookiesOf(plain).join('\n')).not.toContain('Secure');
  });

  it('ignores X-Forwarded-Proto from an untrusted peer', async () => {
    server = await startTestServer();
    const res = await rawRequest(server.port, '/auth/csrf', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(cookiesOf(res).join('\n')).not.toContain('Secure');
  });
});
