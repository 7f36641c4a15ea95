// Makes the Pyodide memory snapshot the page starts from (see static/pyodide-boot.mjs).
//
//   node tools/snapshot.mjs '<JSON: {"archive": "...python.zip", "modules": [...], "out": "..."}>'
//
// Run by tools/build_site.py. It boots the same Pyodide the page loads (node_modules/pyodide,
// pinned in package-lock.json), unpacks our archive where PyScript will unpack it
// (/home/pyodide, the interpreter's working directory), imports our pure-Python modules
// (no js, pyodide or pyscript import: a snapshot cannot hold references to JavaScript
// objects), and writes the interpreter's memory. Pyodide refuses a snapshot made by
// another build of itself (its BUILD_ID is in the header); the page then boots normally.
//
// _makeSnapshot and makeMemorySnapshot are private Pyodide API: pinned to 314.0.7 and
// tested end to end by tests/e2e/test_snapshot.py.
import fs from "node:fs";
import { loadPyodide, version } from "pyodide";

const { archive, modules, out } = JSON.parse(process.argv[2]);
const pyodide = await loadPyodide({ _makeSnapshot: true });
pyodide.FS.writeFile("/tmp/python.zip", new Uint8Array(fs.readFileSync(archive)));
// Only Python objects cross over (a module list as JSON text): a snapshot refuses to be
// made while JavaScript holds a proxy of a Python object.
pyodide.runPython(`
import importlib, json, os, zipfile
with zipfile.ZipFile("/tmp/python.zip") as zipped:
    zipped.extractall(os.getcwd())
os.remove("/tmp/python.zip")
for name in json.loads(${JSON.stringify(JSON.stringify(modules))}):
    importlib.import_module(name)
del importlib, json, os, zipfile, zipped, name
`);
let snapshot;
try {
  snapshot = pyodide.makeMemorySnapshot();
} catch (error) {
  console.error(`snapshot: ${error.message}`);
  process.exit(1);
}
fs.writeFileSync(out, snapshot);
console.log(JSON.stringify({ version, bytes: snapshot.length, modules: modules.length }));
