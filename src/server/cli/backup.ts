import path from 'node:path';
import { BackupError, backupFolder, createBackup } from '../backup/backup.service';
import { loadEnv } from '../env';

const USAGE = `Usage: npm run backup -- [FILE.tar.gz | FOLDER]
Writes the database and the uploads folder into one .tar.gz while the server runs. Without an
argument it writes into BACKUP_DIR, or into backups/ beside the database.`;

/** `npm run backup -- [FILE]`: one consistent backup, and where it went. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error(USAGE);
    process.exit(args[0] === '--help' || args[0] === '-h' ? 0 : 2);
  }
  const env = loadEnv();
  if (env.DATABASE_URL) {
    console.error(
      'This backup copies a SQLite database file; with DATABASE_URL set the data is in PostgreSQL. ' +
        "Back it up with PostgreSQL's own tools: pg_dump --format=custom \"$DATABASE_URL\" > marketplace.dump " +
        '(restore with pg_restore), and the uploads folder or bucket separately.',
    );
    process.exit(2);
  }
  const started = performance.now();
  try {
    const backup = await createBackup({
      databasePath: env.DATABASE_PATH,
      uploadsDir: env.UPLOADS_DIR,
      target: args[0] ?? backupFolder(env),
      now: new Date(),
    });
    const { manifest } = backup;
    console.log(
      `Backup written to ${backup.file}: ${size(backup.bytes)} (database ${size(manifest.database.bytes)} with ` +
        `${manifest.orders} orders, ${manifest.uploads.files} upload files ${size(manifest.uploads.bytes)}) ` +
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

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${bytes === 0 ? 0 : Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

void main();
