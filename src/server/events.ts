import { EventEmitter, on, setMaxListeners } from 'node:events';

/** Things that happened, for live screens (tRPC subscriptions over server-sent events). */
export interface AppEventMap {
  'order.created': { shopId: number; orderId: number; orderNumber: string };
  'order.updated': { shopId: number | null; orderId: number; buyerId: number | null };
}

/** One event with its name, for listeners of several kinds at once. */
export type AppEvent<K extends keyof AppEventMap = keyof AppEventMap> = { [N in K]: { name: N; payload: AppEventMap[N] } }[K];

// Every event is also emitted here, so one listener (one SSE stream) can follow several kinds.
const ANY = Symbol('any event');

export class AppEvents {
  private readonly emitter = new EventEmitter({ captureRejections: false });
  private readonly closing = new AbortController();

  constructor() {
    this.emitter.setMaxListeners(0);
    // One listener per live stream; many streams are normal, not a leak.
    setMaxListeners(0, this.closing.signal);
  }

  emit<K extends keyof AppEventMap>(name: K, payload: AppEventMap[K]): void {
    this.emitter.emit(name, payload);
    this.emitter.emit(ANY, { name, payload });
  }

  /**
   * Ends every listener, as the server shuts down. A live stream ends the way a dropped connection
   * does (an abort, not a completed subscription), so its client reconnects: to this server once it
   * is back, or to another instance.
   */
  close(): void {
    this.closing.abort();
  }

  /** What is emitted under `name` until the listener's own signal or the server's closing aborts. */
  private async *until<T>(name: string | symbol, signal: AbortSignal | undefined): AsyncGenerator<T> {
    // Linked by hand rather than AbortSignal.any, and unlinked when the listener ends: a server runs
    // for months and opens a stream per visit.
    const stop = new AbortController();
    const abort = () => stop.abort();
    for (const source of [signal, this.closing.signal]) {
      if (source?.aborted) stop.abort();
      source?.addEventListener('abort', abort, { once: true });
    }
    try {
      for await (const [value] of on(this.emitter, name, { signal: stop.signal })) yield value as T;
    } finally {
      signal?.removeEventListener('abort', abort);
      this.closing.signal.removeEventListener('abort', abort);
    }
  }

  listen<K extends keyof AppEventMap>(name: K, signal: AbortSignal | undefined): AsyncGenerator<AppEventMap[K]> {
    return this.until<AppEventMap[K]>(name, signal);
  }

  async *listenAny<K extends keyof AppEventMap>(names: readonly K[], signal: AbortSignal | undefined): AsyncGenerator<AppEvent<K>> {
    for await (const event of this.until<AppEvent>(ANY, signal)) {
      if ((names as readonly string[]).includes(event.name)) yield event as AppEvent<K>;
    }
  }
}
