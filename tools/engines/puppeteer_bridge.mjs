// A browser driven by puppeteer-core, as commands read from stdin: tools/engines/puppeteer.py
// is the other end. Firefox is driven over WebDriver BiDi, Chromium over CDP; neither needs
// a driver binary (puppeteer-core downloads nothing: the browser is Debian's).
//
// One JSON object per line each way. In: {"id": 1, "op": "open", "url": "..."}; out:
// {"id": 1, "value": ...} or {"id": 1, "error": "..."}, and, at any moment, the page's
// console errors and warnings and its uncaught errors: {"event": "console" | "pageerror", ...}.
// No game rule lives here: only the few primitives a player's hands and eyes need.

import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [browserName, executablePath, userDataDir] = process.argv.slice(2);

function say(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

const browser = await puppeteer.launch({
  browser: browserName,
  executablePath,
  userDataDir,
  headless: true,
  // Chromium as root needs --no-sandbox; our machines' closed network refuses its
  // background connections. Firefox takes its own defaults (puppeteer's prefs).
  args:
    browserName === "chrome"
      ? ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
      : [],
});

let page = null;

async function newPage() {
  page = await browser.newPage();
  await page.setViewport({ width: 1000, height: 800 });
  page.on("console", (message) => {
    const type = message.type();
    if (type === "error" || type === "warn") {
      say({ event: "console", type, text: message.text() });
    }
  });
  page.on("pageerror", (error) => say({ event: "pageerror", text: String(error) }));
  return page;
}

const ops = {
  async version() {
    return browser.version();
  },
  async open({ url }) {
    if (page === null) await newPage();
    await page.goto(url, { waitUntil: "load" });
  },
  async newTab() {
    // A second visit: the same profile (its caches, its storage), a new tab.
    const old = page;
    await newPage();
    if (old !== null) await old.close();
  },
  async reload() {
    await page.reload({ waitUntil: "load" });
  },
  async run({ js }) {
    return page.evaluate(js);
  },
  async waitFor({ js, timeoutMs }) {
    await page.waitForFunction(js, { timeout: timeoutMs, polling: 100 });
  },
  async click({ x, y, button }) {
    await page.mouse.click(x, y, { button });
  },
  async press({ key }) {
    await page.keyboard.press(key);
  },
  async screenshot({ path }) {
    await page.screenshot({ path });
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { id, op, ...args } = JSON.parse(line);
  if (op === "close") break;
  try {
    const value = await ops[op](args);
    say({ id, value: value ?? null });
  } catch (error) {
    say({ id, error: String(error?.message ?? error) });
  }
}
await browser.close();
say({ id: 0, value: "closed" });
process.exit(0); // stdin, still open, would keep Node waiting
