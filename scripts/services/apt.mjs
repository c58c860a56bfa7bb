// Installs a Debian package with apt when what a test service needs is missing, as `npm test` does
// for Chromium: through sudo unless we are root, never asking questions.
import { spawnSync } from 'node:child_process';

/**
 * Makes sure `isInstalled()` holds, installing `packages` with apt-get when it does not (without their
 * recommended packages unless `recommends`; from the package lists as they are, updated only if that
 * fails, unless `refresh` asks for today's lists first: a browser's security releases are only in
 * those). Throws a clear error when apt is missing or the install fails, so a test never skips silently.
 */
export function ensureDebianPackages(packages, isInstalled, what, { recommends = false, refresh = false } = {}) {
  if (isInstalled()) return;
  const root = process.getuid?.() === 0;
  if (spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(`${what} is missing and apt-get is not available to install it (Debian package: ${packages.join(' ')}).`);
  }
  if (!root && spawnSync('sh', ['-c', 'command -v sudo'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(`${what} is missing; installing ${packages.join(' ')} needs root or sudo, and neither is available.`);
  }
  console.error(`${what} is missing: installing Debian ${packages.join(' ')} with apt...`);
  // RUNLEVEL=1 keeps invoke-rc.d from starting the package's own service (nginx on port 80, the
  // postgresql@15-main cluster on 5432) inside a container with no init system.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
  const apt = (...args) => {
    const command = root ? ['apt-get', ...args] : ['sudo', '--preserve-env=DEBIAN_FRONTEND,RUNLEVEL', 'apt-get', ...args];
    // apt's output goes to stderr: a CLI's stdout carries only the KEY=value lines.
    const result = spawnSync(command[0], command.slice(1), { stdio: ['ignore', 2, 2], env });
    return result.status === 0;
  };
  const install = ['install', '-y', '-qq', ...(recommends ? [] : ['--no-install-recommends']), ...packages];
  const installed = refresh ? apt('update', '-qq') && apt(...install) : apt(...install) || (apt('update', '-qq') && apt(...install));
  if (!installed || !isInstalled()) {
    throw new Error(`${what} is missing and \`apt-get install ${packages.join(' ')}\` did not provide it (see apt's output above).`);
  }
}
