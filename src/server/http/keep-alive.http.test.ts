import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * Behind a load balancer that keeps idle upstream connections (nginx: 60 s), the server must not close
 * one first: Node's default (5 s, plus a 1 s buffer) did, and nginx answered the request it had just sent
 * on it with a 502 (48 of 649 POSTs, measured with scripts/services/balancer.mjs). KEEP_ALIVE_TIMEOUT_S.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await server.env.db.destroy();
});

/** Sends one request on the socket and resolves with the status line of its answer. */
function ask(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('data', (chunk) => resolve(chunk.toString('latin1').split('\r\n')[0] ?? ''));
    socket.once('error', reject);
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
}

it('keeps an idle keep-alive connection open longer than Node’s default, for a balancer to reuse', async () => {
  const socket = net.connect(server.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let closed = false;
  socket.once('close', () => (closed = true));
  try {
    expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(closed).toBe(false);
    expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
  } finally {
    socket.destroy();
  }
}, 15_000);
