/** A size for the command-line tools' output: KB below a megabyte (at least 1 KB for any bytes), else MB with one decimal. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${bytes === 0 ? 0 : Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
