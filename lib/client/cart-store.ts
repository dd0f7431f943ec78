import { CART_STORAGE_KEY, parseCart } from "@/lib/client/cart";
import type { CartItem } from "@/lib/contracts";

// The cart lives in localStorage under `cartItems` (spec 000 §3), so it survives reloads and the
// card provider's round trip. One small external store for useSyncExternalStore: every screen
// (calendar, cart, floating button) sees the same items, other tabs included (storage event).
// When storage is unavailable (private mode, quota) the cart still works for this page's life.

const EMPTY: CartItem[] = [];
const listeners = new Set<() => void>();
let memoryRaw: string | null = null;
let memoryOnly = false;
let cache: { raw: string | null; items: CartItem[] } = { raw: null, items: EMPTY };

function readRaw(): string | null {
  if (memoryOnly) return memoryRaw;
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    memoryOnly = true;
    return memoryRaw;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key === null || event.key === CART_STORAGE_KEY) emit();
}

export function subscribeCart(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** The current cart; the same array until the stored text changes. */
export function readCart(): CartItem[] {
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, items: parseCart(raw) };
  return cache.items;
}

/** What the server renders: no cart (storage is the browser's). */
export function readServerCart(): CartItem[] {
  return EMPTY;
}

export function writeCart(items: readonly CartItem[]): void {
  const raw = items.length === 0 ? null : JSON.stringify(items);
  memoryRaw = raw;
  try {
    if (raw === null) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, raw);
  } catch {
    // Storage refused: the in-memory copy keeps the cart for this page.
    memoryOnly = true;
  }
  emit();
}

export function clearCart(): void {
  writeCart(EMPTY);
}
