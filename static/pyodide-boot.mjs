// Python's start: Pyodide, from a memory snapshot when one is at hand (static/python-
// snapshot.mjs decides which), else booted normally, with our Python on sys.path. This is
// the `interpreter` of pyscript.toml: PyScript imports it and calls its loadPyodide, as it
// would call Pyodide's own, then runs main.py.
//
// It begins the moment this module runs, not when PyScript asks for it: index.html also
// runs it as a module script of its own, so the device's snapshot is looked up and the
// wasm instantiated while PyScript's core is still loading, reading pyscript.toml and
// importing its plugins (PyScript asks for Python only after all of that: 0.2-0.3 s later
// on a second visit, measured in Chromium, docs/runtime-notes.md). A module runs once per
// page whoever imports it, so PyScript is handed this same Python, already started, with
// its stdout and stderr put in place: Python starts once. PyScript's own Python package
// comes compiled from this device's store after the first visit (web/page/bytecode.py says
// why): PyScript's import of it then compiles nothing.
//
// The runtime's big files are already on the way (static/runtime-fetch.mjs, preloaded
// by index.html): Pyodide's fetches of them, and ours of python.zip, are handed those
// downloads. The snapshot options are private Pyodide API, pinned with Pyodide 314.0.7:
// a snapshot made by another build of Pyodide (it checks its BUILD_ID) gives a warning in
// the console and a normal boot. If Python cannot start at all, #loading says why.
// <html data-python-start="snapshot|boot">, data-python-snapshot="device|build" and
// data-pyscript-bytecode="used|kept" tell tests and benchmarks how it went; the performance marks "python-start" when it began,
// "python-initialised" when Pyodide was up, "pyscript-asks" when PyScript called
// loadPyodide and "pyscript-handed" when it was given the Python.
import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";
import { chooseSnapshot, keepForNextVisit } from "./python-snapshot.mjs";
import { OUR_PYTHON } from "./snapshot-maker.mjs";
import { serveDownloads } from "./runtime-fetch.mjs";
import { keepOnDevice, keptOnDevice } from "./snapshot-store.mjs";

// PyScript names its IndexedDB store of the interpreter after this.
export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const ARCHIVE = new URL("../python.zip", import.meta.url).href;
// PyScript's package compiled on this device (web/page/bytecode.py), where Python reads it, and
// the folder PyScript writes the package's sources in (the interpreter's home).
const PYSCRIPT_BYTECODE = "/home/pyodide/pyscript-bytecode.zip";
const PYSCRIPT_SOURCES = "/home/pyodide/pyscript";
// After the game is ready, let the page settle before compiling (20-40 ms, once).
const COMPILE_AFTER_MS = 1000;

// Python's output goes to the console until PyScript hands over its own writers.
const output = {
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
};
const settings = {
  indexURL: INDEX_URL,
  stdout: (line) => output.stdout(line),
  stderr: (line) => output.stderr(line),
};

performance.mark("python-start");
const stopServing = serveDownloads();
const python = start();
python.catch(cannotStart);

/** PyScript's call: the Python started above, writing where PyScript says. */
export async function loadPyodide(options = {}) {
  performance.mark("pyscript-asks");
  if (options.stdout) output.stdout = options.stdout;
  if (options.stderr) output.stderr = options.stderr;
  const pyodide = await python;
  performance.mark("pyscript-handed");
  return pyodide;
}

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

// PyScript's package as this device compiled it on an earlier visit (null if none):
// first on sys.path, ahead of '' (the interpreter's home, where PyScript writes the
// package's sources and imports them), so that import finds the bytecode. Nothing here is
// needed to play: a failure means PyScript compiles its sources, as on a first visit.
async function keptBytecode() {
  try {
    const kept = await keptOnDevice("pyscript-bytecode");
    return kept && new Uint8Array(await kept.arrayBuffer());
  } catch (error) {
    console.warn(`PyScript's compiled package cannot be read: ${error?.message ?? error}`);
    return null;
  }
}

function placeBytecode(pyodide, bytes) {
  pyodide.FS.writeFile(PYSCRIPT_BYTECODE, bytes);
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(PYSCRIPT_BYTECODE)})`);
  document.documentElement.dataset.pyscriptBytecode = "used";
}

// Once the game is ready and the page has settled: compile the package PyScript wrote,
// with this very Python, a module a task (a player's touch never waits behind it), and
// keep it for the next visit. <html data-pyscript-bytecode="kept"> says it is done.
function keepBytecode(pyodide) {
  const task = () => new Promise((done) => setTimeout(done, 0));
  setTimeout(async () => {
    let steps;
    try {
      steps = pyodide.pyimport("web.page.bytecode").compiled_steps(PYSCRIPT_SOURCES);
      let made = null;
      for (;;) {
        const step = steps.next();
        if (step.done) break;
        if (step.value !== undefined) made = step.value;
        await task();
      }
      const bytes = made.toJs();
      made.destroy();
      await keepOnDevice(bytes, "pyscript-bytecode");
      document.documentElement.dataset.pyscriptBytecode = "kept";
    } catch (error) {
      console.warn(`PyScript's package could not be kept compiled: ${error?.message ?? error}`);
    } finally {
      steps?.destroy();
    }
  }, COMPILE_AFTER_MS);
}

async function start() {
  const bytecode = keptBytecode();
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
  const compiled = await bytecode;
  if (compiled) placeBytecode(pyodide, compiled);
  else if (globalThis.caches) whenReady(() => keepBytecode(pyodide));
  return pyodide;
}
