// Makes this build's Python snapshot on the player's device, off the main thread, for
// the next visit (static/python-snapshot.mjs asks, keeps the result, and ends the worker).
// It fetches nothing new: the runtime and our archive are in the browser's caches.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { makeSnapshot } from "./snapshot-maker.mjs";

addEventListener("message", async ({ data: { archive, indexURL, modules } }) => {
  try {
    const response = await fetch(archive);
    if (!response.ok) throw new Error(`${archive}: HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const quiet = () => {};
    const snapshot = await makeSnapshot(loadPyodide, {
      archive: bytes,
      modules,
      indexURL,
      stdout: quiet,
      stderr: quiet,
    });
    postMessage({ snapshot }, [snapshot.buffer]);
  } catch (error) {
    postMessage({ error: String(error?.message ?? error) });
  }
});
