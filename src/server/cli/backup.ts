import path from 'node:path';
import { BackupError, backupDatabaseOf, backupFolder, createBackup } from '../backup/backup.service';
import { loadEnv } from '../env';
import { formatSize } from './format';

const USAGE = `Usage: npm run backup -- [FILE.tar.gz | FOLDER]
Writes the database and the uploads folder into one .tar.gz while the server runs. Without an
argument it writes into BACKUP_DIR, or into backups/ beside the database. With DATABASE_URL the
database part is pg_dump's (PostgreSQL's client tools must be installed).`;

/** `npm run backup -- [FILE]`: one consistent backup, and where it went. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error(USAGE);
    process.exit(args[0] === '--help' || args[0] === '-h' ? 0 : 2);
  }
  const env = loadEnv();
  const started = performance.now();
  try {
    const backup = await createBackup({
      database: backupDatabaseOf(env),
      // With STORAGE=s3 the images are in the bucket, which the operator backs up with its own tools.
      uploadsDir: env.STORAGE === 's3' ? null : env.UPLOADS_DIR,
      target: args[0] ?? backupFolder(env),
      now: new Date(),
    });
    const { manifest } = backup;
    console.log(
      `Backup written to ${backup.file}: ${formatSize(backup.bytes)} (database ${formatSize(manifest.database.bytes)} with ` +
        `${manifest.orders} orders, ${manifest.uploads.files} upload files ${formatSize(manifest.uploads.bytes)}) ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (env.STORAGE === 's3') {
      console.warn(
        `Note: uploads are in the bucket "${env.S3_BUCKET ?? ''}" (STORAGE=s3), which this backup does not hold; ` +
          `back the bucket up with its own versioning or replication.`,
      );
    } else if (backup.missingImages.length > 0) {
      console.warn(
        `Warning: ${backup.missingImages.length} image files the database refers to were already missing from ` +
          `${path.resolve(env.UPLOADS_DIR)} (e.g. ${backup.missingImages[0]}); the backup cannot hold them.`,
      );
    }
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : error);
    if (!(error instanceof BackupError)) console.error('The backup failed for the reason above; no backup was written.');
    process.exitCode = 1;
  }
}

void main();
