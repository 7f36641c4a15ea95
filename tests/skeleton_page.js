// static/skeleton.js on a stand-in page, under Node, for tests/test_early_click.py.
//
//     node tests/skeleton_page.js BUILT_SKELETON.js
//
// Each line of input is one start, {"search": "?level=expert", "items": {key: text} or
// null (no storage at all), "today": "2026-11-22"}; each line of output is what the script
// drew on the page: the theme and cell size on <html>, the board's size, zoom and data,
// the mine counter's LED text, the level menu, the Flag button, and whether the board
// took a first click. The script runs whole, as the browser runs it, on a page with the
// elements it draws on, a clock that reads "today" at noon UTC, and that storage.
"use strict";

const fs = require("node:fs");
const readline = require("node:readline");
const vm = require("node:vm");

const script = new vm.Script(fs.readFileSync(process.argv[2], "utf8"), { filename: "skeleton.js" });

class Element {
  constructor(id = "", classes = []) {
    this.id = id;
    this.className = classes.join(" ");
    this.dataset = {};
    this.attributes = {};
    this.children = [];
    this.listeners = new Map();
    this.textContent = "";
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
}

function digit() {
  return new Element("", ["digit"]).add(new Element("", ["sr"]));
}

function page({ search, items, today }) {
  const noon = Date.parse(`${today}T12:00:00Z`);
  class Clock extends Date {
    constructor(...args) {
      super(...(args.length ? args : [noon]));
    }
    static now() {
      return noon;
    }
  }
  const byId = {};
  const named = (id, ...classes) => (byId[id] = new Element(id, classes));
  const counter = named("mine-counter", "led").add(digit(), digit(), digit());
  const parts = ["card", "title", "hint", "bar", "bytes", "pressed"];
  named("loading").add(...parts.map((part) => new Element("", [`loading-${part}`])));
  for (const id of ["board", "level", "theme", "cell-size", "flag-mode", "face"]) named(id);
  const observers = [];
  const marks = [];
  const storage =
    items === null
      ? null
      : {
          getItem: (key) => (Object.hasOwn(items, key) ? items[key] : null),
          setItem: () => {},
          removeItem: () => {},
        };
  const window = {
    get localStorage() {
      if (storage === null) throw new Error("SecurityError: storage is blocked");
      return storage;
    },
  };
  const context = {
    document: {
      documentElement: new Element("html"),
      body: new Element("body"),
      getElementById: (id) => byId[id] ?? null,
    },
    window,
    location: { search },
    performance: { mark: (name) => marks.push(name) },
    MutationObserver: class {
      constructor(callback) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
    URLSearchParams,
    AbortController,
    Date: Clock,
    setTimeout,
    clearTimeout,
  };
  script.runInNewContext(context);
  for (const callback of observers) callback([]); // the parser has inserted the body
  const board = byId.board;
  const { theme, cellSize } = context.document.documentElement.dataset;
  return {
    theme,
    cellSize,
    rows: board.properties["--rows"],
    cols: board.properties["--cols"],
    zoom: board.properties["--zoom"] ?? null,
    data: { ...board.dataset },
    led: counter.querySelectorAll(".digit").map((d) => d.querySelector(".sr").textContent).join(""),
    ledDigits: counter.querySelectorAll(".digit").map((d) => d.dataset.digit).join(""),
    menu: byId.level.value,
    flagPressed: byId["flag-mode"].attributes["aria-pressed"] ?? null,
    accepts: marks.includes("board-accepts-click"),
    entries: [...new URLSearchParams(search)],
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
