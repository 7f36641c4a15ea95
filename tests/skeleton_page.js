// static/skeleton.js on a stand-in page, under Node, for tests/test_early_click.py.
//
//     node tests/skeleton_page.js BUILT_SKELETON.js
//
// Each line of input is one start, {"path": "/", "search": "?level=expert", "items":
// {key: text} or null (no storage at all), "refuses": true (storage that refuses a write),
// "click": [row, col, "mouse" | "touch"] or null}; each line of output is what the script
// drew on the page: the theme and cell size on <html> and in their menus, the Flag button,
// the board's size, zoom and data, whether the loading board is covered, the mine counter's
// LED text, the level menu, whether the board took a first click and, after the click (a
// press and a release on that cell), what <body data-early-click> holds. The script runs
// whole, as the browser runs it, on a page with the elements it draws on and that storage.
"use strict";

const fs = require("node:fs");
const readline = require("node:readline");
const vm = require("node:vm");

const script = new vm.Script(fs.readFileSync(process.argv[2], "utf8"), { filename: "skeleton.js" });
const CELL = 10; // the stand-in board's cells, in pixels

class Element {
  constructor(id = "", classes = []) {
    this.id = id;
    this.className = classes.join(" ");
    // A DOMStringMap: what is set is kept as text.
    this.dataset = new Proxy({}, { set: (map, key, value) => Reflect.set(map, key, String(value)) });
    this.attributes = {};
    this.children = [];
    this.listeners = new Map();
    this.textContent = "";
    this.innerHTML = "";
    this.hidden = false;
    this.isConnected = true;
    this.value = "";
    this.properties = {};
    this.style = { setProperty: (name, value) => (this.properties[name] = String(value)) };
  }
  add(...children) {
    this.children.push(...children);
    return this;
  }
  appendChild(child) {
    this.children.push(child);
    return child;
  }
  cloneNode() {
    const copy = new Element(this.id, this.className.split(" "));
    Object.assign(copy.dataset, this.dataset);
    copy.textContent = this.textContent;
    copy.children = this.children.map((child) => child.cloneNode(true));
    return copy;
  }
  *all() {
    for (const child of this.children) {
      yield child;
      yield* child.all();
    }
  }
  querySelectorAll(selector) {
    return [...this.all()].filter((e) => e.className.split(" ").includes(selector.slice(1)));
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
  addEventListener(type, listener) {
    this.listeners.set(type, listener);
  }
  setPointerCapture() {}
}

function digit() {
  const sr = new Element("", ["sr"]);
  sr.textContent = "0";
  const made = new Element("", ["digit"]).add(sr);
  made.dataset.digit = "0";
  return made;
}

function page({ path, search, items, refuses, click }) {
  const byId = {};
  const named = (id, ...classes) => (byId[id] = new Element(id, classes));
  const counter = named("mine-counter", "led").add(digit(), digit(), digit());
  const parts = ["card", "title", "hint", "bar", "bytes", "pressed"];
  const loading = named("loading").add(...parts.map((part) => new Element("", [`loading-${part}`])));
  for (const id of ["board", "level", "theme", "cell-size", "flag-mode", "face"]) named(id);
  Object.assign(byId.board.dataset, { rows: "9", cols: "9", mines: "10" }); // index.html's
  const observers = [];
  const marks = [];
  const storage =
    items === null
      ? null
      : {
          getItem: (key) => (Object.hasOwn(items, key) ? items[key] : null),
          setItem: () => {
            if (refuses) throw new Error("QuotaExceededError");
          },
          removeItem: () => {},
        };
  const window = {
    get localStorage() {
      if (storage === null) throw new Error("SecurityError: storage is blocked");
      return storage;
    },
  };
  const body = new Element("body");
  const context = {
    document: {
      documentElement: new Element("html"),
      body,
      getElementById: (id) => byId[id] ?? null,
    },
    window,
    location: { pathname: path, search },
    performance: { mark: (name) => marks.push(name) },
    MutationObserver: class {
      constructor(callback) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
    AbortController,
    setTimeout,
    clearTimeout,
  };
  script.runInNewContext(context);
  for (const callback of observers) callback([]); // the parser has inserted the body
  const board = byId.board;
  if (click) {
    const [row, col, pointerType] = click;
    const [rows, cols] = [Number(board.dataset.rows), Number(board.dataset.cols)];
    loading.getBoundingClientRect = () => ({ left: 0, top: 0, width: cols * CELL, height: rows * CELL });
    const at = { clientX: (col + 0.5) * CELL, clientY: (row + 0.5) * CELL };
    const event = { pointerId: 1, isPrimary: true, button: 0, buttons: 1, pointerType, ...at };
    for (const type of ["pointerdown", "pointerup"]) board.listeners.get(type)?.(event);
  }
  const { theme, cellSize } = context.document.documentElement.dataset;
  return {
    theme: theme ?? null,
    cellSize: cellSize ?? null,
    themeMenu: byId.theme.value,
    cellSizeMenu: byId["cell-size"].value,
    flagPressed: byId["flag-mode"].attributes["aria-pressed"] ?? null,
    rows: board.properties["--rows"] ?? null,
    cols: board.properties["--cols"] ?? null,
    zoom: board.properties["--zoom"] ?? null,
    data: { ...board.dataset },
    covered: "covered" in loading.dataset,
    led: counter.querySelectorAll(".digit").map((d) => d.querySelector(".sr").textContent).join(""),
    ledDigits: counter.querySelectorAll(".digit").map((d) => d.dataset.digit).join(""),
    menu: byId.level.value,
    accepts: marks.includes("board-accepts-click"),
    earlyClick: body.dataset.earlyClick ?? null,
  };
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  let answer;
  try {
    answer = page(JSON.parse(line));
  } catch (error) {
    answer = { error: String(error?.stack ?? error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
});
