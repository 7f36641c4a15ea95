// The `interpreter` of pyscript.toml: Pyodide, started from a memory snapshot when one is
// at hand (static/python-snapshot.mjs decides which), else booted normally.
//
// PyScript imports this module and calls its loadPyodide(options), as it would call
// Pyodide's own. The runtime's big files are already on the way (static/runtime-fetch.mjs,
// preloaded by index.html): Pyodide's and PyScript's fetches of them are handed those
// downloads. The snapshot options are private Pyodide API, pinned with Pyodide 314.0.7:
// a snapshot made by another build of Pyodide (it checks its BUILD_ID) gives a warning in
// the console and a normal boot.
// <html data-python-start="snapshot|boot"> and data-python-snapshot="device|build" tell
// tests and benchmarks how it went.
import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";
import { chooseSnapshot, keepForNextVisit } from "./python-snapshot.mjs";
import { serveDownloads } from "./runtime-fetch.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const stopServing = serveDownloads();
const chosen = chooseSnapshot(); // while PyScript reads its configuration

function started(how, pyodide) {
  document.documentElement.dataset.pythonStart = how;
  performance.mark("python-initialised");
  return pyodide;
}

function whenReady(then) {
  const body = document.body;
  if (body.dataset.ready === "true") return then();
  const watch = new MutationObserver(() => {
    if (body.dataset.ready !== "true") return;
    watch.disconnect();
    then();
  });
  watch.observe(body, { attributes: true, attributeFilter: ["data-ready"] });
}

async function restore(settings, snapshot) {
  let arrived = false;
  snapshot.bytes.then(() => (arrived = true), () => {});
  try {
    const pyodide = await startPyodide({ ...settings, _loadSnapshot: snapshot.bytes });
    // The snapshot froze the state of `random` (seeded when it was made): every player
    // would draw the same numbers. Reseed it from the browser's entropy.
    pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
    document.documentElement.dataset.pythonSnapshot = snapshot.from;
    return pyodide;
  } catch (error) {
    const reason = String(error?.message ?? error).split("\n")[0];
    if (arrived) console.warn(`The Python snapshot does not fit this runtime (${reason}): a normal boot.`);
    else console.warn(`Python starts without its snapshot (${reason}): a normal boot.`);
    return null;
  }
}

export async function loadPyodide(options = {}) {
  // PyScript derives indexURL from this module's folder; Pyodide's files are in vendor/.
  const settings = { ...options, indexURL: INDEX_URL };
  const snapshot = await chosen;
  const restored = snapshot && (await restore(settings, snapshot));
  whenReady(() => {
    stopServing();
    keepForNextVisit(restored ? snapshot : null);
  });
  if (restored) return started("snapshot", restored);
  return started("boot", await startPyodide(settings));
}
