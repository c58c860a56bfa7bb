// Types of caddy.mjs for the TypeScript tests that import it.

export interface TestCaddy {
  /** https://127.0.0.1:<port> */
  url: string;
  port: number;
  dir: string;
  /** Base64 SHA-256 of the certificate's public key, for Chromium's --ignore-certificate-errors-spki-list. */
  spkiHash: string;
  /** The self-signed certificate (PEM). */
  certificate: string;
  /** The Caddyfile it runs with. */
  config: string;
  startSeconds: number;
  output(): string;
  stop(): Promise<void>;
}

export function caddyPath(): string;

export function caddyfileFor(options: { port: number; upstream: string; cert: string; key: string; dir: string; source?: string }): string;

export function startCaddy(options: { upstream: string | number; port?: number; timeoutMs?: number }): Promise<TestCaddy>;
