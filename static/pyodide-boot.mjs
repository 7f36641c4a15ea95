// Python's start: Pyodide, from a memory snapshot when one is at hand (static/python-
// snapshot.mjs decides which), else booted normally, with our Python on sys.path; then
// the page's entry point, main.py.
//
// It begins the moment this module runs: index.html runs it as a module script of its
// own, so the device's snapshot is looked up and the wasm instantiated while the page is
// still being parsed. Nothing stands between Python and the game: the page used to run
// main.py through PyScript, whose own start (its core and chunks parsed, its
// configuration read, its Python package written and imported, main.py fetched) came
// after Python's and cost 0.2-0.55 s of every visit, measured in Chromium
// (docs/runtime-notes.md); the game used nothing of it but `document`, `window` and
// the FFI, which Pyodide gives itself (web/browser.py).
//
// The runtime's big files are already on the way (static/runtime-fetch.mjs, preloaded
// by index.html): Pyodide's fetches of them, and ours of python.zip, are handed those
// downloads. The snapshot options are private Pyodide API, pinned with Pyodide 314.0.7:
// a snapshot made by another build of Pyodide (it checks its BUILD_ID) gives a warning in
// the console and a normal boot. If Python cannot start at all, #loading says why.
// <html data-python-start="snapshot|boot"> and data-python-snapshot="device|build" tell
// tests and benchmarks how it went; the performance marks "python-start" when it began
// and "python-initialised" when Pyodide was up.
import { loadPyodide as startPyodide } from "./vendor/pyodide/pyodide.mjs";
import { chooseSnapshot, keepForNextVisit } from "./python-snapshot.mjs";
import { OUR_PYTHON } from "./snapshot-maker.mjs";
import { serveDownloads } from "./runtime-fetch.mjs";

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const ARCHIVE = new URL("../python.zip", import.meta.url).href;
const ENTRY_POINT = new URL("../main.py", import.meta.url).href;

const settings = {
  indexURL: INDEX_URL,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
};

performance.mark("python-start");
const stopServing = serveDownloads();
start().catch(cannotStart);

// A literal id, as main.py's: nothing of ours may have run.
function cannotStart(error) {
  console.error(error);
  const reason = String(error?.message ?? error).split("\n")[0];
  const text = `The game could not start: ${reason}`;
  const loading = document.getElementById("loading");
  if (loading) loading.textContent = text;
  else document.body?.append(text);
}

function started(how, pyodide) {
  document.documentElement.dataset.pythonStart = how;
  performance.mark("python-initialised");
  return pyodide;
}

function whenReady(then) {
  const body = document.body;
  if (body?.dataset.ready === "true") return then();
  const watch = new MutationObserver(() => {
    if (document.body?.dataset.ready !== "true") return;
    watch.disconnect();
    then();
  });
  watch.observe(document.documentElement, {
    attributes: true,
    subtree: true,
    attributeFilter: ["data-ready"],
  });
}

async function restore(snapshot) {
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

// Our Python (engine/, play/, web/, compiled by the build) as the zip it comes in, on
// sys.path: Python imports from it as it is (zipimport), nothing is unpacked. The
// snapshot was made with the same zip at the same place (static/snapshot-maker.mjs), so
// it has it on sys.path already, and imports from it the modules it did not import
// (those that touch the browser).
async function placeOurPython(pyodide) {
  const response = await fetch(ARCHIVE);
  if (!response.ok) throw new Error(`python.zip: HTTP ${response.status}`);
  pyodide.FS.writeFile(OUR_PYTHON, new Uint8Array(await response.arrayBuffer()));
  const path = JSON.stringify(OUR_PYTHON);
  pyodide.runPython(`import sys\nif ${path} not in sys.path: sys.path.insert(0, ${path})`);
}

async function entryPoint() {
  const response = await fetch(ENTRY_POINT);
  if (!response.ok) throw new Error(`main.py: HTTP ${response.status}`);
  return response.text();
}

async function start() {
  const main = entryPoint();
  main.catch(() => {}); // awaited below, after Python is up
  const snapshot = await chooseSnapshot();
  const restored = snapshot && (await restore(snapshot));
  whenReady(() => {
    stopServing();
    keepForNextVisit(restored ? snapshot : null);
  });
  const pyodide = restored
    ? started("snapshot", restored)
    : started("boot", await startPyodide(settings));
  await placeOurPython(pyodide);
  await pyodide.runPythonAsync(await main, { filename: "main.py" });
}
