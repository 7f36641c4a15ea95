// The first paint, before Python runs: the board frame at the size of the level in the
// address, with its mine count on the left LED, under the "Loading Python…" cue.
// A plain script in <head> (no defer): it runs before anything of the body is parsed.
//
// The covered tiles are #loading's background, laid out with the same --rows/--cols and
// --cell as the real board, so when Python draws the cells nothing moves: a pointer aimed
// at a cell during loading is over that same cell once the game is ready. Until then the
// board has no listeners, so a click made during loading does nothing at all.
//
// It reads the address as play/address.py does (first value of a key; rows, cols and
// mines together, 1 to 1000 a side; else a preset; else beginner). Where it would
// disagree, Python's board simply replaces it.
(() => {
  "use strict";
  const PRESETS = {
    beginner: [9, 9, 10],
    intermediate: [16, 16, 40],
    expert: [16, 30, 99],
    "expert-portrait": [30, 16, 99],
  };
  const MAX_SIDE = 1000;
  const whole = (text, high) => {
    const value = /^\s*\d{1,7}\s*$/.test(text ?? "") ? Number(text) : NaN;
    return value >= 1 && value <= high ? value : NaN;
  };

  // [rows, cols, mines, the level menu's value or null for a custom board]
  function levelOf(params) {
    if (params.has("rows") || params.has("cols") || params.has("mines")) {
      const rows = whole(params.get("rows"), MAX_SIDE);
      const cols = whole(params.get("cols"), MAX_SIDE);
      const mines = whole(params.get("mines"), rows * cols - 1);
      if (!Number.isNaN(rows + cols + mines)) return [rows, cols, mines, null];
      return [...PRESETS.beginner, "beginner"];
    }
    const name = (params.get("level") ?? "").trim().toLowerCase();
    return name in PRESETS ? [...PRESETS[name], name] : [...PRESETS.beginner, "beginner"];
  }

  function showLed(led, number) {
    const text = String(Math.min(number, 999)).padStart(3, "0");
    led.querySelectorAll(".digit").forEach((digit, i) => {
      digit.dataset.digit = text[i];
      digit.querySelector(".sr").textContent = text[i];
    });
  }

  const [rows, cols, mines, preset] = levelOf(new URLSearchParams(location.search));

  // Loaded from <head>, before the body exists: size the board the moment the parser
  // inserts it. A MutationObserver's callback runs before the browser next renders, so
  // the first paint already has the right board.
  function drawn() {
    const board = document.getElementById("board");
    const counter = document.getElementById("mine-counter");
    const menu = document.getElementById("level");
    if (board === null || counter === null || menu === null) return false;
    if (preset !== null) menu.value = preset;
    board.style.setProperty("--rows", rows);
    board.style.setProperty("--cols", cols);
    Object.assign(board.dataset, { rows, cols, mines });
    showLed(counter, mines);
    return true;
  }
  const watch = new MutationObserver(() => {
    if (drawn()) watch.disconnect();
  });
  watch.observe(document.documentElement, { childList: true, subtree: true });
})();
