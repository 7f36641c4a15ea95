// Which memory snapshot Python starts from, and keeping one for the next visit.
//
// A snapshot (Pyodide's memory with Python up and our modules imported) starts the game
// in well under a second, where a normal boot takes two to three. But the build's
// snapshot is a 6.4 MB download: on a phone network (9 Mbit/s) it costs 5.7 s to save
// 1.5 s. So, measured by benchmarks/network.py:
//   1. a snapshot this device keeps for this very build is always used (a second visit);
//   2. else, on a first visit, the build's snapshot is downloaded only when the network
//      has just shown it is fast: the wasm (3.5 MB on the wire) arrived within
//      FAST_WASM_MS of being asked for, about 35 Mbit/s, where the download costs what it
//      saves;
//   3. else Python boots normally, and once the game is ready, a worker makes this build's
//      snapshot on the device (static/snapshot-worker.mjs) and keeps it for next time.
// Snapshots are kept in Cache Storage (static/snapshot-store.mjs), by a worker: the page's
// thread never copies their 31 MB. Nothing here is needed to play: every failure means a
// normal boot.
import { SNAPSHOT, SNAPSHOT_MODULES } from "./boot-info.mjs";
import { wasmArrival } from "./runtime-fetch.mjs";
import { keptOnDevice } from "./snapshot-store.mjs";

const FAST_WASM_MS = 800;
const SITE = new URL("../", import.meta.url);
// After the game is ready, let the page settle before the worker takes a core.
const MAKE_AFTER_MS = 2000;

// One line of why: a Python traceback's last (the exception), anything else's first.
function warn(what, error) {
  const lines = String(error?.message ?? error).trim().split("\n");
  const why = lines[0].startsWith("Traceback") ? lines.at(-1) : lines[0];
  console.warn(`${what}: ${why}`);
}

// The build gzips its snapshot (31 MB of memory, mostly zeros). A server that sends it
// with Content-Encoding: gzip has unpacked it already: look at the bytes, not the name.
async function gunzipped(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function downloadBuilds() {
  const response = await fetch(new URL(SNAPSHOT.path, SITE));
  if (!response.ok) throw new Error(`${SNAPSHOT.path}: HTTP ${response.status}`);
  return gunzipped(response);
}

// Whether the wasm has just come quickly over the network. Only a first visit can tell:
// on a later one it comes from the service worker's cache, which says nothing of the
// network (and such a visit makes its own snapshot rather than download one).
// The time it took is kept on <html data-wasm-ms> ("late" past the patience), so a test
// or a player's bug report can tell which way the page went and why.
async function fastNetwork() {
  if (navigator.serviceWorker?.controller) return false;
  const took = await wasmArrival(FAST_WASM_MS);
  document.documentElement.dataset.wasmMs = took <= FAST_WASM_MS ? String(Math.round(took)) : "late";
  return took <= FAST_WASM_MS;
}

/** The snapshot to start from, as {bytes, from: "device" | "build"}, or null. `bytes` is
 * a promise: Pyodide compiles the wasm while they are read or downloaded. */
export async function chooseSnapshot() {
  try {
    const kept = await keptOnDevice();
    if (kept) return { bytes: kept.arrayBuffer().then((b) => new Uint8Array(b)), from: "device" };
  } catch (error) {
    warn("The snapshot kept on this device cannot be read", error);
  }
  if (navigator.connection?.saveData || !(await fastNetwork())) return null;
  return { bytes: downloadBuilds(), from: "build" };
}

// The snapshot worker keeps `job`'s snapshot: {keep: bytes} (handed over, not copied:
// Pyodide copied them into its memory already) or {make: ...}.
function keepInWorker(job) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), {
      type: "module",
    });
    const end = (settle, value) => {
      worker.terminate();
      settle(value);
    };
    worker.addEventListener("message", ({ data }) =>
      data.kept ? end(resolve) : end(reject, new Error(data.error)),
    );
    worker.addEventListener("error", (event) => end(reject, new Error(event.message)));
    worker.postMessage(job, job.keep ? [job.keep.buffer] : []);
  });
}

/** Once the game is ready: keep `used` (what this visit started from) for the next
 * visit, or make one on the device. <html data-python-snapshot="kept"> says it is done. */
export async function keepForNextVisit(used) {
  if (used?.from === "device" || !globalThis.caches) return;
  try {
    if (used === null) await new Promise((done) => setTimeout(done, MAKE_AFTER_MS));
    const make = {
      archive: new URL("python.zip", SITE).href,
      indexURL: new URL("./vendor/pyodide/", import.meta.url).href,
      modules: SNAPSHOT_MODULES,
    };
    await keepInWorker(used ? { keep: await used.bytes } : { make });
    document.documentElement.dataset.pythonSnapshot = "kept";
  } catch (error) {
    warn("No snapshot could be kept for the next visit", error);
  }
}
