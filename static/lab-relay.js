// The bot lab's relay: the one script of the sandboxed frame in which the lab's workers
// run (web/dialogs/lab/sandbox.py builds the frame and says why). The frame has an opaque
// origin (sandbox="allow-scripts", no allow-same-origin) and a policy with no network, so
// a worker started here reaches nothing of the site's: no Cache Storage, IndexedDB,
// service worker or server, and no other origin. Its only way back to the page is this
// script, which forwards what a worker posts only while it keeps the rules: text, at most
// MAX_TEXT characters a message, and in any second at most two messages for each question
// asked in it (an answer, and the lines printed while answering) and MAX_RATE more. A
// worker that breaks them is ended at once, and the page told why in words.
//
// The page's messages (objects, from the page's origin only):
//   {kind: "files", files: {name: ArrayBuffer}, worker: text}: the runtime, the worker's
//     script; each worker gets its own copy, transferred. The wasm is compiled here once
//     and the compiled module handed to each worker too: a worker compiling it from bytes
//     made in script gets no code cache (600 ms more a start, measured in Chromium).
//   {kind: "start", id, role: text}, {kind: "ask", id, text}, {kind: "end", id}.
// Ours to the page: {kind: "here"} once loaded, {kind: "said", id, text} for what a worker
// posted, {kind: "ended", id, why} when a worker was ended for breaking the rules or failed.
//
// This text is hashed into the page's and the frame's script-src: tests/test_lab_fair.py
// holds the hash to the file. It holds no closing tag of a script and no carriage return.
"use strict";
(() => {
  const MAX_TEXT = 1000000;
  const MAX_RATE = 20;
  const workers = new Map();
  let site = null;
  let files = null;
  let script = null;
  let compiled = Promise.resolve(null);

  const tell = (message) => window.parent.postMessage(message, site ?? "*");

  function end(id, why) {
    const entry = workers.get(id);
    if (!entry) return;
    workers.delete(id);
    entry.worker.terminate();
    if (why) tell({ kind: "ended", id, why });
  }

  const lastSecond = (times, now) => times.filter((at) => at > now - 1000);

  function heard(id, entry, data) {
    const now = performance.now();
    entry.times = lastSecond(entry.times, now);
    entry.asked = lastSecond(entry.asked, now);
    entry.times.push(now);
    if (entry.times.length > 2 * entry.asked.length + MAX_RATE) {
      return end(id, "the bot's worker sent more messages than it was asked for");
    }
    if (typeof data !== "string") return end(id, "the bot's worker sent something that is not text");
    if (data.length > MAX_TEXT) return end(id, "the bot's worker sent a message over 1 MB");
    tell({ kind: "said", id, text: data });
  }

  function start(id, role) {
    const url = URL.createObjectURL(new Blob([script], { type: "text/javascript" }));
    // A classic worker: Chromium refuses a module worker from a blob in an opaque origin
    // (it starts, then fails to load); a classic one may still import() blobs of modules.
    const worker = new Worker(url);
    const entry = { worker, times: [], asked: [] };
    workers.set(id, entry);
    worker.addEventListener("message", (event) => {
      URL.revokeObjectURL(url);
      heard(id, entry, event.data);
    });
    worker.addEventListener("messageerror", () => end(id, "the bot's worker sent what cannot be read"));
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      end(id, `the lab's worker stopped: ${event.message || "its script failed"}`);
    });
    compiled.then((module) => {
      if (workers.get(id) !== entry) return; // ended meanwhile
      const copies = {};
      for (const [name, bytes] of Object.entries(files)) {
        if (!(module && name === "pyodide.asm.wasm")) copies[name] = bytes.slice(0);
      }
      worker.postMessage({ files: copies, role, module }, Object.values(copies));
    });
  }

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    site ??= event.origin;
    if (event.origin !== site) return;
    const message = event.data ?? {};
    if (message.kind === "files") {
      files = message.files;
      script = message.worker;
      compiled = WebAssembly.compile(files["pyodide.asm.wasm"]).catch(() => null);
    } else if (message.kind === "start" && files) {
      start(message.id, message.role);
    } else if (message.kind === "ask") {
      const entry = workers.get(message.id);
      entry?.asked.push(performance.now());
      entry?.worker.postMessage(message.text);
    } else if (message.kind === "end") {
      end(message.id, "");
    }
  });
  tell({ kind: "here" });
})();
