import type { OrderLine } from '../../../shared/cart';
import { STORAGE_KEYS } from '../../../shared/constants';
import type { ShippingInput } from '../../../shared/schemas/checkout';

/** What one checkout attempt asks for: the server answers a key only for the same request. */
export interface AttemptRequest {
  lines: OrderLine[];
  shipping: ShippingInput;
  buyerId: number | null;
  /** The shops' coupon codes sent ('shopId:CODE'); another code is another request. */
  coupons?: string[];
}

interface StoredAttempt extends AttemptRequest {
  key: string;
}

/*
 * The checkout attempt in progress (product-decisions section 4, idempotent checkout). It lives in
 * this tab's sessionStorage, so a retry after a network error, a second click or a reload of the tab
 * sends the same key and the server answers with the orders it already placed instead of placing them
 * again. Another cart, other shipping details or another account is a new attempt with a new key; a
 * placed checkout ends the attempt. Where storage is refused (some private modes) the attempt is kept
 * in memory, which still covers retries and double clicks.
 */
let inMemory: StoredAttempt | null = null;

function read(): StoredAttempt | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEYS.checkoutAttempt);
    return raw ? (JSON.parse(raw) as StoredAttempt) : inMemory;
  } catch {
    return inMemory;
  }
}

function write(attempt: StoredAttempt | null): void {
  inMemory = attempt;
  try {
    if (attempt) window.sessionStorage.setItem(STORAGE_KEYS.checkoutAttempt, JSON.stringify(attempt));
    else window.sessionStorage.removeItem(STORAGE_KEYS.checkoutAttempt);
  } catch {
    // Storage refused: the in-memory copy above serves this page's life.
  }
}

const sameRequest = (a: AttemptRequest, b: AttemptRequest) =>
  JSON.stringify([a.lines, a.shipping, a.buyerId, a.coupons ?? []]) === JSON.stringify([b.lines, b.shipping, b.buyerId, b.coupons ?? []]);

// crypto.randomUUID exists only on https or localhost; getRandomValues also on a plain-http LAN address.
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key for this request: the pending attempt's when it asks for the same, otherwise a new attempt's. */
export function checkoutAttemptKey(request: AttemptRequest): string {
  const pending = read();
  if (pending && sameRequest(pending, request)) return pending.key;
  const key = newKey();
  write({ ...request, key });
  return key;
}

/** The shipping details of an attempt still pending for these cart lines (the tab was reloaded mid-checkout). */
export function pendingAttemptShipping(lines: OrderLine[]): ShippingInput | null {
  const pending = read();
  return pending && JSON.stringify(pending.lines) === JSON.stringify(lines) ? pending.shipping : null;
}

/** The attempt is over: its orders are placed, or the server refused its key. */
export function endCheckoutAttempt(): void {
  write(null);
}
