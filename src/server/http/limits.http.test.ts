import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE } from '../../shared/constants';
import { countRows } from '../testing/test-app';
import { rawRequest, startTestServer, type TestServer } from '../testing/test-server';

const json = { 'content-type': 'application/json' };
const signUp = (email: string) => JSON.stringify({ fullName: 'Ann', phone: '+15550001111', email, password: 'password123' });

describe('request size limits, over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ limits: { apiBodyBytes: 64 * 1024, apiBatchCalls: 10, authBodyBytes: 4 * 1024 } });
  });
  afterAll(() => server.close());

  it('refuses a tRPC body declared over the limit without waiting for it', async () => {
    const res = await rawRequest(server.port, '/api/trpc/auth.signUp', { method: 'POST', headers: json, declaredBytes: 50 * 1024 * 1024 });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({
      error: { message: 'This request is too large (at most 64 KB).', data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } },
    });
  });

  it('refuses a chunked tRPC body once it passes the limit, and nothing is written', async () => {
    const before = await countRows(server.env.db, 'users');
    const res = await rawRequest(server.port, '/api/trpc/auth.signUp', { method: 'POST', headers: json, chunked: { chunks: 400, chunkBytes: 16 * 1024 } });
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ error: { message: 'This request is too large (at most 64 KB).' } });
    expect(await countRows(server.env.db, 'users')).toBe(before);
  });

  it('still serves a body under the limit', async () => {
    const res = await rawRequest(server.port, '/api/trpc/auth.signUp', { method: 'POST', headers: json, body: signUp('under@example.com') });
    expect(res.status).toBe(200);
    const user = await server.env.db.selectFrom('users').select('id').where('email', '=', 'under@example.com').executeTakeFirst();
    expect(user).toBeDefined();
  });

  it('caps the calls in one batch, for queries and mutations alike', async () => {
    const batch = (n: number) => Array.from({ length: n }, () => 'auth.me').join(',');
    const ok = await rawRequest(server.port, `/api/trpc/${batch(10)}?batch=1&input=%7B%7D`);
    expect(ok.status).toBe(200);
    const refused = await rawRequest(server.port, `/api/trpc/${batch(11)}?batch=1&input=%7B%7D`);
    expect(refused.status).toBe(413);
    expect(refused.json()).toMatchObject({ error: { message: 'Too many calls in one request (at most 10).' } });

    const before = await countRows(server.env.db, 'users');
    const signUps = Array.from({ length: 11 }, () => 'auth.signUp').join(',');
    const inputs = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, JSON.parse(signUp(`batch${i}@example.com`)) as unknown]));
    const mutation = await rawRequest(server.port, `/api/trpc/${signUps}?batch=1`, { method: 'POST', headers: json, body: JSON.stringify(inputs) });
    expect(mutation.status).toBe(413);
    expect(await countRows(server.env.db, 'users')).toBe(before);
  });

  it('refuses an oversized sign-in body before reading it', async () => {
    const res = await rawRequest(server.port, '/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      declaredBytes: 1024 * 1024,
    });
    expect(res.status).toBe(413);
    expect(res.json()).toEqual({ message: 'This request is too large (at most 4 KB).' });
  });

  it('refuses an upload declared over the image limit before anything else', async () => {
    const res = await rawRequest(server.port, '/api/uploads', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      declaredBytes: 50 * 1024 * 1024,
    });
    expect(res.status).toBe(413);
    expect(res.json()).toEqual({ message: IMAGE_TOO_LARGE });
  });
});
