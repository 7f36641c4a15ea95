// Writes the site's service worker with Workbox (workbox-build, pinned in package-lock.json).
//
//   node tools/sw_build.mjs '<JSON: {"site": "...", "patterns": ["index.html", ...]}>'
//
// Run by tools/build_site.py after the site is assembled; the file list lives there, in
// tools/site/offline.py. Every precached file is keyed by a hash of its content, so a new
// build replaces exactly the files that changed. The worker never takes over by itself
// (skipWaiting: false): the page asks the player, then posts {type: "SKIP_WAITING"}.
import { generateSW } from "workbox-build";

const { site, patterns } = JSON.parse(process.argv[2]);
const { count, size, warnings } = await generateSW({
  globDirectory: site,
  globPatterns: patterns,
  swDest: `${site}/sw.js`,
  // pyodide.asm.wasm is 9.6 MB: above Workbox's 2 MB default, and the page needs it.
  maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
  // The address carries the game (?level=expert&seed=7): any query still means index.html.
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: "index.html",
  cleanupOutdatedCaches: true,
  skipWaiting: false,
  clientsClaim: false,
  // One self-contained file: no workbox-<hash>.js beside it, no importScripts.
  inlineWorkboxRuntime: true,
  mode: "production",
  sourcemap: false,
  disableDevLogs: true,
});
for (const warning of warnings) console.error(`workbox: ${warning}`);
console.log(JSON.stringify({ count, size, warnings: warnings.length }));
process.exitCode = warnings.length ? 1 : 0;
