// The bare Pyodide page's start: Pyodide booted (no snapshot), then one line of Python.
import { loadPyodide } from "../static/vendor/pyodide/pyodide.mjs";

const pyodide = await loadPyodide({
  indexURL: new URL("../static/vendor/pyodide/", import.meta.url).href,
});
pyodide.runPython('from js import document\ndocument.body.dataset.ready = "true"');
