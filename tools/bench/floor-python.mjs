// The floor page's start: the game's Python, handed over as PyScript would be handed it.
import { loadPyodide } from "../static/pyodide-boot.mjs";

const pyodide = await loadPyodide();
performance.mark("main-start");
pyodide.runPython('from js import document\ndocument.body.dataset.ready = "true"');
