// Types of balancer.mjs for the TypeScript tests that import it.

export interface BalancerTuning {
  /** client_max_body_size (default "6m"). */
  maxBodySize?: string;
  /** Idle keep-alive connections nginx keeps per upstream pool (default 16). */
  upstreamKeepalive?: number;
  /** How long nginx keeps an idle upstream connection (default "60s"): the app's must be longer. */
  upstreamKeepaliveTimeout?: string;
  /** proxy_read_timeout for /api/trpc/ (server-sent events; default "1h"). */
  streamReadTimeout?: string;
}

export interface TestBalancer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  prefix: string;
  /** The nginx.conf it runs with. */
  config: string;
  startSeconds: number;
  /** Access log lines: `… status upstream=host:port upstream_status=… time=…`. */
  accessLog(): string[];
  errorLog(): string;
  stop(): Promise<void>;
}

export function nginxPath(): string;

export function nginxConfig(options: BalancerTuning & { prefix: string; port: number; upstreams: (string | number)[] }): string;

export function startBalancer(options: BalancerTuning & { upstreams: (string | number)[]; timeoutMs?: number }): Promise<TestBalancer>;
