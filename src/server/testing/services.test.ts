// The throw-away services that the scaling-out tests build on (scripts/services): a PostgreSQL
// cluster, an S3-compatible server and nginx as a round-robin balancer; and the repo's Caddyfile on
// loopback, which `npm run lighthouse` audits through. Each installs its Debian
// package with apt when missing and fails with a clear message when it cannot: nothing is skipped.
// Runs as root too (CI), where PostgreSQL runs as the `postgres` system user.
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startBalancer } from '../../../scripts/services/balancer.mjs';
import { startCaddy } from '../../../scripts/services/caddy.mjs';
import { startPostgres } from '../../../scripts/services/postgres.mjs';
import { startS3 } from '../../../scripts/services/s3.mjs';

// Long enough for an apt install of postgresql, nginx or caddy on a new machine.
const INSTALL_TIMEOUT = 240_000;
const startTimes: string[] = [];

afterAll(() => {
  console.info(`service start times: ${startTimes.join(', ')}`);
});

describe('test services', () => {
  it(
    'PostgreSQL: a new cluster on a free port answers SQL, and stop() removes it',
    async () => {
      const pg = await startPostgres({ database: 'services_test' });
      startTimes.push(`postgres ${pg.startSeconds} s`);
      try {
        expect(pg.url).toBe(`postgres://postgres@127.0.0.1:${pg.port}/services_test`);
        expect(await pg.psql('select 1')).toBe('1');
        expect(await pg.psql("select current_database() || ' ' || current_setting('fsync')")).toBe('services_test off');
        const copy = await pg.createDatabase('services_copy', { template: 'services_test' });
        expect(await pg.psql('select current_database()', { database: 'services_copy' })).toBe('services_copy');
        expect(copy).toBe(pg.urlFor('services_copy'));
      } finally {
        await pg.stop();
      }
      expect(fs.existsSync(path.dirname(pg.dataDir))).toBe(false);
    },
    INSTALL_TIMEOUT,
  );

  it('S3: an image round-trips byte for byte, aws-chunked uploads are decoded, and a bad checksum is refused', async () => {
    const s3 = await startS3({ buckets: ['images'] });
    startTimes.push(`s3 ${s3.startSeconds} s`);
    try {
      const image = fs.readFileSync('public/icons/icon-512.png');
      const signed = {
        authorization: `AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/20260101/${s3.region}/s3/aws4_request, SignedHeaders=host, Signature=0`,
      };
      const plain = await fetch(s3.publicUrl('images', 'products/1/a.png'), {
        method: 'PUT',
        headers: { ...signed, 'content-type': 'image/png', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
        body: image,
      });
      expect(plain.status).toBe(200);
      const read = await fetch(s3.publicUrl('images', 'products/1/a.png'));
      expect(read.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await read.arrayBuffer()).equals(image)).toBe(true);

      // What @aws-sdk/client-s3 sends for a streamed body by default: aws-chunked with a CRC32 trailer.
      const crc = (data: Buffer) => {
        const value = Buffer.alloc(4);
        value.writeUInt32BE(zlib.crc32(data));
        return value.toString('base64');
      };
      const chunked = (checksum: string) =>
        Buffer.concat([
          Buffer.from(`${image.length.toString(16)}\r\n`),
          image,
          Buffer.from(`\r\n0\r\nx-amz-checksum-crc32:${checksum}\r\n\r\n`),
        ]);
      const streamed = (key: string, checksum: string) =>
        fetch(s3.publicUrl('images', key), {
          method: 'PUT',
          headers: {
            ...signed,
            'content-type': 'image/png',
            'content-encoding': 'aws-chunked',
            'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
            'x-amz-decoded-content-length': String(image.length),
            'x-amz-trailer': 'x-amz-checksum-crc32',
          },
          body: chunked(checksum),
        });
      expect((await streamed('products/1/b.png', crc(image))).status).toBe(200);
      expect(s3.read('images', 'products/1/b.png')?.equals(image)).toBe(true);
      const corrupt = await streamed('products/1/c.png', crc(Buffer.from('something else')));
      expect(corrupt.status).toBe(400);
      expect(await corrupt.text()).toContain('<Code>BadDigest</Code>');

      const list = await (await fetch(`${s3.endpoint}/images?list-type=2&prefix=products/`, { headers: signed })).text();
      expect([...list.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1])).toEqual(['products/1/a.png', 'products/1/b.png']);
      expect((await fetch(s3.publicUrl('images', 'products/1/a.png'), { method: 'PUT', body: image })).status).toBe(403);
      expect((await fetch(s3.publicUrl('images', 'products/1/a.png'), { method: 'DELETE', headers: signed })).status).toBe(204);
      expect(s3.keys('images')).toEqual(['products/1/b.png']);
    } finally {
      await s3.stop();
    }
  });

  it(
    'nginx: round robin alternates over two instances, passes X-Forwarded-*, and streams events unbuffered',
    async () => {
      const held: http.ServerResponse[] = [];
      const instances = await Promise.all(
        ['A', 'B'].map(
          (name) =>
            new Promise<http.Server>((resolve) => {
              const server = http.createServer((req, res) => {
                if (req.url?.startsWith('/api/trpc/events')) {
                  res.writeHead(200, { 'content-type': 'text/event-stream' });
                  res.write(`data: from ${name}\n\n`);
                  held.push(res); // stays open, as a subscription does
                  return;
                }
                res.end(JSON.stringify({ name, forwardedFor: req.headers['x-forwarded-for'], proto: req.headers['x-forwarded-proto'] }));
              });
              // Above nginx's upstream keepalive_timeout (60 s), as the app's must be.
              server.keepAliveTimeout = 65_000;
              server.listen(0, '127.0.0.1', () => resolve(server));
            }),
        ),
      );
      const lb = await startBalancer({ upstreams: instances.map((server) => (server.address() as AddressInfo).port) });
      startTimes.push(`nginx ${lb.startSeconds} s`);
      try {
        const answers: { name: string; forwardedFor: string; proto: string }[] = [];
        for (let i = 0; i < 6; i++) answers.push(await (await fetch(`${lb.url}/api/thing`)).json());
        const names = answers.map((answer) => answer.name);
        expect(new Set(names)).toEqual(new Set(['A', 'B']));
        for (let i = 1; i < names.length; i++) expect(names[i]).not.toBe(names[i - 1]);
        expect(answers[0]).toMatchObject({ forwardedFor: '127.0.0.1', proto: 'http' });
        expect(lb.accessLog().filter((line) => line.includes('/api/thing'))).toHaveLength(6);

        const controller = new AbortController();
        const stream = await fetch(`${lb.url}/api/trpc/events`, { signal: controller.signal });
        const reader = stream.body!.getReader();
        const first = await Promise.race([
          reader.read().then(({ value }) => Buffer.from(value!).toString()),
          new Promise<string>((resolve) => setTimeout(() => resolve('nothing within 3 s'), 3000)),
        ]);
        expect(first).toMatch(/^data: from [AB]\n\n$/);
        controller.abort();
      } finally {
        for (const res of held) res.end();
        await lb.stop();
        await Promise.all(instances.map((server) => new Promise((resolve) => server.close(resolve))));
      }
      expect(fs.existsSync(lb.prefix)).toBe(false);
    },
    INSTALL_TIMEOUT,
  );

  it(
    "Caddy: the repo's Caddyfile over HTTP/2 with its certificate, compressing JSON and HTML only, /metrics refused",
    async () => {
      const upstream = await new Promise<http.Server>((resolve) => {
        const server = http.createServer((req, res) => {
          const seen = { proto: req.headers['x-forwarded-proto'], forwardedFor: req.headers['x-forwarded-for'], padding: 'x'.repeat(2000) };
          if (req.url === '/icon.png') res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(2000));
          else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen));
        });
        server.keepAliveTimeout = 65_000;
        server.listen(0, '127.0.0.1', () => resolve(server));
      });
      const caddy = await startCaddy({ upstream: (upstream.address() as AddressInfo).port });
      startTimes.push(`caddy ${caddy.startSeconds} s`);
      // An HTTP/2 session that trusts exactly Caddy's certificate, as Chromium does with its SPKI hash.
      const session = http2.connect(caddy.url, { ca: caddy.certificate });
      const get = (urlPath: string) =>
        new Promise<{ status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
          const stream = session.request({ ':path': urlPath, 'accept-encoding': 'gzip' });
          const chunks: Buffer[] = [];
          let head: http2.IncomingHttpHeaders = {};
          stream.on('response', (headers) => (head = headers));
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve({ status: Number(head[':status']), encoding: head['content-encoding'] as string | undefined, body: Buffer.concat(chunks) }));
          stream.on('error', reject);
        });
      try {
        expect(caddy.config).toContain(`reverse_proxy 127.0.0.1:${(upstream.address() as AddressInfo).port} {`);
        const json = await get('/api/thing');
        expect(json).toMatchObject({ status: 200, encoding: 'gzip' });
        expect(JSON.parse(zlib.gunzipSync(json.body).toString())).toMatchObject({ proto: 'https', forwardedFor: '127.0.0.1' });
        expect(await get('/icon.png')).toMatchObject({ status: 200, encoding: undefined });
        expect((await get('/metrics')).status).toBe(404);
      } finally {
        session.close();
        await caddy.stop();
        await new Promise((resolve) => upstream.close(resolve));
      }
      expect(fs.existsSync(caddy.dir)).toBe(false);
    },
    INSTALL_TIMEOUT,
  );
});
