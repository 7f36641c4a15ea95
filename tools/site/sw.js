// The site's service worker: every file the page needs, offline, one build at a time.
//
// tools/site/offline.py writes _site/sw.js from this template, replacing the two
// placeholders below with the build's id and the SHA-256 of every file to keep.
//
// Why not Workbox (which wrote this worker before): its precache downloads every file
// again with `cache: "reload"`, so a first visit paid for the whole runtime twice (12.8
// MB gzip more on a phone network). This worker fills its cache from what the page has
// just fetched (the browser's HTTP cache, or the previous build's cache) and checks each
// response against the build's SHA-256: a stale copy is never kept, it is then fetched
// from the network, and a file that still does not match fails the install (a deployment
// caught half-way), so the running build goes on, whole.
//
// Update flow (static/sw-register.js): a new worker installs beside the running one and
// waits; the page offers "A new version is ready — Reload" and posts SKIP_WAITING when the
// player clicks. The worker never takes over by itself.
"use strict";

const BUILD = "%BUILD%";
const FILES = "%FILES%"; // {"index.html": "<sha256 hex>", ...}, scope-relative
const CACHE_PREFIX = "minesweeper-site-";
const CACHE = CACHE_PREFIX + BUILD;
// Caches of earlier versions of this worker: Workbox's precache, and our own older builds.
const OUTDATED = (name) =>
  (name.startsWith(CACHE_PREFIX) && name !== CACHE) || name.startsWith("workbox-precache");

const scope = new URL(self.registration.scope);

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The addresses the page itself was loaded from (?level=expert&seed=7...): the browser's
// HTTP cache holds index.html under those, not under "index.html".
async function pageAddresses() {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return pages.map((page) => page.url).filter((url) => pathOf(new Request(url)) === "index.html");
}

// The first of these that holds the build's bytes: another cache of ours (an older build
// shares most files), the HTTP cache (the page's own downloads, however stale), then the
// server (revalidated: a 304 costs no body).
async function* candidates(path, url) {
  for (const name of await caches.keys()) {
    if (name.startsWith(CACHE_PREFIX)) {
      const kept = await (await caches.open(name)).match(url);
      if (kept) yield kept;
    }
  }
  const addresses = path === "index.html" ? await pageAddresses() : [];
  for (const address of [...addresses, url]) {
    yield await fetch(address, { cache: "force-cache", credentials: "same-origin" });
  }
  yield await fetch(url, { cache: "no-cache", credentials: "same-origin" });
}

async function keep(cache, path, hash) {
  const url = new URL(path, scope).href;
  if (await cache.match(url)) return;
  for await (const response of candidates(path, url)) {
    if (response.ok && (await sha256(response.clone())) === hash) {
      await cache.put(url, response);
      return;
    }
  }
  throw new Error(`${path}: the server's copy is not this build's`);
}

// A URLPattern of this one file, whatever its query: its path's characters as themselves.
function exactly(url) {
  return new URLPattern({
    protocol: url.protocol.slice(0, -1),
    hostname: url.hostname,
    port: url.port,
    pathname: url.pathname.replace(/[\\:*?()[\]{}+]/g, "\\$&"),
  });
}

// Every file but the page itself is answered from this build's cache by the browser, with
// no call into this worker (the static routing API, Chromium 123+): on a second visit the
// runtime's files need no worker's task each, nor wait for the worker to start. A file
// the cache lacks is fetched from the network, as the fetch handler below would. The page
// keeps the fetch handler: its address carries the game (?level=expert&seed=7), and the
// route's match is by URL. Browsers without the API use the fetch handler for all.
function addRoutes(event) {
  if (typeof event.addRoutes !== "function") return Promise.resolve();
  const files = Object.keys(FILES).filter((path) => path !== "index.html");
  const condition = { or: files.map((path) => ({ urlPattern: exactly(new URL(path, scope)) })) };
  return event
    .addRoutes({ condition, source: { cacheName: CACHE } })
    .catch((error) => console.warn(`The worker answers every file itself: ${error.message}`));
}

self.addEventListener("install", (event) => {
  event.waitUntil(addRoutes(event));
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(Object.entries(FILES).map(([path, hash]) => keep(cache, path, hash))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter(OUTDATED).map((n) => caches.delete(n)))),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});

// The file of this build a request asks for, or null: the address carries the game
// (?level=expert&seed=7), so the query is ignored, and the folder means index.html.
function pathOf(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  const path = decodeURIComponent(url.pathname.slice(scope.pathname.length)) || "index.html";
  return path in FILES ? path : null;
}

self.addEventListener("fetch", (event) => {
  const path = pathOf(event.request);
  if (path === null) return; // not ours: the browser fetches it as usual
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(new URL(path, scope).href))
      .then((kept) => kept ?? fetch(event.request)),
  );
});
