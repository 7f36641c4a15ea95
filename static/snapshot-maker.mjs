// Makes a Pyodide memory snapshot of the game's interpreter: Python up, our archive
// (python.zip, compiled by the build) first on sys.path as the zip it is, where
// static/pyodide-boot.mjs puts it too, and our pure-Python modules imported from it. Shared by the site build
// (tools/snapshot.mjs, in Node) and the player's browser (static/snapshot-worker.mjs),
// so that both make the same snapshot.
//
// A snapshot cannot hold references to JavaScript objects, so only modules that import
// neither js, pyodide nor pyscript are imported (tools/site/snapshot.py lists them), and
// only Python objects cross over: the module list travels as JSON text.
// _makeSnapshot and makeMemorySnapshot are private Pyodide API, pinned with 314.0.7.

/** Where our archive is in the interpreter's file system (static/pyodide-boot.mjs puts
 * it there too: the snapshot's sys.path names it). */
export const OUR_PYTHON = "/home/pyodide/python.zip";

export async function makeSnapshot(loadPyodide, { archive, modules, ...options }) {
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
  pyodide.FS.writeFile(OUR_PYTHON, archive);
  pyodide.runPython(`
import importlib, json, sys
sys.path.insert(0, ${JSON.stringify(OUR_PYTHON)})
for name in json.loads(${JSON.stringify(JSON.stringify(modules))}):
    importlib.import_module(name)
del importlib, json, name
`);
  return pyodide.makeMemorySnapshot();
}
