// The service worker's caches (public/sw.js) hold the signed-in user's menu, orders and page.
// They are deleted whenever the session changes (login, registration, logout), so a shared phone
// never shows one person's data to the next.
export const OFFLINE_CACHE_PREFIX = "canteen-";

export async function clearOfflineCache(): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    const names = await caches.keys();
    await Promise.all(
      names.filter((n) => n.startsWith(OFFLINE_CACHE_PREFIX)).map((n) => caches.delete(n)),
    );
  } catch {
    // Storage refused (private mode): nothing was cached either.
  }
}
