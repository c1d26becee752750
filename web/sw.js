// Speeltafel's service worker: after the first visit the whole table (the
// Python runtime included) comes from this cache, so it opens with no network.
// A new build has a new VERSION: it is fetched completely into a cache of its
// own while the old one keeps serving; only when the player says "reload" does
// it take over, so a version is never half-applied.  Saved games live in
// localStorage and are never touched here.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "speeltafel-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })))));
  // no skipWaiting here: the page asks for it when the player agrees
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("speeltafel-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    return fetch(request);
  })());
});
