import { EventEmitter, on } from 'node:events';

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

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  emit<K extends keyof AppEventMap>(name: K, payload: AppEventMap[K]): void {
    this.emitter.emit(name, payload);
    this.emitter.emit(ANY, { name, payload });
  }

  async *listen<K extends keyof AppEventMap>(name: K, signal: AbortSignal | undefined): AsyncGenerator<AppEventMap[K]> {
    for await (const [payload] of on(this.emitter, name, signal ? { signal } : {})) {
      yield payload as AppEventMap[K];
    }
  }

  async *listenAny<K extends keyof AppEventMap>(names: readonly K[], signal: AbortSignal | undefined): AsyncGenerator<AppEvent<K>> {
    for await (const [event] of on(this.emitter, ANY, signal ? { signal } : {})) {
      if ((names as readonly string[]).includes((event as AppEvent).name)) yield event as AppEvent<K>;
    }
  }
}
