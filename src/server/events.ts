import { EventEmitter, on } from 'node:events';

/** Things that happened, for live screens (tRPC subscriptions over server-sent events). */
export interface AppEventMap {
  'order.created': { shopId: number; orderId: number; orderNumber: string };
  'order.updated': { shopId: number | null; orderId: number; buyerId: number | null };
}

export class AppEvents {
  private readonly emitter = new EventEmitter({ captureRejections: false });

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  emit<K extends keyof AppEventMap>(name: K, payload: AppEventMap[K]): void {
    this.emitter.emit(name, payload);
  }

  async *listen<K extends keyof AppEventMap>(name: K, signal: AbortSignal | undefined): AsyncGenerator<AppEventMap[K]> {
    for await (const [payload] of on(this.emitter, name, signal ? { signal } : {})) {
      yield payload as AppEventMap[K];
    }
  }
}
