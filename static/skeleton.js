// The first paint, before Python runs, and the player's first click while it loads.
// A plain script in <head> (no defer): it runs before anything of the body is parsed.
//
// 1. The board Python will show. Each time Python keeps the settings, the game or a
//    zoom, it also keeps what the next start shows (play/start_view.py: the saved level,
//    the saved game's board and whether it is fresh, the theme, cell size, Flag mode and
//    each size's zoom) under "minesweeper/start". This script reads that entry and the
//    address only, and applies the part of Python's start that depends on the address
//    (play/startup.py: a link's daily board, then the saved game unless the link names
//    another board, else a new game). It sets <html data-theme data-cell-size> at once
//    and sizes the covered board (#loading, with the real board's --rows, --cols, --zoom)
//    the moment the parser inserts it, so nothing moves or changes colour when Python
//    draws the cells. Its constants (levels, limits, keys, defaults) are Python's,
//    written in by the build (tools/site/skeleton.py). Stored data from before the entry
//    existed (a returning player's first visit since) has no entry: the default level is
//    drawn, no click is kept, and Python's board replaces it; Python writes the entry as
//    it starts.
//
// 2. The first click. On a fresh board (no game with moves to resume, no daily board,
//    no auto-play, not in Flag mode), a primary click or a tap on a covered cell is shown
//    pressed and kept in <body data-early-click="COLSxROWS/MINES;Orow,col;mouse|touch">;
//    web/early_click.py plays it through the session once Python is up, if the game is
//    still that fresh board. A right click, a long press (both flag), a second click, a
//    press released off the board or turned into a scroll are not kept.
//
// 3. How far loading is: the loader's "runtime-progress" events ({received, total}
//    bytes) fill the bar; once every byte is in, "Starting Python…".
//
// tests/test_early_click.py runs this script under Node on a stand-in page, on generated
// addresses, stored data and dates, against what Python's own start draws.
(() => {
  "use strict";

  // engine/grid.py spot_name: a cell in words, counted from 1, as everything a player reads
  // names it (the record's O8,15 counts from 0).
  const cellName = (row, col) => `row ${row + 1}, column ${col + 1}`;
  if (typeof document === "undefined") {
    module.exports = { cellName }; // Node, for tests/test_cell_words.py
    return;
  }
  const RULES = /*@RULES@*/ null; // Python's constants: tools/site/skeleton.py

  // ---- 1. the board Python will show ---------------------------------------------------
  const MAX_SIDE = BigInt(RULES.maxSide);
  // What Python's str.strip() takes for whitespace: not JavaScript's trim().
  const SPACE = [...RULES.space].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const EDGES = new RegExp(`^[${SPACE.join("")}]+|[${SPACE.join("")}]+$`, "g");
  const strip = (text) => text.replace(EDGES, "");
  const isDict = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  const preset = (name) => (Object.hasOwn(RULES.presets, name) ? RULES.presets[name] : null);
  const same = (a, b) => a.join() === b.join();
  const presetOf = (board) =>
    Object.keys(RULES.presets).find((name) => same(RULES.presets[name], board)) ?? null;

  // engine/numbers.py parse_whole: ASCII digits, whitespace around, from low to high (BigInt).
  function whole(text, low, high) {
    const match = /^(-?)([0-9]+)$/.exec(strip(text));
    if (match === null) return null;
    const [, sign, digits] = match;
    const significant = digits.replace(/^0+/, "");
    if (sign && !significant) return null;
    if (significant.length > Math.max(String(low).length, String(high).length)) return null;
    const value = BigInt(sign + (significant || "0"));
    return low <= value && value <= high ? value : null;
  }

  // engine/level.py Level: 1 to MAX_SIDE rows and columns, two cells at least, 1 to
  // cells - 1 mines; as [rows, cols, mines], or null.
  function level(rows, cols, mines) {
    if (rows === null || cols === null || mines === null) return null;
    const cells = rows * cols;
    const sides = rows >= 1n && cols >= 1n && rows <= MAX_SIDE && cols <= MAX_SIDE;
    return sides && cells >= 2n && mines >= 1n && mines < cells ? [rows, cols, mines].map(Number) : null;
  }
  const stored = (value) =>
    Array.isArray(value) && value.length === 3 && value.every(Number.isSafeInteger)
      ? level(...value.map(BigInt))
      : null;

  // play/address.py _daily: a day as YYYY-MM-DD names it; any other text is today's board.
  function isoDay(text) {
    const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text);
    if (match === null) return "today";
    const [year, month, day] = match.slice(1).map(Number);
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day); // 0-99 are years too, not 1900-1999
    const real = year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    return real ? text : "today";
  }

  // play/address.py from_params: what the address asks for (first value of a repeated key).
  function fromAddress(params) {
    const has = (key) => params.has(key);
    const sized = has("rows") || has("cols") || has("mines");
    let wanted = null; // a level the address names, valid
    if (sized) {
      const read = (key, high) => (has(key) ? whole(params.get(key), 1n, high) : null);
      wanted = level(read("rows", MAX_SIDE), read("cols", MAX_SIDE), read("mines", MAX_SIDE ** 2n));
    } else if (has("level")) {
      wanted = preset(strip(params.get("level")).toLowerCase());
    }
    const seed = has("seed") ? whole(params.get("seed"), 0n, BigInt(RULES.seedLimit) - 1n) : null;
    const on = (key) => has(key) && !RULES.switchOff.includes(strip(params.get(key)).toLowerCase());
    return {
      level: wanted,
      seed: seed === null ? null : String(seed),
      // Launch.ignored: what the address asked for and could not have.
      ignored: ((sized || has("level")) && wanted === null) || (has("seed") && seed === null),
      daily: has("daily") ? isoDay(strip(params.get("daily"))) : null,
      auto: on("auto"),
    };
  }

  // play/start_view.py: what Python said the next start shows, each part checked; the
  // defaults (Python's Settings()) for what is absent or unreadable.
  function fromEntry(storage) {
    const { level: board, theme, cell_size: cellSize, taps_flag: tapsFlag } = RULES.defaults;
    const entry = { level: board, theme, cellSize, tapsFlag, game: null, zooms: {}, old: false };
    let data = null;
    try {
      const text = storage?.getItem(RULES.startKey) ?? null;
      entry.old = text === null && (storage?.getItem(RULES.settingsKey) ?? null) !== null;
      const blob = text !== null && text.length <= RULES.startLargest ? JSON.parse(text) : null;
      if (isDict(blob) && blob.schema === RULES.startSchema && isDict(blob.data)) data = blob.data;
    } catch {
      return entry; // no storage after all, or not JSON
    }
    if (data === null) return entry;
    entry.level = stored(data.level) ?? entry.level;
    if (RULES.themes.includes(data.theme)) entry.theme = data.theme;
    if (RULES.cellSizes.includes(data.cell_size)) entry.cellSize = data.cell_size;
    if (typeof data.taps_flag === "boolean") entry.tapsFlag = data.taps_flag;
    const { game, zooms } = data;
    const played = game?.played;
    const fresh = game?.fresh;
    if (typeof played === "boolean" && typeof fresh === "boolean" && typeof game.seed === "string") {
      const found = stored(game.level);
      if (found !== null) entry.game = { level: found, seed: game.seed, played, fresh };
    }
    if (isDict(zooms)) entry.zooms = zooms;
    return entry;
  }

  // play/startup.py open_session, the part that depends on the address: a link's daily
  // board (not of a day still to come, and on the levels only), else the saved game
  // unless the link names another board, else a new game of the link's level or the saved
  // one. The first click may be kept on a fresh board that a click reveals.
  function plan(search, storage, today) {
    const address = fromAddress(new URLSearchParams(search));
    const entry = fromEntry(storage);
    const board = address.level ?? entry.level;
    const grace = new Date(Date.parse(today) + RULES.dailyGraceDays * 86_400_000);
    const out = address.daily === "today" || address.daily <= grace.toISOString().slice(0, 10);
    const daily = address.daily !== null && out && presetOf(board) !== null;
    const { game } = entry;
    const carried =
      !daily &&
      game !== null &&
      (address.level === null || same(address.level, game.level)) &&
      (address.seed === null || address.seed === game.seed) &&
      !(address.ignored && !game.played); // a board nobody played: a fresh one, as said
    const [rows, cols, mines] = carried ? game.level : board;
    const zoom = entry.zooms[`${cols}x${rows}`];
    const [least, most] = RULES.zoom;
    return {
      rows,
      cols,
      mines,
      preset: presetOf([rows, cols, mines]),
      theme: entry.theme,
      cellSize: entry.cellSize,
      flagMode: entry.tapsFlag,
      zoom: typeof zoom === "number" && zoom >= least && zoom <= most ? zoom : 1,
      accepts: (carried ? game.fresh : !daily) && !entry.tapsFlag && !address.auto && !entry.old,
    };
  }

  // ---- 2. the page before Python ---------------------------------------------------------
  const { longPressMs: LONG_PRESS_MS, touchSlopPx: TOUCH_SLOP_PX } = RULES; // web/gestures.py

  // web/local_storage.py: storage that refuses a write is no storage at all.
  function openStorage() {
    try {
      const storage = window.localStorage;
      storage.setItem(RULES.probeKey, "1");
      storage.removeItem(RULES.probeKey);
      return storage;
    } catch {
      return null;
    }
  }

  const start = plan(location.search, openStorage(), new Date().toISOString().slice(0, 10));
  const { rows, cols, mines } = start;
  // As web/appearance.py shows them; static/style.css turns them into colours and sizes.
  document.documentElement.dataset.theme = start.theme;
  document.documentElement.dataset.cellSize = start.cellSize;

  // The mine counter as Python first draws it (web/render.py led_text of the mines, in
  // counter_digits of them): three digits at least, a fourth added for 1,000 mines.
  function showMines(counter) {
    const text = String(mines).padStart(RULES.ledDigits, "0");
    const digits = [...counter.querySelectorAll(".digit")];
    while (digits.length < text.length) digits.push(counter.appendChild(digits[0].cloneNode(true)));
    digits.forEach((digit, i) => {
      digit.dataset.digit = text[i];
      digit.querySelector(".sr").textContent = text[i];
    });
  }

  let progress = null; // the last "runtime-progress" detail, until the card can show it
  let showProgress = () => {};
  function onProgress(event) {
    progress = event.detail ?? null;
    showProgress();
  }
  window.addEventListener("runtime-progress", onProgress);

  const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

  // The loading card: the bar follows the bytes received; text only without any event.
  function wireProgress(parts) {
    showProgress = () => {
      if (!parts.card.isConnected) {
        window.removeEventListener("runtime-progress", onProgress);
        return;
      }
      const received = Number(progress?.received);
      const total = Number(progress?.total);
      if (!(received >= 0)) return;
      const known = total > 0;
      parts.bar.hidden = false;
      parts.bar.max = known ? total : 1;
      if (known) parts.bar.value = Math.min(received, total);
      else parts.bar.removeAttribute("value"); // indeterminate
      parts.bytes.hidden = false;
      parts.bytes.textContent = known
        ? `${megabytes(Math.min(received, total))} of ${megabytes(total)} MB`
        : `${megabytes(received)} MB`;
      const title = known && received >= total ? "Starting Python…" : "Loading the game…";
      if (parts.title.textContent !== title) parts.title.textContent = title;
    };
    showProgress();
  }

  // The first primary click or tap on the covered board, shown pressed and kept.
  function wireFirstClick(board, loading, parts) {
    const face = document.getElementById("face");
    let press = null; // {id, touch, cell, x, y, timer}
    let kept = false;
    const live = () => parts.card.isConnected && document.body?.dataset.ready !== "true";

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

    function release() {
      if (press !== null) clearTimeout(press.timer);
      press = null;
      if (face !== null) face.dataset.face = "smile";
    }

    function cancel() {
      release();
      if (!kept) show(null);
    }

    function keep(cell, touch) {
      release();
      kept = true;
      show(cell);
      const [row, col] = cell;
      document.body.dataset.earlyClick = `${cols}x${rows}/${mines};O${row},${col};${touch ? "touch" : "mouse"}`;
      // Said in two parts: a board too narrow for the whole sentence still shows which
      // cell is kept (static/style.css), and a screen reader hears it all.
      const name = cellName(row, col);
      const which = document.createElement("span");
      which.className = "loading-kept";
      which.textContent = `${name[0].toUpperCase()}${name.slice(1)} kept`;
      const then = document.createElement("span");
      then.className = "loading-then";
      then.textContent = ": it opens as soon as the game is ready.";
      parts.hint.replaceChildren(which, then);
    }

    const handlers = {
      pointerdown(event) {
        if (press !== null && event.pointerId !== press.id) return cancel(); // a second finger
        if (kept || press !== null || !event.isPrimary || event.button !== 0) return;
        const cell = cellAt(event);
        if (cell === null) return;
        const touch = event.pointerType === "touch";
        press = { id: event.pointerId, touch, cell, x: event.clientX, y: event.clientY, timer: 0 };
        try {
          board.setPointerCapture(event.pointerId); // a release off the board comes here too
        } catch {
          // not an active pointer any more: its release will not come either
        }
        // A finger held this long flags (web/gestures.py): never kept.
        if (touch) press.timer = setTimeout(cancel, LONG_PRESS_MS);
        show(cell);
        if (face !== null) face.dataset.face = "surprise";
      },
      pointermove(event) {
        if (press === null || event.pointerId !== press.id) return;
        if (press.touch) {
          const dx = event.clientX - press.x;
          const dy = event.clientY - press.y;
          if (dx * dx + dy * dy > TOUCH_SLOP_PX * TOUCH_SLOP_PX) cancel(); // a scroll
        } else if (event.buttons & ~1) {
          cancel(); // another button joined: a chord, not a reveal
        } else {
          press.cell = cellAt(event); // the press follows the mouse, as in the game
          show(press.cell);
        }
      },
      pointerup(event) {
        if (press === null || event.pointerId !== press.id) return;
        const cell = press.touch ? press.cell : cellAt(event);
        if (cell === null) cancel(); // released off the board
        else keep(cell, press.touch);
      },
      pointercancel(event) {
        if (press !== null && event.pointerId === press.id) cancel();
      },
      contextmenu(event) {
        event.preventDefault(); // a right click or a long press flags: no menu
      },
    };
    // Each only while the covered board is there: once Python has drawn the cells (or
    // said it could not start), the first event of any kind takes them all off.
    const wired = Object.entries(handlers).map(([type, handle]) => [
      type,
      (event) => (live() ? handle(event) : stop()),
    ]);
    const stop = () => wired.forEach(([type, listener]) => board.removeEventListener(type, listener));
    wired.forEach(([type, listener]) => board.addEventListener(type, listener));
    parts.hint.hidden = false;
    performance.mark("board-accepts-click"); // read by the start-up benchmarks
  }

  // Loaded from <head>, before the body exists: size the board the moment the parser
  // inserts it, and wire the loading card once it is there. A MutationObserver's callback
  // runs before the browser next renders, so the first paint already has the right board.
  let sized = false;
  function drawn() {
    const board = document.getElementById("board");
    const counter = document.getElementById("mine-counter");
    const menu = document.getElementById("level");
    if (board === null || counter === null || menu === null) return false;
    if (!sized) {
      sized = true;
      if (start.preset !== null) menu.value = start.preset;
      for (const [id, value] of [["theme", start.theme], ["cell-size", start.cellSize]]) {
        const select = document.getElementById(id);
        if (select !== null) select.value = value;
      }
      board.style.setProperty("--rows", rows);
      board.style.setProperty("--cols", cols);
      if (start.zoom !== 1) board.style.setProperty("--zoom", start.zoom);
      Object.assign(board.dataset, { rows, cols, mines });
      showMines(counter);
    }
    const loading = document.getElementById("loading");
    const find = (name) => loading?.querySelector(`.loading-${name}`) ?? null;
    const parts = {
      card: find("card"),
      title: find("title"),
      hint: find("hint"),
      bar: find("bar"),
      bytes: find("bytes"),
      pressed: find("pressed"),
    };
    if (Object.values(parts).includes(null)) return false;
    const flagButton = document.getElementById("flag-mode");
    if (flagButton !== null) flagButton.setAttribute("aria-pressed", String(start.flagMode));
    wireProgress(parts);
    if (start.accepts) wireFirstClick(board, loading, parts);
    return true;
  }
  const watch = new MutationObserver(() => {
    if (drawn()) watch.disconnect();
  });
  watch.observe(document.documentElement, { childList: true, subtree: true });
})();
