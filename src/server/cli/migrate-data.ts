import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { authSecretFile } from '../auth/secret';
import { createPostgresDb } from '../db/client';
import { CopyDataError, copySqliteToPostgres, type TableCount } from '../db/copy-data';
import { loadEnv } from '../env';

const USAGE = `Usage: npm run migrate-data -- --from FILE.sqlite --to postgres://USER:PASSWORD@HOST:PORT/DATABASE
Copies every table of the SQLite database into an empty PostgreSQL database (migrated to the latest
schema first), keeping ids, in one transaction, and checks the row counts. Stop the server first:
what it writes after the copy started is not copied.`;

/** `npm run migrate-data -- --from FILE --to URL`: a single-box install moved onto PostgreSQL. */
async function main(): Promise<void> {
  let values: { from?: string; to?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help || !values.from || !values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const env = loadEnv();
  const started = performance.now();
  const db = createPostgresDb(values.to, 2);
  try {
    const counts = await copySqliteToPostgres({ from: values.from, to: db });
    console.log(table(counts));
    const rows = counts.reduce((sum, c) => sum + c.source, 0);
    console.log(
      `Copied ${rows} rows in ${counts.length} tables from ${values.from} in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `every count matches, identity sequences continue after the copied ids.`,
    );
    console.log(
      `Next: the images are not in the database. Copy the uploads folder (${path.resolve(env.UPLOADS_DIR)}) into the bucket ` +
        `with npm run copy-uploads (the S3_* variables name the bucket), then start the app with DATABASE_URL and STORAGE=s3.`,
    );
    // The sessions were copied: signed with the same secret, their cookies stay valid on PostgreSQL.
    const secretFile = authSecretFile(path.dirname(path.resolve(values.from)));
    console.log(
      fs.existsSync(secretFile)
        ? `Give every instance AUTH_SECRET="$(cat ${secretFile})" (the secret the SQLite server generated), so nobody is signed out.`
        : 'Give every instance the AUTH_SECRET the SQLite server used, so nobody is signed out.',
    );
  } catch (error) {
    if (error instanceof CopyDataError && error.counts.length > 0) console.log(table(error.counts));
    console.error(error instanceof CopyDataError ? error.message : error);
    if (!(error instanceof CopyDataError)) console.error('The copy failed for the reason above; nothing was committed.');
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

function table(counts: TableCount[]): string {
  const width = Math.max(5, ...counts.map((c) => c.table.length));
  const line = (name: string, source: string, target: string, mark: string) => `${name.padEnd(width)}  ${source.padStart(8)}  ${target.padStart(8)}  ${mark}`;
  return [
    line('table', 'sqlite', 'postgres', ''),
    ...counts.map((c) => line(c.table, String(c.source), String(c.target), c.source === c.target ? 'ok' : 'MISMATCH')),
  ].join('\n');
}

void main();
