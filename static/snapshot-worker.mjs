// Keeps this build's Python snapshot on the player's device, off the main thread, for the
// next visit (static/python-snapshot.mjs asks, and ends the worker once it answers):
// - {keep: bytes}: the snapshot this visit started from (the build's), handed over;
// - {make: {archive, indexURL, modules}}: make it here first. It fetches nothing new:
//   the runtime and our archive are in the browser's caches.
// It answers {kept: true} or {error}.
import { makeSnapshot } from "./snapshot-maker.mjs";
import { keepOnDevice } from "./snapshot-store.mjs";

async function make({ archive, indexURL, modules }) {
  const { loadPyodide } = await import("./vendor/pyodide/pyodide.mjs");
  const response = await fetch(archive);
  if (!response.ok) throw new Error(`${archive}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const quiet = () => {};
  return makeSnapshot(loadPyodide, {
    archive: bytes,
    modules,
    indexURL,
    stdout: quiet,
    stderr: quiet,
  });
}

addEventListener("message", async ({ data }) => {
  try {
    await keepOnDevice(data.keep ?? (await make(data.make)));
    postMessage({ kept: true });
  } catch (error) {
    postMessage({ error: String(error?.message ?? error) });
  }
});
