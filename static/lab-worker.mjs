// A worker of the bot lab (web/dialogs/lab/): Python of its own, apart from the page's, so
// that a player's bot can neither read the game nor stall the page. It is one of two roles,
// told by its first message; every message is JSON text both ways:
// - {bot: {source, name}}: the player's bot is loaded (play/lab/worker.py's BotHost), then
//   each {view} is answered with its reply ({move}, {refused} or {error, traceback}). This
//   worker never holds a layout: the page's referee sends views only. A bot that runs
//   past its time is ended by the page (terminate) and a new worker is started.
// - {solver: {level, first}}: our solver on the run's seeds, for the paired figures; each
//   {seeds: [start, stop]} is answered with {won: [...]}.
// It answers {ready} once loaded, or {failed: why} if it cannot be. What the bot prints
// comes as {printed: line}.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { OUR_PYTHON } from "./snapshot-maker.mjs";

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const ARCHIVE = new URL("../python.zip", import.meta.url).href;

const say = (message) => postMessage(JSON.stringify(message));
let answer = null;

async function start() {
  const printed = (line) => say({ printed: line });
  const [python, archive] = await Promise.all([
    loadPyodide({ indexURL: INDEX_URL, stdout: printed, stderr: printed }),
    fetch(ARCHIVE).then((response) => {
      if (!response.ok) throw new Error(`python.zip: HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
  ]);
  python.FS.writeFile(OUR_PYTHON, new Uint8Array(archive));
  python.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(OUR_PYTHON)})`);
  return python.pyimport("play.lab.worker");
}

async function begin(message) {
  const lab = await start();
  if (message.bot) {
    const host = lab.BotHost();
    const loaded = host.load(message.bot.source, message.bot.name);
    if (JSON.parse(loaded).ready) answer = (data) => host.answer(data.view);
    return postMessage(loaded);
  }
  const { level, first } = message.solver;
  answer = (data) => lab.solver_wins(level, first, ...data.seeds);
  say({ ready: true });
}

addEventListener("message", async ({ data }) => {
  const message = JSON.parse(data);
  try {
    if (!answer) return await begin(message);
    postMessage(answer(message));
  } catch (error) {
    say({ failed: String(error?.message ?? error) });
  }
});
