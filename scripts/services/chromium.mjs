// Debian's Chromium, the browser of the Playwright tests, Lighthouse and the screenshots (never a
// downloaded one: only the npm registry and apt are reachable), installed with apt when missing.
import fs from 'node:fs';
import { ensureDebianPackages } from './apt.mjs';

/** Where Debian puts it, and where the Playwright configs look. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The Chromium of Lighthouse and the screenshots: CHROME_PATH names another one. */
export const CHROMIUM = process.env.CHROME_PATH || DEBIAN_CHROMIUM;

/**
 * Makes sure the Chromium at `executable` exists, installing Debian's chromium when Debian's is the one
 * missing: from freshly updated package lists (a machine's own lists can be months old, and name a
 * Chromium whose offline emulation does not cover a service worker's requests: pwa.spec.ts failed with
 * 150, passes with 156), with its recommended packages (the fonts the pages are drawn with). Throws a
 * clear error otherwise. Returns the path.
 */
export function ensureChromium(executable = CHROMIUM) {
  if (fs.existsSync(executable)) return executable;
  if (executable !== DEBIAN_CHROMIUM) throw new Error(`Chromium is not at ${executable} (CHROME_PATH).`);
  ensureDebianPackages(['chromium'], () => fs.existsSync(executable), `Chromium (${executable})`, { recommends: true, refresh: true });
  return executable;
}
