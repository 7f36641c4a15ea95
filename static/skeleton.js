// The first paint, before Python runs, and the player's first click while it loads (the
// loading bar is static/loading-progress.js's): a plain script in <head> (no defer), run
// before anything of the body is parsed.
//
// It holds no rule of the game. Python keeps the picture of its next start with the
// addresses it belongs to (play/keeping/start_view.py): the plain visit's and the address it
// last showed, which a reload opens again. This script compares the page's address (its
// path and query, as the address bar shows them) with those, as text, and:
// 1. sets the look Python keeps for every address (theme, cell size, Flag mode);
// 2. on a match, draws that picture: the board's size, zoom, level menu and mine counter,
//    covered, so that nothing moves when Python draws the cells; and, where the picture
//    says a first click may be kept, keeps the first primary click or tap on a covered cell,
//    shown pressed, in <body data-early-click="COLSxROWS/MINES;Orow,col;mouse|touch"> for
//    web/board/early_click.py (which plays it only if it fits the board Python shows).
// Any other address (a new link, a first visit), no storage, or an entry it cannot read:
// the page's neutral loading state, the loading card on an empty panel, no click kept. So a
// link's first paint has no board (and a first visit's not the player's look) until Python
// draws it.
// Where the entry is kept and how a touch is told from a long press are Python's, written in
// by the build (tools/site/skeleton.py). tests/test_early_click.py runs it under Node.
(() => {
  "use strict";

  // engine/grid.py spot_name: a cell in words, counted from 1 (the record's O8,15 from 0).
  const cellName = (row, col) => `row ${row + 1}, column ${col + 1}`;
  if (typeof document === "undefined") {
    module.exports = { cellName }; // Node, for tests/test_cell_words.py
    return;
  }
  const PYTHON = /*@PYTHON@*/ null; // tools/site/skeleton.py

  // ---- 1. what Python kept for this address --------------------------------------------
  const isDict = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  const counted = (value) => Number.isSafeInteger(value) && value > 0;
  const isText = (value) => typeof value === "string";
  const isFlag = (value) => typeof value === "boolean";

  // The entry's data, or null: no storage, or storage that refuses a write (Python then
  // keeps nothing and reads nothing: web/page/local_storage.py), no entry, or another version.
  function kept() {
    try {
      const storage = window.localStorage;
      storage.setItem(PYTHON.probe, "1");
      storage.removeItem(PYTHON.probe);
      const blob = JSON.parse(storage.getItem(PYTHON.entry));
      return isDict(blob) && blob.schema === PYTHON.schema && isDict(blob.data) ? blob.data : null;
    } catch {
      return null; // no storage, or not JSON
    }
  }
  const data = kept();
  const look = data?.look;
  const lookRead = isDict(look) && isText(look.theme) && isText(look.cell_size) && isFlag(look.flag_mode);
  const starts = isDict(data?.starts) ? data.starts : {};
  const here = location.pathname + location.search;
  const found = Object.hasOwn(starts, here) ? starts[here] : null;
  const read =
    isDict(found) &&
    isText(found.board) &&
    [found.rows, found.cols, found.mines].every(counted) &&
    (found.menu === null || isText(found.menu)) &&
    Number.isFinite(found.zoom) &&
    found.zoom > 0 &&
    isFlag(found.keeps_click);
  const picture = lookRead && read ? found : null;

  // ---- 2. the page before Python ---------------------------------------------------------
  if (lookRead) {
    // As web/controls/appearance.py shows them; static/style.css turns them into colours and sizes.
    Object.assign(document.documentElement.dataset, { theme: look.theme, cellSize: look.cell_size });
  }

  // The first primary click or tap on the covered board, shown pressed and kept.
  function wireFirstClick(board, loading, parts) {
    const { rows, cols } = picture;
    const face = document.getElementById("face").dataset;
    let press = null; // {id, touch, cell, x, y, timer}
    let keptClick = false;
    const live = () => parts.hint.isConnected && document.body?.dataset.ready !== "true";
    function cellAt(event) {
      const box = loading.getBoundingClientRect();
      const col = Math.floor(((event.clientX - box.left) * cols) / box.width);
      const row = Math.floor(((event.clientY - box.top) * rows) / box.height);
      return row >= 0 && row < rows && col >= 0 && col < cols ? [row, col] : null;
    }
    function show(cell) {
      parts.pressed.hidden = cell === null;
      if (cell === null) return;
      parts.pressed.style.setProperty("--press-row", cell[0]);
      parts.pressed.style.setProperty("--press-col", cell[1]);
      // The card steps aside to the other half of the board: the cell stays in sight.
      loading.dataset.card = cell[0] < rows / 2 ? "end" : "start";
    }
    // The press ends: kept when it ends on a cell, else forgotten.
    function release(cell = null) {
      const via = press?.touch ? "touch" : "mouse";
      clearTimeout(press?.timer);
      press = null;
      face.face = "smile";
      if (cell === null) return keptClick || show(null);
      keptClick = true;
      show(cell);
      document.body.dataset.earlyClick = `${picture.board};O${cell[0]},${cell[1]};${via}`;
      // Said in two parts: a board too narrow for the whole sentence still shows which
      // cell is kept (static/style.css), and a screen reader hears it all.
      const said = cellName(...cell).replace(/^./, (first) => first.toUpperCase());
      parts.hint.innerHTML = `<span class="loading-kept">${said} kept</span><span
        class="loading-then">: it opens as soon as the game is ready.</span>`;
    }
    const ours = (event) => press !== null && event.pointerId === press.id;
    const handlers = {
      pointerdown(event) {
        if (press !== null && !ours(event)) return release(); // a second finger
        const first = !keptClick && press === null && event.isPrimary && event.button === 0;
        const cell = first ? cellAt(event) : null;
        if (cell === null) return;
        const touch = event.pointerType === "touch";
        press = { id: event.pointerId, touch, cell, x: event.clientX, y: event.clientY };
        // A release off the board comes here too (a pointer already gone has no release).
        try { board.setPointerCapture(event.pointerId); } catch {}
        // A finger held this long flags (web/board/gestures.py): never kept.
        if (touch) press.timer = setTimeout(() => release(), PYTHON.longPressMs);
        show(cell);
        face.face = "surprise";
      },
      pointermove(event) {
        if (!ours(event)) return;
        const [dx, dy] = [event.clientX - press.x, event.clientY - press.y];
        if (press.touch && Math.hypot(dx, dy) > PYTHON.touchSlopPx) release(); // a scroll
        else if (!press.touch && event.buttons & ~1) release(); // a chord, not a reveal
        else if (!press.touch) show((press.cell = cellAt(event))); // it follows the mouse
      },
      pointerup: (event) => ours(event) && release(press.touch ? press.cell : cellAt(event)),
      pointercancel: (event) => ours(event) && release(),
      contextmenu: (event) => event.preventDefault(), // a right click or long press flags
    };
    // Each only while the covered board is there: once Python has drawn the cells (or
    // said it could not start), the first event of any kind takes them all off.
    const wiring = new AbortController();
    for (const [type, handle] of Object.entries(handlers)) {
      const once = (event) => (live() ? handle(event) : wiring.abort());
      board.addEventListener(type, once, { signal: wiring.signal });
    }
    parts.hint.hidden = false;
    performance.mark("board-accepts-click"); // read by the start-up benchmarks
  }

  // The controls as Python first draws them (they come before the board), and the board,
  // covered.
  function size(board) {
    if (lookRead) {
      document.getElementById("theme").value = look.theme;
      document.getElementById("cell-size").value = look.cell_size;
      document.getElementById("flag-mode").setAttribute("aria-pressed", String(look.flag_mode));
    }
    if (picture === null) return;
    const { rows, cols, mines } = picture;
    if (picture.menu !== null) document.getElementById("level").value = picture.menu;
    const sizes = { "--rows": rows, "--cols": cols, "--zoom": picture.zoom };
    for (const [name, value] of Object.entries(sizes)) board.style.setProperty(name, value);
    Object.assign(board.dataset, { rows, cols, mines });
    // The mine counter as Python first draws it (web/board/render.py), in as many digits as
    // the page has, or as the count has.
    const counter = document.getElementById("mine-counter");
    const digits = [...counter.querySelectorAll(".digit")];
    const text = String(mines).padStart(digits.length, "0");
    const copy = () => counter.appendChild(digits[0].cloneNode(true));
    while (digits.length < text.length) digits.push(copy());
    digits.forEach((digit, i) => {
      digit.dataset.digit = text[i];
      digit.querySelector(".sr").textContent = text[i];
    });
  }

  // Before the body exists: size the board the moment the parser inserts it (what comes
  // before it is in by then), cover it and wire the loading card once they are in. A
  // MutationObserver's callback runs before the browser next renders: the first paint has
  // the right board.
  let sized = false;
  function drawn() {
    const board = document.getElementById("board");
    if (board === null) return false;
    if (!sized) size(board);
    sized = true;
    const loading = document.getElementById("loading");
    if (loading === null) return false;
    if (picture !== null) loading.dataset.covered = ""; // its tiles (static/style.css)
    const part = (name) => loading.querySelector(`.loading-${name}`);
    const [hint, pressed] = [part("hint"), part("pressed")];
    if (!pressed) return false; // the card's last part: not parsed yet
    if (picture?.keeps_click) wireFirstClick(board, loading, { hint, pressed });
    return true;
  }
  const watch = new MutationObserver(() => drawn() && watch.disconnect());
  watch.observe(document.documentElement, { childList: true, subtree: true });
})();
