// Makes the Pyodide memory snapshot a page on a fast network starts from (see
// static/pyodide-boot.mjs).
//
//   node tools/snapshot.mjs '<JSON: {"archive": "...python.zip", "stdlib": "...python_stdlib.zip",
//                                    "modules": [...], "out": "..."}>'
//
// Run by tools/build_site.py with the same Pyodide the page loads (node_modules/pyodide,
// pinned in package-lock.json) and the standard library the site serves (trimmed by the
// build): Python's import caches in the snapshot describe that very zip. The making itself
// is static/snapshot-maker.mjs, which the player's browser also runs. Pyodide refuses a
// snapshot made by another build of itself (its BUILD_ID is in the header); the page then
// boots normally. Tested end to end by tests/e2e/test_snapshot.py.
import fs from "node:fs";
import { loadPyodide, version } from "pyodide";
import { makeSnapshot } from "../static/snapshot-maker.mjs";

const { archive, stdlib, modules, out } = JSON.parse(process.argv[2]);
let snapshot;
try {
  snapshot = await makeSnapshot(loadPyodide, {
    archive: new Uint8Array(fs.readFileSync(archive)),
    modules,
    stdLibURL: stdlib,
  });
} catch (error) {
  console.error(`snapshot: ${error.message}`);
  process.exit(1);
}
fs.writeFileSync(out, snapshot);
console.log(JSON.stringify({ version, bytes: snapshot.length, modules: modules.length }));
