// A worker of the bot lab: a Python of its own, started by the sandbox's relay
// (static/lab-relay.js) from a blob, in the sandbox's opaque origin with no network. The
// runtime's files come in its first message, with its role; Pyodide's fetches of them are
// answered from those bytes, and anything else fetched is refused (the frame's policy
// refuses it too).
//
// Roles, told by the first message's `role` (JSON text):
// - {bot: {source, name}}: the player's bot (play/lab/worker.py's BotHost). Before the bot
//   is loaded, the worker's own postMessage is taken away (from the worker and from its
//   prototype), so the bot has no way to post: what leaves this worker is this script's,
//   answers and printed lines, each cut to size. Each answer is timed by a clock the bot
//   cannot patch (performance.now, bound before the bot runs).
// - {solver: {level, first, boards}}: our solver on the run's boards, for the paired
//   figures; each {boards: [start, stop]} is answered with {won: [...]}.
// It answers {ready} once loaded, or {failed: why}. Printed lines come in batches,
// {printed: [...], dropped: n}: the last PRINTED_LINES of them, each cut to LINE_CHARS,
// with how many earlier ones were not kept.
const post = globalThis.postMessage.bind(globalThis);
const now = performance.now.bind(performance);
const say = (message) => post(JSON.stringify(message));

const ARCHIVE = "/lab/python.zip";
const INDEX_URL = "https://lab.invalid/pyodide/";
const PRINTED_LINES = 200;
const LINE_CHARS = 500;
const FLUSH_MS = 250;

let printed = [];
let dropped = 0;
let flushed = 0;

function flush() {
  if (printed.length || dropped) say({ printed, dropped });
  printed = [];
  dropped = 0;
  flushed = now();
}

function print(line) {
  printed.push(line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line);
  if (printed.length > PRINTED_LINES) {
    printed.shift();
    dropped += 1;
  }
  if (now() - flushed > FLUSH_MS) flush();
}

function blobOf(bytes) {
  return URL.createObjectURL(new Blob([bytes], { type: "text/javascript" }));
}

// The wasm compiled once by the relay, when it could: Pyodide instantiates it from a
// Response, so for its one call instantiateStreaming is answered from the compiled module.
function useCompiled(module) {
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (_response, imports) => {
    WebAssembly.instantiateStreaming = streaming;
    return { instance: await WebAssembly.instantiate(module, imports), module };
  };
}

async function start(files, module) {
  if (module) useCompiled(module);
  // Nothing is loaded but the runtime, handed over: Pyodide probes importScripts with a
  // data: URL to tell a classic worker, which the frame's policy refuses (Firefox reports
  // each refusal as an error); without it, Pyodide takes this worker for a module one.
  globalThis.importScripts = () => {
    throw new TypeError("The bot lab loads no scripts.");
  };
  const types = { "pyodide.asm.wasm": "application/wasm", "python_stdlib.zip": "application/zip" };
  globalThis.fetch = async (input) => {
    const name = String(input?.url ?? input).split("?")[0].split("/").pop();
    if (!(name in types)) throw new TypeError(`The bot lab has no network (${name}).`);
    return new Response(files[name], { headers: { "Content-Type": types[name] } });
  };
  const { loadPyodide } = await import(blobOf(files["pyodide.mjs"]));
  const { default: createPyodideModule } = await import(blobOf(files["pyodide.asm.mjs"]));
  const python = await loadPyodide({
    indexURL: INDEX_URL,
    createPyodideModule,
    lockFileContents: new TextDecoder().decode(files["pyodide-lock.json"]),
    stdout: print,
    stderr: print,
  });
  python.FS.mkdirTree("/lab");
  python.FS.writeFile(ARCHIVE, new Uint8Array(files["python.zip"]));
  python.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ARCHIVE)})`);
  return python.pyimport("play.lab.worker");
}

function takePostingAway() {
  for (const holder of [globalThis, Object.getPrototypeOf(globalThis)]) {
    delete holder.postMessage;
  }
}

async function begin({ files, role: text, module }) {
  const role = JSON.parse(text);
  if (role.bot) takePostingAway();
  const lab = await start(files, module);
  if (role.bot) {
    const host = lab.BotHost();
    const loaded = host.load(role.bot.source, role.bot.name);
    flush();
    post(loaded);
    if (!JSON.parse(loaded).ready) return null;
    return (question) => {
      const started = now();
      let said;
      try {
        said = JSON.parse(host.answer(question));
      } catch (error) {
        const words = String(error?.message ?? error).trim().split("\n").pop().slice(0, 300);
        said = { error: `the bot stopped its Python: ${words}`, traceback: "" };
      }
      said.seconds = (now() - started) / 1000;
      flush();
      return JSON.stringify(said);
    };
  }
  const { level, first, boards } = role.solver;
  say({ ready: true });
  return (question) => {
    const [from, to] = JSON.parse(question).boards;
    return lab.solver_wins(level, first, boards, from, to);
  };
}

let answer = null;
let begun = false;
const unloaded = () => JSON.stringify({ failed: "the bot was not loaded" });
addEventListener("message", async ({ data }) => {
  try {
    if (!begun) {
      begun = true;
      answer = (await begin(data)) ?? unloaded;
      return;
    }
    if (answer) post(answer(data));
  } catch (error) {
    say({ failed: String(error?.message ?? error).slice(0, 500) });
  }
});
