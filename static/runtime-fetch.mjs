// The runtime's downloads: started at once, counted as they arrive, handed over when
// Pyodide asks for them (and static/pyodide-boot.mjs for python.zip).
//
// index.html preloads these files, so they are on the way before any script runs; the
// fetch here takes the preload over (same URL, mode and credentials: no second request).
// A copy of each body is read to count its bytes as they arrive, and the page hears of
// them as `runtime-progress` events on window ({received, total}: bytes of the files as
// the browser hands them over, i.e. decompressed), which the loading card draws
// (static/loading-progress.js). The Response Pyodide gets is the browser's own, unmodified, so
// Chromium still caches the compiled wasm.
import { DOWNLOADS } from "./boot-info.mjs";

const SITE = new URL("../", import.meta.url);
const WASM = new URL("static/vendor/pyodide/pyodide.asm.wasm", SITE).href;
const total = Object.values(DOWNLOADS).reduce((sum, bytes) => sum + bytes, 0);
let received = 0;
const waiting = new Map(); // absolute URL -> Promise<Response>, until handed over
const arrivals = new Map(); // absolute URL -> {requested, arrived: Promise<ms>}

function report() {
  const detail = { received: Math.min(received, total), total };
  dispatchEvent(new CustomEvent("runtime-progress", { detail }));
}

async function count(response) {
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return performance.now();
    received += value.byteLength;
    report();
  }
}

// On a first visit the service worker fills its cache from the browser's HTTP cache, but
// a private window keeps no entry as large as the wasm (9.6 MB, when the server does not
// compress it): the worker downloaded it again. So the page hands over what it fetched,
// in a cache the worker looks in first (its name starts as the worker's own caches do;
// it checks each file's hash, and drops that cache once active). Only when no worker
// serves the page yet: afterwards the files come from the worker's cache.
const HANDOVER = "minesweeper-site-handover";
const handingOver = globalThis.caches && !navigator.serviceWorker?.controller;
const handovers = [];

// On a later visit the worker answers from this device's cache: nothing comes over the
// network, so nothing is counted and the card shows its words only. Counting would read
// every byte a second time on the page's own thread (10.9 MB of copies, an event and a
// redraw of the bar a chunk: 40-80 ms of a second visit, 4 times that on a phone).
const fromDevice = Boolean(navigator.serviceWorker?.controller);

function handOver(url, response) {
  const kept = caches.open(HANDOVER).then((cache) => cache.put(url, response));
  handovers.push(kept.catch(() => {})); // the worker then fetches it as before
}

// Our Python is needed only once Python is up: it is asked for after the runtime's own
// files have come, so that on a slow network they come first (they share the line) and
// Python starts while it arrives.
const AFTER_THE_RUNTIME = new Set(["python.zip"]);
const runtimeIn = [];
// The browser's own fetch: by the time a later download starts, serveDownloads() may have
// put its shim in place, which would hand that download its own promise.
const browserFetch = globalThis.fetch.bind(globalThis);
const inOrder = Object.keys(DOWNLOADS).sort(
  (a, b) => AFTER_THE_RUNTIME.has(a) - AFTER_THE_RUNTIME.has(b),
);

for (const path of inOrder) {
  const url = new URL(path, SITE).href;
  const later = AFTER_THE_RUNTIME.has(path);
  const requested = performance.now();
  const response = later
    ? Promise.allSettled(runtimeIn).then(() => browserFetch(url))
    : browserFetch(url);
  waiting.set(url, response);
  const arrived = response.then((r) => {
    if (!r.ok || !r.body) return Infinity;
    if (handingOver) handOver(url, r.clone());
    return fromDevice ? performance.now() : count(r.clone());
  });
  arrived.catch(() => {}); // a failed download is the page's to report, when it asks
  arrivals.set(url, { requested, arrived });
  if (!later) runtimeIn.push(arrived);
}
if (!fromDevice) report();

// <html data-downloads-handed-over> once every download is handed to the worker's fill
// (static/sw-register.js waits for it before registering the worker).
Promise.all([...arrivals.values()].map(({ arrived }) => arrived.catch(() => {})))
  .then(() => Promise.all(handovers))
  .then(() => (document.documentElement.dataset.downloadsHandedOver = handingOver ? "true" : "none"));

function urlOf(input) {
  const url = input instanceof Request ? input.url : String(input);
  return new URL(url, location.href).href;
}

/** The download of `input` if this module started it and nobody has taken it yet. */
function takeOver(input, init) {
  if ((init?.method ?? "GET") !== "GET") return undefined;
  const url = urlOf(input);
  const response = waiting.get(url);
  waiting.delete(url);
  return response;
}

/** Serve the downloads started here to whoever fetches them, until every one has been
 * taken or `stop` is called; returns `stop`. */
export function serveDownloads() {
  const original = globalThis.fetch;
  const stop = () => {
    if (globalThis.fetch === shim) globalThis.fetch = original;
  };
  function shim(input, init) {
    const response = takeOver(input, init);
    if (waiting.size === 0) stop();
    return response ?? original.call(this, input, init);
  }
  globalThis.fetch = shim;
  return stop;
}

/** How long the wasm took to arrive, in ms after this module asked for it; resolves at
 * the latest `patience` ms after that request, with Infinity if it has not arrived. */
export function wasmArrival(patience) {
  const { requested, arrived } = arrivals.get(WASM);
  const left = Math.max(0, requested + patience - performance.now());
  const late = new Promise((done) => setTimeout(done, left, Infinity));
  const took = arrived.then((at) => at - requested, () => Infinity);
  return Promise.race([took, late]);
}
