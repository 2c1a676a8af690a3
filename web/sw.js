// Ludoteca service worker: precaches every shipped file, then serves them
// cache-first so the app starts offline. build.py fills in the two constants.
"use strict";

const CACHE_NAME = "__LUDOTECA_CACHE_NAME__";
/** [path relative to this worker's scope, size in bytes, content hash] */
const PRECACHE = __LUDOTECA_PRECACHE__;

const CACHE_PREFIX = "ludoteca-";
const HASH_HEADER = "x-ludoteca-hash";
const PARALLEL_DOWNLOADS = 4;
const PROGRESS_INTERVAL_MS = 100;
// Set explicitly so the cache serves the right types whatever the host sent
// (wasm streaming compilation insists on application/wasm).
const CONTENT_TYPES = {
  css: "text/css; charset=utf-8",
  gz: "application/gzip",
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  json: "application/json",
  mjs: "text/javascript; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  png: "image/png",
  py: "text/x-python; charset=utf-8",
  svg: "image/svg+xml",
  txt: "text/plain; charset=utf-8",
  wasm: "application/wasm",
  webmanifest: "application/manifest+json",
  zip: "application/zip",
};

const PRECACHED = new Map(PRECACHE.map(([path, size, hash]) => [path, { size, hash }]));
const scopeURL = (path) => new URL(path, self.registration.scope).href;

function contentType(path) {
  const extension = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPES[extension] || "application/octet-stream";
}

/** The precache path for a request URL, or null when we do not ship it. */
function precachedPath(url) {
  const scope = self.registration.scope;
  if (!url.startsWith(scope)) return null;
  let path = decodeURIComponent(new URL(url).pathname.slice(new URL(scope).pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  return PRECACHED.has(path) ? path : null;
}

async function tellPages(message) {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage({ ...message, cacheName: CACHE_NAME });
}

/** An earlier version's cached copy of this exact content, if any. */
async function reusableCopy(path, hash) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(CACHE_PREFIX)) continue;
    const cached = await (await caches.open(name)).match(scopeURL(path));
    if (cached && cached.headers.get(HASH_HEADER) === hash) return cached;
  }
  return null;
}

async function download(path, hash, onBytes) {
  const response = await fetch(scopeURL(path), { cache: "reload" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${response.statusText}`.trim());
  const reader = response.body.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onBytes(value.byteLength);
  }
  const headers = { "content-type": contentType(path), [HASH_HEADER]: hash };
  return new Response(new Blob(chunks), { status: 200, headers });
}

async function precache() {
  const cache = await caches.open(CACHE_NAME);
  const total = PRECACHE.reduce((sum, [, size]) => sum + size, 0);
  let loaded = 0;
  let lastReport = 0;
  const report = (force = false) => {
    const now = Date.now();
    if (!force && now - lastReport < PROGRESS_INTERVAL_MS) return;
    lastReport = now;
    tellPages({ type: "precache-progress", loaded, total });
  };
  // Largest first so the long downloads start at once and overlap the small ones.
  const queue = [...PRECACHE].sort((a, b) => b[1] - a[1]);
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const [path, size, hash] = entry;
      const copy = await reusableCopy(path, hash);
      if (copy) {
        await cache.put(scopeURL(path), copy);
        loaded += size;
      } else {
        let received = 0;
        const response = await download(path, hash, (bytes) => {
          received += bytes;
          loaded += bytes;
          report();
        });
        await cache.put(scopeURL(path), response);
        loaded += size - received; // a host that compressed or changed the file
      }
      report();
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, worker));
  } catch (error) {
    await caches.delete(CACHE_NAME);
    await tellPages({ type: "precache-error", message: `Download failed: ${error.message}` });
    throw error;
  }
  report(true);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "skip-waiting") self.skipWaiting();
  // A page that loaded without us (e.g. after a hard reload) asks to be controlled.
  else if (type === "claim") event.waitUntil(self.clients.claim());
  // The page keeps its memory snapshot in the cache of the files it runs (boot.js).
  else if (type === "cache-name") event.ports[0]?.postMessage({ cacheName: CACHE_NAME });
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const path = precachedPath(request.url);
  if (path === null) return; // not ours: let the network handle it
  event.respondWith(
    caches
      .open(CACHE_NAME)
      .then((cache) => cache.match(scopeURL(path)))
      .then((cached) => cached || fetch(request)),
  );
});
