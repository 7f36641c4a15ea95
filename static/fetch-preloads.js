// index.html's <link data-preload> made preloads, in the engines that take them over.
//
// A preload `as="fetch"` is the very download the later fetch() of the file gets, in
// Chromium and Firefox (Resource Timing shows one entry a file): there the runtime's
// preloads win 1.2 s of a first visit on Fast 4G. WebKit never takes one over: it
// downloads the file again when fetch() asks (the 9.6 MB wasm twice), then warns that the
// preload went unused (docs/engines.md). So WebKit gets none, and fetches each file once,
// when static/runtime-fetch.mjs asks. An async script right after those links, first in
// <head>: it runs as soon as it arrives (the links are parsed by then: they come before
// its element), about a round trip after the page; measured in docs/engines.md.
(() => {
  "use strict";
  const agent = navigator.userAgent;
  // Every browser on iOS is WebKit (CriOS, FxiOS, EdgiOS: none says "Chrome/").
  const webkit = /AppleWebKit\//.test(agent) && !/(Chrome|Chromium)\//.test(agent);
  if (webkit) return;
  for (const link of document.querySelectorAll("link[data-preload]")) link.rel = "preload";
})();
