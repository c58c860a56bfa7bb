/**
 * Saved products (issue 50, product-decisions 7): a signed-in buyer's list lives on the server, a
 * guest's in the browser under `saved`, and the guest's list merges into the account's at sign-in.
 * Each entry keeps the unit price the buyer saw when saving, so /saved can say the price dropped.
 */
export interface SavedEntry {
  productId: number;
  /** Unit price in minor units when saved (after the product's discount). */
  price: number;
  currency: string;
  /** ISO time of the save: the newest come first. */
  savedAt: string;
  /** The product's name as shown when saved: what a guest's /saved says of one no longer available. */
  name?: string;
}

/** The most products one account (or one browser) keeps saved. */
export const MAX_SAVED = 500;
export const SAVED_FULL_MESSAGE = `You can save at most ${MAX_SAVED} products. Remove one you no longer want first.`;

/**
 * The guest's list merged into the account's: the account's own entries stay as they are (a product
 * on both lists keeps the account's price and time), the guest's others are added newest first while
 * there is room; `dropped` counts those that did not fit.
 */
export function mergeSaved(account: readonly SavedEntry[], guest: readonly SavedEntry[], max = MAX_SAVED): { entries: SavedEntry[]; added: SavedEntry[]; dropped: number } {
  const have = new Set(account.map((entry) => entry.productId));
  const fresh: SavedEntry[] = [];
  for (const entry of [...guest].sort(newestFirst)) {
    if (have.has(entry.productId)) continue;
    have.add(entry.productId);
    fresh.push(entry);
  }
  const room = Math.max(0, max - account.length);
  const added = fresh.slice(0, room);
  return { entries: [...account, ...added].sort(newestFirst), added, dropped: fresh.length - added.length };
}

function newestFirst(a: SavedEntry, b: SavedEntry): number {
  return a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : b.productId - a.productId;
}

/** What /saved says of a saved product now. */
export type SavedState = 'unavailable' | 'outOfStock' | 'priceDropped' | 'onSale';

export function savedState(now: { available: boolean; stock: number; price: number; currency: string }, saved: Pick<SavedEntry, 'price' | 'currency'> | null): SavedState {
  if (!now.available) return 'unavailable';
  if (now.stock <= 0) return 'outOfStock';
  if (saved && saved.currency === now.currency && now.price < saved.price) return 'priceDropped';
  return 'onSale';
}

/** The browser's copy: whose list it is (null: a guest's) and its entries. */
export interface StoredSaved {
  owner: number | null;
  entries: SavedEntry[];
}

/** Reads whatever is stored under `saved` (any script may have changed it): bad entries are dropped, at most MAX_SAVED kept. */
export function parseStoredSaved(raw: string | null): StoredSaved {
  let data: unknown;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    data = null;
  }
  if (!data || typeof data !== 'object') return { owner: null, entries: [] };
  const { owner, entries } = data as { owner?: unknown; entries?: unknown };
  const seen = new Set<number>();
  const kept: SavedEntry[] = [];
  for (const entry of Array.isArray(entries) ? entries : []) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    if (typeof e.productId !== 'number' || !Number.isSafeInteger(e.productId) || e.productId <= 0 || seen.has(e.productId)) continue;
    seen.add(e.productId);
    kept.push({
      productId: e.productId,
      price: typeof e.price === 'number' && Number.isSafeInteger(e.price) && e.price >= 0 ? e.price : 0,
      currency: typeof e.currency === 'string' && /^[A-Z]{3}$/.test(e.currency) ? e.currency : 'PKR',
      savedAt: typeof e.savedAt === 'string' && e.savedAt.length <= 30 ? e.savedAt : '',
      ...(typeof e.name === 'string' ? { name: e.name.slice(0, 200) } : {}),
    });
  }
  return { owner: typeof owner === 'number' && Number.isSafeInteger(owner) && owner > 0 ? owner : null, entries: kept.slice(0, MAX_SAVED) };
}
