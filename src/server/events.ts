import { EventEmitter, on, setMaxListeners } from 'node:events';
import { z } from 'zod';

const id = z.number().int();

// Small on purpose (ids and numbers, never a view): on PostgreSQL they travel to the other instances
// as NOTIFY payloads (db/signals.ts), which are read back through this schema.
const appEventSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('order.created'), payload: z.object({ shopId: id, orderId: id, orderNumber: z.string() }) }),
  z.object({ name: z.literal('order.updated'), payload: z.object({ shopId: id.nullable(), orderId: id, buyerId: id.nullable() }) }),
]);

type AnyAppEvent = z.infer<typeof appEventSchema>;

/** Things that happened, for live screens (tRPC subscriptions over server-sent events). */
export type AppEventMap = { [E in AnyAppEvent as E['name']]: E['payload'] };

/** One event with its name, for listeners of several kinds at once. */
export type AppEvent<K extends keyof AppEventMap = keyof AppEventMap> = { [N in K]: { name: N; payload: AppEventMap[N] } }[K];

/** An event read back from elsewhere (another instance's notification); null when it is not one. */
export function parseAppEvent(value: unknown): AppEvent | null {
  const parsed = appEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// Every event is also emitted here, so one listener (one SSE stream) can follow several kinds.
const ANY = Symbol('any event');

export class AppEvents {
  private readonly emitter = new EventEmitter({ captureRejections: false });
  private readonly closing = new AbortController();
  private relay: ((event: AppEvent) => void) | null = null;

  constructor() {
    this.emitter.setMaxListeners(0);
    // One listener per live stream; many streams are normal, not a leak.
    setMaxListeners(0, this.closing.signal);
  }

  /**
   * Announces something that happened, once its transaction has committed: to this instance's
   * listeners at once, and through the relay (db/signals.ts on PostgreSQL) to the other instances.
   */
  emit<K extends keyof AppEventMap>(name: K, payload: AppEventMap[K]): void {
    const event = { name, payload } as AppEvent;
    this.deliver(event);
    this.relay?.(event);
  }

  /** An event, to this instance's listeners only: what another instance emitted arrives here. */
  deliver(event: AppEvent): void {
    this.emitter.emit(event.name, event.payload);
    this.emitter.emit(ANY, event);
  }

  /** Sends every event emitted from now on to the other instances too (SQLite: one process, none). */
  relayTo(relay: (event: AppEvent) => void): void {
    this.relay = relay;
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
