// The `interpreter` of pyscript.toml: Pyodide, started from the memory snapshot that the
// site build made (tools/snapshot.mjs) with the interpreter up and our pure-Python
// modules (engine/, play/, the DOM-free parts of web/) already imported.
//
// PyScript imports this module and calls its loadPyodide(options), as it would call
// Pyodide's own. The snapshot options are private Pyodide API, pinned with Pyodide
// 314.0.7: if the snapshot is missing or was made by another build of Pyodide (Pyodide
// checks its BUILD_ID), this says so in the console and boots Python the normal way.
// <html data-python-start="snapshot|boot"> tells tests and benchmarks which it was.
import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("./pyodide-snapshot.bin.gz", import.meta.url);

// The build gzips the snapshot (31 MB of memory, mostly zeros). A server that sends it
// with Content-Encoding: gzip has unpacked it already: look at the bytes, not the name.
async function gunzipped(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// Fetched as soon as PyScript imports this module, while it reads its config.
const snapshot = fetch(SNAPSHOT_URL).then((response) => {
  if (!response.ok) throw new Error(`${SNAPSHOT_URL.pathname}: HTTP ${response.status}`);
  return gunzipped(response);
});
snapshot.catch(() => {}); // awaited, and reported, in loadPyodide

function started(how, pyodide) {
  document.documentElement.dataset.pythonStart = how;
  performance.mark("python-initialised");
  return pyodide;
}

export async function loadPyodide(options = {}) {
  // PyScript derives indexURL from this module's folder; Pyodide's files are in vendor/.
  const settings = { ...options, indexURL: INDEX_URL };
  let bytes;
  try {
    bytes = await snapshot;
  } catch (error) {
    console.warn(`Python starts without its snapshot (${error.message}): a normal boot.`);
    return started("boot", await startPyodide(settings));
  }
  let pyodide;
  try {
    pyodide = await startPyodide({ ...settings, _loadSnapshot: bytes });
  } catch (error) {
    const reason = String(error?.message ?? error).split("\n")[0];
    console.warn(`The Python snapshot does not fit this runtime (${reason}): a normal boot.`);
    return started("boot", await startPyodide(settings));
  }
  // The snapshot froze the state of `random` (seeded at build time when imported): every
  // player would draw the same numbers. Reseed it from the browser's entropy.
  pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
  return started("snapshot", pyodide);
}
