import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../env';
import { formatSize } from './format';
import { CopyUploadsError, copyUploads } from '../uploads/copy-uploads';
import { s3Storage } from '../uploads/storage';

const USAGE = `Usage: npm run copy-uploads -- [--from FOLDER]
Copies every file of the uploads folder (UPLOADS_DIR, or FOLDER) into the bucket of the S3_* variables
(S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_ENDPOINT, S3_REGION) under the same keys,
skipping objects already there with the same size, then checks every one. Safe to run again.`;

/** `npm run copy-uploads`: a single-box install's images moved into the bucket of STORAGE=s3. */
async function main(): Promise<void> {
  let values: { from?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { from: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const env = loadEnv();
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name]);
  if (missing.length > 0) {
    console.error(`Set ${missing.join(', ')} (and S3_ENDPOINT unless the bucket is on AWS S3): the bucket to copy into.\n${USAGE}`);
    process.exit(2);
  }
  const from = path.resolve(values.from ?? env.UPLOADS_DIR);
  const to = s3Storage({
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
  });
  const started = performance.now();
  let reported = 0;
  try {
    console.log(`Copying ${from} into the ${to.description}...`);
    const result = await copyUploads({
      from,
      to,
      onProgress(done, total) {
        if (done - reported >= 1000) {
          reported = done;
          console.log(`  ${done} of ${total} files`);
        }
      },
    });
    console.log(
      `${result.files} files (${formatSize(result.bytes)}): ${result.copied} copied (${formatSize(result.copiedBytes)}), ` +
        `${result.skipped} already there with the same size. Verified: all ${result.files} files are in the bucket ` +
        `with their sizes (${result.bytes} bytes), in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } catch (error) {
    console.error(error instanceof CopyUploadsError ? error.message : error);
    if (!(error instanceof CopyUploadsError)) console.error('The copy stopped for the reason above; run it again to copy the rest.');
    process.exitCode = 1;
  }
}

void main();
