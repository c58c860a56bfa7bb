import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants';
import { MAX_SAVED, parseStoredSaved, SAVED_FULL_MESSAGE, type SavedEntry, type StoredSaved } from '../../../shared/saved';

/**
 * Saved products in the browser (issue 50) under `saved`: a guest's list, or the signed-in account's
 * copy of its ids (`owner`), which the server keeps. One snapshot for every heart on the page; other
 * tabs' changes arrive through the `storage` event.
 */
let snapshot: StoredSaved = read();
let ids = new Set(snapshot.entries.map((e) => e.productId));
const listeners = new Set<() => void>();

function read(): StoredSaved {
  try {
    return parseStoredSaved(window.localStorage.getItem(STORAGE_KEYS.saved));
  } catch {
    return { owner: null, entries: [] };
  }
}

function publish(next: StoredSaved): void {
  snapshot = next;
  ids = new Set(next.entries.map((e) => e.productId));
  for (const listener of listeners) listener();
}

function write(next: StoredSaved): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.saved, JSON.stringify(next));
  } catch {
    // Storage full or disabled (private mode): the list still works for this tab.
  }
  publish(next);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.saved || event.key === null) publish(read());
  });
}

/** Thrown when a guest's list is full; its message is for the buyer. */
export class SavedFullError extends Error {
  constructor() {
    super(SAVED_FULL_MESSAGE);
    this.name = 'SavedFullError';
  }
}

export const savedStore = {
  get: () => snapshot,
  has: (productId: number) => ids.has(productId),
  /** Adds (newest first) or removes one product; a full list refuses a new one. */
  set(entry: SavedEntry, saved: boolean): void {
    const rest = snapshot.entries.filter((e) => e.productId !== entry.productId);
    if (!saved) return write({ ...snapshot, entries: rest });
    if (!ids.has(entry.productId) && snapshot.entries.length >= MAX_SAVED) throw new SavedFullError();
    write({ ...snapshot, entries: [entry, ...rest] });
  },
  /** The account's list as the server has it (after a sign-in's merge, or a page load). */
  replace: (owner: number | null, productIds: readonly number[]) =>
    write({ owner, entries: productIds.map((productId) => ({ productId, price: 0, currency: 'PKR', savedAt: '' })) }),
  /** Signing out: a shared phone keeps nothing of the account. */
  clear: () => write({ owner: null, entries: [] }),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const GUEST: StoredSaved = { owner: null, entries: [] };

/** Whether a product is saved; false on the server and while a page hydrates (the server cannot see localStorage). */
export function useIsSaved(productId: number): boolean {
  return useSyncExternalStore(savedStore.subscribe, () => ids.has(productId), () => false);
}

/** The whole browser list. */
export function useSavedList(): StoredSaved {
  return useSyncExternalStore(savedStore.subscribe, savedStore.get, () => GUEST);
}
