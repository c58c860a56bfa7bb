// The Node this app needs, checked before anything loads better-sqlite3 (version 13 crashes on older Node).

/** Exits with a clear message on a Node older than 24. */
export function requireNode24() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 24) return;
  console.error(
    `Node ${process.versions.node} is too old: this app needs Node 24. Run it through npm ("npm start", "npm run ...") after ` +
      '"npm install", which uses the Node pinned in package.json (make sure install scripts were not skipped).',
  );
  process.exit(1);
}
