import fs from 'node:fs';
import path from 'node:path';
import { buildIsOlderThanSources } from '../../scripts/build-freshness.mjs';
import { startApp } from '../../scripts/services/app.mjs';
import { startBalancer } from '../../scripts/services/balancer.mjs';
import { startPostgres } from '../../scripts/services/postgres.mjs';
import { startS3 } from '../../scripts/services/s3.mjs';
import { SCALE_ADMIN, type ScaleStack } from './scale-fixtures';

// The scaled-out install of issue 12 on loopback, for playwright.scale.config.ts: a throw-away
// PostgreSQL, the S3 test server, two instances of the built server (BUILD_DIR or dist) on the same
// database and bucket with the same AUTH_SECRET, and nginx round robin in front (no sticky sessions).
// Images are loaded from the bucket's public URL (S3_PUBLIC_URL), another origin, as behind a CDN.
// The returned teardown stops and removes them all; when the run is interrupted (Ctrl-C) or dies,
// the services' exit hooks do (scripts/services/lifecycle.mjs).

const BUCKET = 'scale-uploads';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const build = process.env.BUILD_DIR ?? 'dist';
  if (buildIsOlderThanSources(build)) console.warn(`scale run: the build in ${build} is older than the sources; \`npm run build\` to test the current code.`);
  const logs = path.resolve(process.env.E2E_SCALE_LOGS ?? '.e2e/scale');
  fs.rmSync(logs, { recursive: true, force: true });
  fs.mkdirSync(logs, { recursive: true });

  const stops: Array<() => Promise<void>> = [];
  const teardown = async () => {
    // In reverse: the balancer first, the database last.
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error('scale run: stopping a service failed:', error));
  };
  try {
    const [postgres, s3] = await Promise.all([startPostgres({ database: 'marketplace' }), startS3({ buckets: [BUCKET] })]);
    stops.push(
      () => postgres.stop(),
      () => s3.stop(),
    );
    const env = {
      DATABASE_URL: postgres.url,
      DATABASE_POOL_SIZE: '5',
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      // Browsers load images from the bucket's public URL, another origin (a port of its own), as from a CDN.
      S3_PUBLIC_URL: `${s3.endpoint}/${BUCKET}`,
      AUTH_SECRET: 'scale-secret-that-is-long-enough-0123456789',
      ADMIN_EMAIL: SCALE_ADMIN.email,
      ADMIN_PASSWORD: SCALE_ADMIN.password,
      SUPPORT_WHATSAPP: '15550001111',
      // nginx appends the browser's address to X-Forwarded-For: one proxy hop is believed.
      TRUST_PROXY: '1',
      SHUTDOWN_TIMEOUT_S: '2',
    };
    // Both at once, as a container platform starts them: migrations and the first admin must cope.
    const instances = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const app = await startApp({ name, env, build, logFile: path.join(logs, `app-${name}.log`) });
        stops.push(() => app.stop());
        return app;
      }),
    );
    const balancer = await startBalancer({ upstreams: instances.map((app) => app.port) });
    stops.push(async () => {
      // Which instance served each request, kept for reading after a failure.
      fs.writeFileSync(path.join(logs, 'nginx-access.log'), `${balancer.accessLog().join('\n')}\n`);
      fs.writeFileSync(path.join(logs, 'nginx-error.log'), balancer.errorLog());
      await balancer.stop();
    });
    const stack: ScaleStack = {
      balancerUrl: balancer.url,
      instanceUrls: [instances[0]!.url, instances[1]!.url],
      imagesUrl: env.S3_PUBLIC_URL,
      stateDir: path.join(logs, 'state'),
    };
    fs.mkdirSync(stack.stateDir);
    // Playwright starts its workers after this: they inherit the environment.
    process.env.E2E_SCALE_STACK = JSON.stringify(stack);
    console.log(
      `scale run: PostgreSQL ${postgres.version.split(' ')[0]}, S3 test server, instances ${stack.instanceUrls.join(' and ')} behind nginx ${balancer.url}, ` +
        `up in ${((Date.now() - started) / 1000).toFixed(1)} s; logs in ${path.relative(process.cwd(), logs)}`,
    );
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
