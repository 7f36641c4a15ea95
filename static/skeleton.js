// The first paint, before Python runs, and the player's first click while it loads.
// A plain script in <head> (no defer): it runs before anything of the body is parsed.
//
// 1. The board Python will show. From the address and the saved settings and game in
//    localStorage it works out, by Python's rules (play/address.py, play/settings.py,
//    play/saves.py, play/keeper.py, play/startup.py), the board Python will deal or
//    resume, the theme and the cell size; it sets <html data-theme data-cell-size> at
//    once and sizes the covered board (#loading, with the real board's --rows, --cols and
//    --cell) the moment the parser inserts it, so nothing moves or changes colour when
//    Python draws the cells. Bad or absent data falls back as Python's does; where the
//    two could still disagree, Python's board simply replaces this one.
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
// The rules of part 1 are pure functions of the address and the stored text:
// tests/test_early_click.py runs them under Node against Python's own start.
(() => {
  "use strict";

  // ---- 1. the board Python will show ---------------------------------------------------
  const PRESETS = {
    beginner: [9, 9, 10],
    intermediate: [16, 16, 40],
    expert: [16, 30, 99],
    "expert-portrait": [30, 16, 99],
  };
  const MAX_SIDE = 1000n;
  const SEED_HIGH = (1n << 64n) - 1n; // engine/rng.py: 0 <= seed < 2**64
  const MAX_MS = 10n ** 12n - 1n; // engine/record.py
  const THEMES = ["classic", "contrast", "colorblind", "dark"];
  const CELL_SIZES = ["s", "m", "l", "fit"];
  const PREFIX = "minesweeper/";
  const SCHEMA = 1; // play/saves.py
  // What Python's str.strip() and the \s of its str patterns take for whitespace: not
  // JavaScript's \s and trim(), which differ by a few characters (\x1c-\x1f, \x85, \ufeff).
  const WS = "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
  const EDGES = new RegExp(`^${WS}+|${WS}+$`, "g");
  const LEVEL_TEXT = new RegExp(`^([0-9]+)${WS}*x${WS}*([0-9]+)${WS}*/${WS}*([0-9]+)$`);
  const MOVE_TEXT = /^([OFC])([0-9]{1,4}),([0-9]{1,4})$/;
  const strip = (text) => text.replace(EDGES, "");
  // engine/grid.py spot_name: a cell in words, counted from 1, as everything a player reads
  // names it (the record's O8,15 counts from 0).
  const cellName = (row, col) => `row ${row + 1}, column ${col + 1}`;

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

  // engine/level.py Level(rows, cols, mines): two cells at least, 1 to cells - 1 mines.
  function level(rows, cols, mines) {
    if (rows === null || cols === null || mines === null) return null;
    const cells = rows * cols;
    if (cells < 2n || mines > cells - 1n) return null;
    return { rows: Number(rows), cols: Number(cols), mines: Number(mines) };
  }

  // Level.parse: a preset's name or COLSxROWS/MINES.
  function parseLevel(text) {
    const key = strip(text).toLowerCase();
    if (Object.hasOwn(PRESETS, key)) {
      const [rows, cols, mines] = PRESETS[key];
      return { rows, cols, mines };
    }
    const match = LEVEL_TEXT.exec(key);
    if (match === null) return null;
    const cols = whole(match[1], 1n, MAX_SIDE);
    const rows = whole(match[2], 1n, MAX_SIDE);
    if (cols === null || rows === null) return null;
    return level(rows, cols, whole(match[3], 1n, rows * cols - 1n));
  }

  // play/address.py: what the address asks for (first value of a repeated key).
  function fromAddress(params) {
    let wanted = null; // a level the address names, valid
    if (params.has("rows") || params.has("cols") || params.has("mines")) {
      const read = (key, high) => (params.has(key) ? whole(params.get(key), 1n, high) : null);
      wanted = level(read("rows", MAX_SIDE), read("cols", MAX_SIDE), read("mines", MAX_SIDE ** 2n));
    } else if (params.has("level")) {
      const name = strip(params.get("level")).toLowerCase();
      if (Object.hasOwn(PRESETS, name)) wanted = parseLevel(name);
    }
    const seed = params.has("seed") ? whole(params.get("seed"), 0n, SEED_HIGH) : null;
    const on = (key) =>
      params.has(key) && !["0", "false", "no", "off"].includes(strip(params.get(key)).toLowerCase());
    const sized = params.has("rows") || params.has("cols") || params.has("mines");
    // Launch.ignored: what the address asked for and could not have.
    const ignored = (sized || params.has("level")) && wanted === null;
    const day = params.has("daily") ? /^\d{4}-\d\d-\d\d$/.exec(strip(params.get("daily"))) : null;
    return {
      level: wanted,
      seed,
      daily: params.has("daily"),
      day: day === null ? null : day[0], // a bad date is today's board: never in the future
      auto: on("auto"),
      ignored: ignored || (params.has("seed") && seed === null),
    };
  }

  // play/startup.py _daily_offered: no board of a day not out yet anywhere (a day's grace
  // for the time zones ahead of UTC), and the daily board on the levels only.
  function dailyOffered(address, level) {
    if (!address.daily) return false;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    if (address.day !== null && address.day > tomorrow) return false;
    return Object.keys(PRESETS).some((name) => sameLevel(parseLevel(name), level));
  }

  const isDict = (value) =>
    value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;
  // Python's json keeps 1 and 1.0 apart (int, float); JSON.parse does not. A number
  // written with a point or an exponent comes back boxed, so it is never taken for an int.
  const floatsBoxed = (_key, value, context) =>
    typeof value === "number" && /[.eE]/.test(context?.source ?? "") ? Object(value) : value;
  const isInt = (value) => typeof value === "number" && Number.isInteger(value);

  // play/saves.py: the data of the stored part `name`, or undefined when absent or unreadable.
  function load(storage, name) {
    let text;
    try {
      text = storage.getItem(PREFIX + name);
    } catch {
      return undefined;
    }
    if (typeof text !== "string") return undefined;
    let blob;
    try {
      blob = JSON.parse(text, floatsBoxed);
    } catch {
      return undefined;
    }
    let schema = 0;
    let data = blob;
    if (isDict(blob) && Object.keys(blob).sort().join() === "data,schema") {
      ({ schema, data } = blob);
    }
    if (!isInt(schema) || schema < 0 || schema > SCHEMA) return undefined;
    return data; // schema 0 -> 1 changes nothing (MIGRATIONS)
  }

  // web/zoom.py read_zooms: the player's zoom of this board size, 1 when none is kept.
  function zoomOf(storage, board) {
    let data;
    try {
      data = JSON.parse(storage?.getItem(PREFIX + "zoom") ?? "null");
    } catch {
      return 1; // not JSON, or nested past what the engine parses (RangeError)
    }
    const zooms = isDict(data) ? data.data : undefined;
    const zoom = isDict(zooms) ? zooms[`${board.cols}x${board.rows}`] : undefined;
    if (typeof zoom !== "number" || !Number.isFinite(zoom)) return 1;
    return Number(Math.min(Math.max(zoom, 0.5), 3).toFixed(3)); // Python's round(z, 3)
  }

  // play/settings.py Settings.from_data: a value of the wrong kind keeps its default.
  function settingsOf(data) {
    const settings = { level: parseLevel("beginner"), theme: "classic", cellSize: "m", flagMode: false };
    if (!isDict(data)) return settings;
    // play/kept.py read_settings keeps a level only as the game writes it: COLSxROWS/MINES.
    const saved = typeof data.level === "string" ? parseLevel(data.level) : null;
    if (saved !== null && data.level === `${saved.cols}x${saved.rows}/${saved.mines}`) {
      settings.level = saved;
    }
    if (THEMES.includes(data.theme)) settings.theme = data.theme;
    if (CELL_SIZES.includes(data.cell_size)) settings.cellSize = data.cell_size;
    if (typeof data.flag_mode === "boolean") settings.flagMode = data.flag_mode;
    return settings;
  }

  // engine/record.py Record.parse, as far as a start needs: level, seed, number of events.
  function parseRecord(text) {
    const fields = strip(text).split(";");
    if (fields.length < 5 || fields[0] !== "ms1") return null;
    const option = (field, name) => {
      const at = field.indexOf("=");
      return at >= 0 && field.slice(0, at) === name ? field.slice(at + 1) : null;
    };
    const board = parseLevel(fields[1]);
    const seedText = option(fields[2], "seed");
    const seed = seedText === null ? null : whole(seedText, 0n, SEED_HIGH);
    const flags = [option(fields[3], "marks"), option(fields[4], "noguess")];
    if (board === null || seed === null || !flags.every((f) => f === "0" || f === "1")) return null;
    let last = 0n;
    for (const item of fields.slice(5)) {
      const at = item.indexOf("@");
      if (at < 0) return null;
      const event = item.slice(0, at);
      if (event.startsWith("Q")) {
        if (!["Q0", "Q1"].includes(strip(event))) return null;
      } else {
        const move = MOVE_TEXT.exec(strip(event));
        if (move === null || Number(move[2]) >= board.rows || Number(move[3]) >= board.cols) {
          return null;
        }
      }
      const ms = whole(item.slice(at + 1), 0n, MAX_MS);
      if (ms === null || ms < last) return null;
      last = ms;
    }
    return { level: board, seed, events: fields.length - 5 };
  }

  // play/keeper.py Snapshot.from_data: the game in progress, or null.
  function gameOf(data) {
    if (!isDict(data) || !Object.hasOwn(data, "elapsed_ms") || !Object.hasOwn(data, "assisted")) {
      return null;
    }
    const { elapsed_ms: elapsed, assisted, daily = null, record, linked = false } = data;
    if (!isInt(elapsed) || elapsed < 0 || typeof assisted !== "boolean") return null;
    if (typeof linked !== "boolean") return null;
    if (daily !== null && typeof daily !== "string") return null;
    const found = typeof record === "string" ? parseRecord(record) : null;
    return found === null ? null : { ...found, daily: daily !== null };
  }

  const sameLevel = (a, b) => a.rows === b.rows && a.cols === b.cols && a.mines === b.mines;

  // play/startup.py open_session: the board Python starts with, and whether it is a
  // fresh one whose first reveal the player may make now.
  function plan(search, storage) {
    const address = fromAddress(new URLSearchParams(search));
    const saved = storage === null ? undefined : load(storage, "settings");
    const settings = settingsOf(saved);
    if (address.level !== null) settings.level = address.level;
    const data = storage === null ? undefined : load(storage, "game");
    const game = data === undefined ? null : gameOf(data);
    let board = settings.level;
    const daily = dailyOffered(address, settings.level);
    let fresh = !daily; // a daily board's first reveal is made for the player
    let resumes = false;
    const sameBoard = (found) =>
      (address.level === null || sameLevel(address.level, found.level)) &&
      (address.seed === null || address.seed === found.seed) &&
      !(address.ignored && found.events === 0); // a board nobody played: a fresh one
    if (!daily && game !== null && sameBoard(game)) {
      board = game.level;
      resumes = game.events > 0;
      fresh = !resumes && !game.daily; // a daily board is never fresh
    }
    const preset = Object.keys(PRESETS).find((name) => sameLevel(parseLevel(name), board));
    return {
      ...board,
      preset: preset ?? null,
      theme: settings.theme,
      cellSize: settings.cellSize,
      flagMode: settings.flagMode,
      zoom: board === null ? 1 : zoomOf(storage, board),
      resumes,
      // In Flag mode a click or tap flags, and auto-play makes the first move itself.
      accepts: fresh && !settings.flagMode && !address.auto,
    };
  }

  if (typeof document === "undefined") {
    module.exports = { plan, cellName }; // Node, for tests/test_early_click.py
    return;
  }

  // ---- 2. the page before Python ---------------------------------------------------------
  const LONG_PRESS_MS = 450; // web/gestures.py
  const TOUCH_SLOP_PX = 10;

  // web/local_storage.py: storage that refuses a write is no storage at all.
  function openStorage() {
    try {
      const storage = window.localStorage;
      storage.setItem(PREFIX + "probe", "1");
      storage.removeItem(PREFIX + "probe");
      return storage;
    } catch {
      return null;
    }
  }

  const start = plan(location.search, openStorage());
  const { rows, cols, mines } = start;
  // As web/appearance.py shows them; static/style.css turns them into colours and sizes.
  document.documentElement.dataset.theme = start.theme;
  document.documentElement.dataset.cellSize = start.cellSize;

  function showLed(led, number) {
    const text = String(Math.min(number, 999)).padStart(3, "0");
    led.querySelectorAll(".digit").forEach((digit, i) => {
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
      showLed(counter, mines);
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
