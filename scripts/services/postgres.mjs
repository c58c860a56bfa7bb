// A throw-away PostgreSQL server for tests: Debian's `postgresql` (installed with apt when missing),
// a new cluster in a temporary folder (in shared memory when there is room: lifecycle.mjs), trust authentication on 127.0.0.1 only, a free port, its unix
// socket inside that folder, durability off (fsync, synchronous_commit, full_page_writes) since the
// data is thrown away. stop() (or the process exiting or being interrupted) removes it all.
//
// As root: initdb and postgres refuse to run as root, so both run as Debian's `postgres` system user
// (created by postgresql-common), the cluster's folder being handed to that user. Clients (psql, the
// app's `pg` pool) connect over TCP as the database superuser `postgres` from any OS user.
//
// CLI: `npx node scripts/services/postgres.mjs start` prints DATABASE_URL=… and keeps the server
// until Ctrl-C; `install` only makes sure the package is there; `--help` says more.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureDebianPackages } from './apt.mjs';
import { cleanupAtExit, freePort, makeTempDir, runCli, secondsSince, serveUntilSignal, spawnService, stopAndRemove, stopChildSync } from './lifecycle.mjs';

const run = promisify(execFile);
const LIB = '/usr/lib/postgresql';
const SUPERUSER = 'postgres';

/** The newest installed server's bin folder (/usr/lib/postgresql/<version>/bin), or null. */
function findBinDir() {
  if (!fs.existsSync(LIB)) return null;
  const versions = fs
    .readdirSync(LIB)
    .filter((version) => ['initdb', 'postgres', 'psql'].every((tool) => fs.existsSync(path.join(LIB, version, 'bin', tool))))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(LIB, versions[0], 'bin') : null;
}

/** The server's bin folder, installing Debian's `postgresql` with apt when no server is installed. */
export function postgresBinDir() {
  ensureDebianPackages(['postgresql'], () => findBinDir() !== null, `A PostgreSQL server (initdb and postgres under ${LIB}/<version>/bin)`);
  return /** @type {string} */ (findBinDir());
}

/** As root: the `postgres` system user's ids, which initdb and postgres run as. Otherwise null. */
function serverUser() {
  if (process.getuid?.() !== 0) return null;
  const id = (flag) => spawnSync('id', [flag, SUPERUSER], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error(`Running as root, PostgreSQL must run as another user, but the "${SUPERUSER}" system user does not exist (Debian's postgresql-common creates it).`);
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * Starts a new PostgreSQL cluster and creates `database` in it.
 * @param {{ database?: string, timeoutMs?: number, settings?: Record<string, string | number> }} [options]
 */
export async function startPostgres({ database = 'test', timeoutMs = 30_000, settings = {} } = {}) {
  const started = Date.now();
  const binDir = postgresBinDir();
  const owner = serverUser();
  const dir = makeTempDir('pg-test', { inMemory: true });
  const dataDir = path.join(dir, 'data');
  const socketDir = path.join(dir, 'socket');
  let child = null;
  const forget = cleanupAtExit(() => {
    // Immediate shutdown: the postmaster stops its children, then exits.
    stopChildSync(child, 'SIGQUIT');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
  try {
    for (const folder of [dataDir, socketDir]) {
      fs.mkdirSync(folder, { mode: 0o700 });
      if (owner) fs.chownSync(folder, owner.uid, owner.gid);
    }
    const env = { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8', HOME: dir };
    const initdb = spawnSync(
      path.join(binDir, 'initdb'),
      ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions'],
      { encoding: 'utf8', env, cwd: dir, ...asOwner },
    );
    if (initdb.status !== 0) throw new Error(`initdb failed (${initdb.error?.message ?? `exit code ${initdb.status}`}):\n${initdb.stderr}${initdb.stdout}`);

    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const options = {
        listen_addresses: '127.0.0.1',
        port,
        unix_socket_directories: socketDir,
        fsync: 'off',
        synchronous_commit: 'off',
        full_page_writes: 'off',
        max_connections: 200,
        ...settings,
      };
      const args = ['-D', dataDir, ...Object.entries(options).flatMap(([key, value]) => ['-c', `${key}=${value}`])];
      const service = spawnService(path.join(binDir, 'postgres'), args, {
        name: `PostgreSQL (${path.join(binDir, 'postgres')})`,
        ready: /database system is ready to accept connections/,
        timeoutMs,
        env,
        cwd: dir,
        ...asOwner,
      });
      child = service.child;
      try {
        await service.started;
        break;
      } catch (error) {
        // Another process took the port between freePort() and bind: try another one.
        if (attempt < 3 && /could not bind|could not create any TCP\/IP sockets|Address already in use/.test(service.output())) continue;
        throw error;
      }
    }

    const urlFor = (name) => `postgres://${SUPERUSER}@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    /** Runs SQL through the cluster's psql; resolves to its unaligned, tuples-only output. */
    const psql = async (sql, { database: db = database } = {}) => {
      try {
        const { stdout } = await run(
          path.join(binDir, 'psql'),
          ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-h', '127.0.0.1', '-p', String(port), '-U', SUPERUSER, '-d', db, '-c', sql],
          { env: { ...process.env, PGCONNECT_TIMEOUT: '10' } },
        );
        return stdout.trim();
      } catch (error) {
        throw new Error(`psql failed on "${sql}": ${error.stderr || error.message}`, { cause: error });
      }
    };
    /** Creates another database (optionally a copy of `template`, which must have no connections). */
    const createDatabase = async (name, { template } = {}) => {
      await psql(`create database ${quoteIdent(name)}${template ? ` template ${quoteIdent(template)}` : ''}`, { database: 'postgres' });
      return urlFor(name);
    };
    await createDatabase(database);
    const version = await psql('show server_version');

    const server = child;
    return {
      url: urlFor(database),
      host: '127.0.0.1',
      port,
      database,
      user: SUPERUSER,
      version,
      binDir,
      dataDir,
      startSeconds: secondsSince(started),
      urlFor,
      psql,
      createDatabase,
      /** Fast shutdown (SIGINT: disconnects clients), then the folder is removed. */
      stop: () => stopAndRemove({ child: server, signal: 'SIGINT', dir, forget }),
    };
  } catch (error) {
    await stopAndRemove({ child, signal: 'SIGQUIT', graceMs: 2000, dir, forget });
    throw error;
  }
}

const HELP = `Usage: npx node scripts/services/postgres.mjs <command> [options]

A throw-away PostgreSQL cluster for tests (Debian's postgresql, installed with apt when missing).

Commands:
  start      start a cluster on a free 127.0.0.1 port, print DATABASE_URL=… and more KEY=value
             lines, keep it until Ctrl-C (SIGINT/SIGTERM), then stop it and delete its folder
  install    only make sure the server is installed (apt-get install postgresql when missing)

Options (start):
  --database NAME   database to create (default: test)
  --timeout SEC     how long to wait for the server to be ready (default: 30)
`;

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  await runCli(process.argv.slice(2), HELP, {
    start: (options) =>
      serveUntilSignal(
        () => startPostgres({ database: options.database ?? 'test', timeoutMs: Number(options.timeout ?? 30) * 1000 }),
        (pg) => [`DATABASE_URL=${pg.url}`, `PG_BIN=${pg.binDir}`, `PG_VERSION=${pg.version}`, `# started in ${pg.startSeconds} s; Ctrl-C stops it and removes ${path.dirname(pg.dataDir)}`],
      ),
    install: () => console.log(`PG_BIN=${postgresBinDir()}`),
  });
}
