// The first paint, before Python runs, and the player's first click while it loads (the
// loading bar is static/loading-progress.js's): a plain script in <head> (no defer), run
// before anything of the body is parsed.
// 1. The board Python will show, from the address and what Python kept for the next start
//    (play/keeping/start_view.py), by the part of Python's start that depends on the address
//    (play/start/startup.py); Python's constants are written in by the build
//    (tools/site/skeleton.py). Theme, cell size, --rows, --cols and --zoom are set before
//    the first paint, so nothing moves when Python draws the cells. Data saved before the
//    entry existed gets the default board and no kept click (Python's board replaces it,
//    and Python writes the entry as it starts).
// 2. On a fresh board (no moves, no daily board, no auto-play, not in Flag mode), the
//    first primary click or tap on a covered cell is shown pressed and kept in <body
//    data-early-click="COLSxROWS/MINES;Orow,col;mouse|touch"> for web/board/early_click.py.
// tests/test_early_click.py runs it under Node against what Python's own start draws.
(() => {
  "use strict";

  // engine/grid.py spot_name: a cell in words, counted from 1 (the record's O8,15 from 0).
  const cellName = (row, col) => `row ${row + 1}, column ${col + 1}`;
  if (typeof document === "undefined") {
    module.exports = { cellName }; // Node, for tests/test_cell_words.py
    return;
  }
  const RULES = /*@RULES@*/ null; // Python's constants: tools/site/skeleton.py

  // ---- 1. the board Python will show ---------------------------------------------------
  const MAX_SIDE = BigInt(RULES.maxSide);
  const EDGES = new RegExp(`^[${RULES.space}]+|[${RULES.space}]+$`, "g"); // str.strip()'s
  const strip = (text) => text.replace(EDGES, "");
  const isDict = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  const presets = Object.entries(RULES.presets);
  const presetOf = (board) => presets.find(([, preset]) => `${preset}` === `${board}`)?.[0] ?? null;
  // engine/numbers.py parse_whole, for bounds of 0 and up: ASCII digits, whitespace around.
  function whole(text, low, high) {
    const digits = /^0*([0-9]+)$/.exec(strip(text))?.[1] ?? "";
    const value = digits && digits.length <= String(high).length ? BigInt(digits) : -1n;
    return low <= value && value <= high ? value : null;
  }
  // engine/level.py Level, as [rows, cols, mines] (from BigInts), or null.
  function level(rows, cols, mines) {
    if (rows === null || cols === null || mines === null) return null;
    const sides = rows >= 1n && cols >= 1n && rows <= MAX_SIDE && cols <= MAX_SIDE;
    const ok = sides && rows * cols >= 2n && mines >= 1n && mines < rows * cols;
    return ok ? [rows, cols, mines].map(Number) : null;
  }
  const stored = (value) =>
    Array.isArray(value) && value.length === 3 && value.every(Number.isSafeInteger)
      ? level(...value.map(BigInt))
      : null;
  // play/start/address.py: what the address asks for (first value of a repeated key); a daily
  // board's day as YYYY-MM-DD names it, any other text being today's board.
  function fromAddress(params) {
    const has = (key) => params.has(key);
    const read = (key, high) => (has(key) ? whole(params.get(key), 1n, high) : null);
    const sized = has("rows") || has("cols") || has("mines");
    const name = has("level") ? strip(params.get("level")).toLowerCase() : "";
    const wanted = sized
      ? level(read("rows", MAX_SIDE), read("cols", MAX_SIDE), read("mines", MAX_SIDE ** 2n))
      : (Object.hasOwn(RULES.presets, name) ? RULES.presets[name] : null);
    const seed = has("seed") ? whole(params.get("seed"), 0n, BigInt(RULES.seedLimit) - 1n) : null;
    const day = has("daily") ? strip(params.get("daily")) : "";
    const date = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(day) ? new Date(day) : NaN;
    const real = !isNaN(date) && day >= "0001" && date.toISOString().startsWith(day);
    return {
      level: wanted,
      seed: seed === null ? null : String(seed),
      // Launch.ignored: what the address asked for and could not have.
      ignored: ((sized || has("level")) && wanted === null) || (has("seed") && seed === null),
      daily: has("daily") ? (real ? day : "today") : null,
      auto: has("auto") && !RULES.switchOff.includes(strip(params.get("auto")).toLowerCase()),
    };
  }

  // play/keeping/start_view.py: what Python said the next start shows, each part checked; Python's
  // defaults (Settings()) for what is absent or unreadable, or without storage: as
  // web/page/local_storage.py has it, storage that refuses a write is none at all.
  function fromEntry() {
    const entry = { ...RULES.defaults, game: null, zooms: {}, old: false }; // Python's keys
    let data = null;
    try {
      const storage = window.localStorage;
      storage.setItem(RULES.probeKey, "1");
      storage.removeItem(RULES.probeKey);
      const text = storage.getItem(RULES.startKey);
      entry.old = text === null && storage.getItem(RULES.settingsKey) !== null;
      const blob = text !== null && text.length <= RULES.startLargest ? JSON.parse(text) : null;
      if (isDict(blob) && blob.schema === RULES.startSchema && isDict(blob.data)) data = blob.data;
    } catch {
      return entry; // no storage, or not JSON
    }
    const { level: saved, theme: look, cell_size: size, taps_flag: taps, game, zooms } = data ?? {};
    Object.assign(entry, {
      level: stored(saved) ?? entry.level,
      theme: RULES.themes.includes(look) ? look : entry.theme,
      cell_size: RULES.cellSizes.includes(size) ? size : entry.cell_size,
      taps_flag: typeof taps === "boolean" ? taps : entry.taps_flag,
    });
    const [played, fresh, found] = [game?.played, game?.fresh, stored(game?.level)];
    if (found && typeof game.seed === "string" && [played, fresh].every((f) => f === !!f)) {
      entry.game = { level: found, seed: game.seed, played, fresh };
    }
    if (isDict(zooms)) entry.zooms = zooms;
    return entry;
  }

  // play/start/startup.py open_session, the part that depends on the address: a link's daily
  // board (not of a day still to come, and on the levels only), else the saved game
  // unless the link names another board, else a new game of the link's level or the saved
  // one. The first click may be kept on a fresh board that a click reveals.
  function plan(search, today) {
    const address = fromAddress(new URLSearchParams(search));
    const entry = fromEntry();
    const { game } = entry;
    const board = address.level ?? entry.level;
    const grace = new Date(Date.parse(today) + RULES.dailyGraceDays * 86_400_000);
    const out = address.daily === "today" || address.daily <= grace.toISOString().slice(0, 10);
    const daily = address.daily !== null && out && presetOf(board) !== null;
    const carried =
      !daily &&
      game !== null &&
      (address.level === null || `${address.level}` === `${game.level}`) &&
      (address.seed === null || address.seed === game.seed) &&
      !(address.ignored && !game.played); // a board nobody played: a fresh one, as said
    const [rows, cols, mines] = carried ? game.level : board;
    const kept = entry.zooms[`${cols}x${rows}`];
    const inRange = typeof kept === "number" && kept >= RULES.zoom[0] && kept <= RULES.zoom[1];
    const zoom = inRange ? kept : 1;
    const { theme, cell_size: cellSize, taps_flag: flagMode } = entry;
    // In Flag mode a click flags, and auto-play makes the first move itself.
    const accepts = (carried ? game.fresh : !daily) && !entry.old && !flagMode && !address.auto;
    const preset = presetOf([rows, cols, mines]);
    return { rows, cols, mines, preset, theme, cellSize, flagMode, zoom, accepts };
  }

  // ---- 2. the page before Python ---------------------------------------------------------
  const start = plan(location.search, new Date().toISOString().slice(0, 10));
  const { rows, cols, mines } = start;
  // As web/controls/appearance.py shows them; static/style.css turns them into colours and sizes.
  Object.assign(document.documentElement.dataset, { theme: start.theme, cellSize: start.cellSize });

  // The first primary click or tap on the covered board, shown pressed and kept.
  function wireFirstClick(board, loading, parts) {
    const face = document.getElementById("face").dataset;
    let press = null; // {id, touch, cell, x, y, timer}
    let kept = false;
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
      if (cell === null) return kept || show(null);
      kept = true;
      show(cell);
      document.body.dataset.earlyClick = `${cols}x${rows}/${mines};O${cell[0]},${cell[1]};${via}`;
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
        const first = !kept && press === null && event.isPrimary && event.button === 0;
        const cell = first ? cellAt(event) : null;
        if (cell === null) return;
        const touch = event.pointerType === "touch";
        press = { id: event.pointerId, touch, cell, x: event.clientX, y: event.clientY };
        // A release off the board comes here too (a pointer already gone has no release).
        try { board.setPointerCapture(event.pointerId); } catch {}
        // A finger held this long flags (web/board/gestures.py): never kept.
        if (touch) press.timer = setTimeout(() => release(), RULES.longPressMs);
        show(cell);
        face.face = "surprise";
      },
      pointermove(event) {
        if (!ours(event)) return;
        const [dx, dy] = [event.clientX - press.x, event.clientY - press.y];
        if (press.touch && dx * dx + dy * dy > RULES.touchSlopPx ** 2) release(); // a scroll
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

  // Before the body exists: size the board the moment the parser inserts it (what comes
  // before it is in by then), wire the loading card once it is in. A MutationObserver's
  // callback runs before the browser next renders: the first paint has the right board.
  let sized = false;
  function drawn() {
    const board = document.getElementById("board");
    if (board === null) return false;
    if (!sized) {
      sized = true;
      const selects = { level: start.preset, theme: start.theme, "cell-size": start.cellSize };
      for (const [id, value] of Object.entries(selects)) {
        if (value !== null) document.getElementById(id).value = value;
      }
      const sizes = { "--rows": rows, "--cols": cols, "--zoom": start.zoom };
      for (const [name, value] of Object.entries(sizes)) board.style.setProperty(name, value);
      Object.assign(board.dataset, { rows, cols, mines });
      // The mine counter as Python first draws it (web/board/render.py: led_text of the mines in
      // counter_digits of them), a digit added for 1,000 mines or more.
      const text = String(mines).padStart(RULES.ledDigits, "0");
      const counter = document.getElementById("mine-counter");
      const digits = [...counter.querySelectorAll(".digit")];
      const copy = () => counter.appendChild(digits[0].cloneNode(true));
      while (digits.length < text.length) digits.push(copy());
      digits.forEach((digit, i) => {
        digit.dataset.digit = text[i];
        digit.querySelector(".sr").textContent = text[i];
      });
    }
    const loading = document.getElementById("loading");
    const part = (name) => loading?.querySelector(`.loading-${name}`);
    const [hint, pressed] = [part("hint"), part("pressed")];
    if (!pressed) return false; // the card's last part: not parsed yet
    document.getElementById("flag-mode").setAttribute("aria-pressed", String(start.flagMode));
    if (start.accepts) wireFirstClick(board, loading, { hint, pressed });
    return true;
  }
  const watch = new MutationObserver(() => drawn() && watch.disconnect());
  watch.observe(document.documentElement, { childList: true, subtree: true });
})();
