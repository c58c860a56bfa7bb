// Types of app.mjs for the TypeScript tests that import it.

export interface TestApp {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Its temporary folder (removed by stop()). */
  dir: string;
  startSeconds: number;
  /** The last 64 KB of its output. */
  output(): string;
  /** SIGTERM (graceful shutdown), then the folder is removed. */
  stop(): Promise<void>;
}

export function startApp(options: {
  name: string;
  /** On top of this process's environment and the instance's own PORT, HOST, folders and NODE_ENV=production. */
  env: Record<string, string>;
  /** The build to run (default: BUILD_DIR or dist). */
  build?: string;
  /** Where its stdout and stderr go. */
  logFile?: string;
  timeoutMs?: number;
}): Promise<TestApp>;
