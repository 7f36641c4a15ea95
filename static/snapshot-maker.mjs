// Makes a Pyodide memory snapshot of the game's interpreter: Python up, our archive
// unpacked where PyScript unpacks it (/home/pyodide, the interpreter's working
// directory), and our pure-Python modules imported. Shared by the site build
// (tools/snapshot.mjs, in Node) and the player's browser (static/snapshot-worker.mjs),
// so that both make the same snapshot.
//
// A snapshot cannot hold references to JavaScript objects, so only modules that import
// neither js, pyodide nor pyscript are imported (tools/site/snapshot.py lists them), and
// only Python objects cross over: the module list travels as JSON text.
// _makeSnapshot and makeMemorySnapshot are private Pyodide API, pinned with 314.0.7.

export async function makeSnapshot(loadPyodide, { archive, modules, ...options }) {
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
  pyodide.FS.writeFile("/tmp/python.zip", archive);
  pyodide.runPython(`
import importlib, json, os, zipfile
with zipfile.ZipFile("/tmp/python.zip") as zipped:
    zipped.extractall(os.getcwd())
os.remove("/tmp/python.zip")
for name in json.loads(${JSON.stringify(JSON.stringify(modules))}):
    importlib.import_module(name)
del importlib, json, os, zipfile, zipped, name
`);
  return pyodide.makeMemorySnapshot();
}
