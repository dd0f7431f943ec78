// The portal's service worker (issue 8): the parent and teacher screens keep working, read-only,
// when the network drops. Registered in production only (components/portal/offline-support.tsx).
//
// - Network first, cache as fallback, for the page shell (a navigation to "/") and the signed-in
//   user's reads the Menu Calendar and Order History need (GET only). Online, the network always
//   answers, so nothing is ever stale while there is a connection.
// - Cache first for Next's build assets under /_next/static/ (their names carry a content hash).
// - Nothing else is touched: no POST (orders, payments, logins), no other API, no other page.
// - Only 200 answers are stored. The page deletes these caches at login, registration and logout
//   (lib/client/offline-cache.ts), so one person's data never shows to the next on a shared phone.
// - Responses the page loaded before this worker controlled it are added when the page sends
//   their addresses ({ type: "cache-urls" }), so the very first visit already works offline.

const CACHE = "canteen-offline-v1";

/** The reads kept for offline use: the path, and for a query, the exact query. */
const API_READS = [
  /^\/api\/menu$/,
  /^\/api\/orders$/,
  /^\/api\/order-cycles$/,
  /^\/api\/students$/,
  /^\/api\/settings\/[a-z-]+$/,
  /^\/api\/discounts\/my-discount-code$/,
];

/**
 * How a request is answered: "network-first", "cache-first" or null (left to the browser).
 * @param {{ method: string, url: string, mode?: string }} request
 * @param {string} origin this worker's origin
 */
function cacheStrategy(request, origin) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (url.pathname.startsWith("/_next/static/")) return "cache-first";
  if (request.mode === "navigate")
    return url.pathname === "/" && url.search === "" ? "network-first" : null;
  if (API_READS.some((pattern) => pattern.test(url.pathname))) return "network-first";
  if (url.pathname === "/logo.svg") return "network-first";
  return null;
}

async function store(request, response) {
  if (response.status !== 200 || response.type !== "basic") return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    await store(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  await store(request, response.clone());
  return response;
}

self.cacheStrategy = cacheStrategy;

self.addEventListener("install", () => {
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith("canteen-") && n !== CACHE).map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const strategy = cacheStrategy(event.request, self.location.origin);
  if (strategy === "network-first") event.respondWith(networkFirst(event.request));
  else if (strategy === "cache-first") event.respondWith(cacheFirst(event.request));
});

// The page lists what it loaded before this worker took control; the allowed ones are fetched
// again (assets come from the HTTP cache) and stored.
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "cache-urls" || !Array.isArray(data.urls)) return;
  const origin = self.location.origin;
  event.waitUntil(
    Promise.all(
      data.urls.map(async (entry) => {
        if (typeof entry !== "object" || entry === null || typeof entry.url !== "string") return;
        const mode = entry.navigate ? "navigate" : "cors";
        if (!cacheStrategy({ method: "GET", url: entry.url, mode }, origin)) return;
        try {
          const request = new Request(entry.url, { credentials: "same-origin" });
          await store(request, await fetch(request));
        } catch {
          // offline or refused: the next online visit stores it
        }
      }),
    ).then(() => event.source?.postMessage({ type: "cache-urls-done" })),
  );
});
