// Where this device keeps its Python snapshot: Cache Storage, under STORE, one build's
// only (an update makes a new one). Used by the page, which reads it (static/python-
// snapshot.mjs), and by the snapshot worker, which writes it (static/snapshot-worker.mjs):
// writing 31 MB on the page's thread was one task of 60-130 ms (the Response and the
// cache's copy of it), measured in Chromium.
import { BUILD } from "./boot-info.mjs";

const STORE = "minesweeper-python-snapshot";
const KEY = new URL(`python-snapshot-${BUILD}.bin`, import.meta.url).href;

/** This build's snapshot kept on this device, as a Response, or null. */
export async function keptOnDevice() {
  if (!globalThis.caches) return null; // not a secure context: no Cache Storage
  return (await (await caches.open(STORE)).match(KEY)) ?? null;
}

/** Keep `bytes` as this build's snapshot, and no other build's. */
export async function keepOnDevice(bytes) {
  if (!globalThis.caches) return;
  const store = await caches.open(STORE);
  for (const request of await store.keys()) if (request.url !== KEY) await store.delete(request);
  const headers = { "content-type": "application/octet-stream" };
  await store.put(KEY, new Response(bytes, { headers }));
}
