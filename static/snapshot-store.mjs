// What this device keeps for the next visit's Python: Cache Storage, under STORE, one
// build's only (an update makes new ones), each thing under a name of its own:
// - "python-snapshot": this build's Python snapshot. Read by the page (static/python-
//   snapshot.mjs), written by the snapshot worker (static/snapshot-worker.mjs): writing
//   31 MB on the page's thread was one task of 60-130 ms (the Response and the cache's
//   copy of it), measured in Chromium;
// - "pyscript-bytecode": PyScript's own Python package compiled on this device (a zip of
//   20-some KB, web/page/bytecode.py), read and written by the page (static/pyodide-boot.mjs).
// Each is kept with a mark ("<name>-<build>.<ext>.whole") written once it is all written:
// a tab closed while the 31 MB went in left Firefox and WebKit holding the part that was
// written (14.5 of 31.5 MB, seen in Firefox 153), which the next visit took for a snapshot
// that does not fit. A thing without its mark is dropped unread.
import { BUILD } from "./boot-info.mjs";

const STORE = "minesweeper-python-snapshot";
const NAMES = { "python-snapshot": "bin", "pyscript-bytecode": "zip" };

function key(name) {
  if (!(name in NAMES)) throw new Error(`nothing is kept as ${name}`);
  return new URL(`${name}-${BUILD}.${NAMES[name]}`, import.meta.url).href;
}

const mark = (name) => `${key(name)}.whole`;

/** This build's `name` kept whole on this device, as a Response, or null. */
export async function keptOnDevice(name = "python-snapshot") {
  if (!globalThis.caches) return null; // not a secure context: no Cache Storage
  const store = await caches.open(STORE);
  const [kept, whole] = await Promise.all([store.match(key(name)), store.match(mark(name))]);
  if (kept && !whole) await store.delete(key(name)); // cut off while it was written
  return (whole && kept) ?? null;
}

/** Keep `bytes` as this build's `name`, and nothing of another build. */
export async function keepOnDevice(bytes, name = "python-snapshot") {
  if (!globalThis.caches) return;
  const store = await caches.open(STORE);
  const ours = Object.keys(NAMES).flatMap((each) => [key(each), mark(each)]);
  for (const request of await store.keys()) {
    if (!ours.includes(request.url)) await store.delete(request);
  }
  await store.delete(mark(name));
  const headers = { "content-type": "application/octet-stream" };
  await store.put(key(name), new Response(bytes, { headers }));
  await store.put(mark(name), new Response(String(bytes.byteLength)));
}
