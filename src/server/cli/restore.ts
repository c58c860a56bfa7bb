import path from 'node:path';
import { BackupError, backupDatabaseOf, restoreBackup } from '../backup/backup.service';
import { loadEnv } from '../env';

const USAGE = `Usage: npm run restore -- FILE
Puts the database and uploads of a backup written by "npm run backup" in place of DATABASE_PATH and
UPLOADS_DIR. Stop the server first; the data it replaces is kept beside it. With DATABASE_URL it
restores a PostgreSQL backup into that database, which must be empty (pg_restore must be installed).`;

/** `npm run restore -- FILE`: refuses while the database is in use, checks everything, then swaps. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const [file] = args;
  if (args.length !== 1 || !file || file.startsWith('-')) {
    console.error(USAGE);
    process.exit(file === '--help' || file === '-h' ? 0 : 2);
  }
  const env = loadEnv();
  const started = performance.now();
  try {
    // With STORAGE=s3 the images are in the bucket: the uploads folder is not the app's, and is left alone.
    const uploadsDir = env.STORAGE === 's3' ? null : env.UPLOADS_DIR;
    const restored = await restoreBackup({ file, database: backupDatabaseOf(env), uploadsDir, now: new Date() });
    const { manifest } = restored;
    const into = env.DATABASE_URL ? 'the PostgreSQL database in DATABASE_URL' : path.resolve(env.DATABASE_PATH);
    console.log(
      `Restored ${path.resolve(file)} (taken ${manifest.createdAt}): ${manifest.orders} orders` +
        (uploadsDir ? ` and ${manifest.uploads.files} upload files, into ${into} and ${path.resolve(uploadsDir)}` : `, into ${into}`) +
        ` in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (env.STORAGE === 's3') console.log(`The images are in the bucket "${env.S3_BUCKET ?? ''}" (STORAGE=s3): a backup does not hold them, and the restore left it as it was.`);
    const kept = [restored.keptDatabase, restored.keptUploads].filter(Boolean);
    if (kept.length > 0) console.log(`The data it replaced is kept in ${kept.join(' and ')}: delete it once the restored shop looks right.`);
    if (restored.missingImages.length > 0) {
      console.warn(`Warning: ${restored.missingImages.length} image files the database refers to are not in the backup (e.g. ${restored.missingImages[0]}).`);
    }
    console.log('Start the server again (docker compose start app, or npm start).');
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : error);
    if (!(error instanceof BackupError)) console.error('The restore failed for the reason above; the current data was left as it was.');
    process.exitCode = 1;
  }
}

void main();
