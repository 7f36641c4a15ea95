// Makes the page work offline: registers the service worker (sw.js, next to index.html)
// and, when a new build has been installed beside the running one, offers it with
// "A new version is ready — Reload". Nothing reloads by itself: a game in progress is
// only ever thrown away by the player's own click.
//
// The worker is registered once the game is ready (body[data-ready]), so that filling
// its cache does not compete with Python's start on the first visit, and once the page
// has handed it its downloads.
(() => {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  let playerAskedToReload = false;

  function offer(worker) {
    if (document.getElementById("update") !== null) return;
    const bar = document.createElement("div");
    bar.id = "update";
    bar.className = "update";
    bar.setAttribute("role", "status");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.addEventListener("click", () => {
      playerAskedToReload = true;
      button.disabled = true;
      // Another tab may have switched to the new version already.
      if (worker.state === "activated") location.reload();
      else worker.postMessage({ type: "SKIP_WAITING" });
    });
    bar.append("A new version is ready — ", button);
    document.body.append(bar);
  }

  function watch(registration) {
    // A browser that blocks service workers may resolve with nothing at all.
    if (!registration) return;
    // Only an update has a controller already; the first install needs no prompt.
    if (registration.waiting && container.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && container.controller) offer(worker);
      });
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => {});
    });
  }

  container.addEventListener("controllerchange", () => {
    if (playerAskedToReload) location.reload();
  });

  function register() {
    container.register("./sw.js").then(watch, (error) => {
      console.warn(`Offline play is not available: ${error.message}`);
    });
  }

  // Loaded with `defer`: the body is parsed by now. The worker fills its cache from the
  // page's downloads (static/runtime-fetch.mjs hands them over, then says so on <html>);
  // should that never be said, the worker fills it from the HTTP cache or the network.
  const body = document.body;
  const root = document.documentElement;
  const HANDOVER_PATIENCE_MS = 10000;
  let patience = null;
  const due = () => body.dataset.ready === "true" && root.dataset.downloadsHandedOver;
  const wait = new MutationObserver(() => {
    if (body.dataset.ready === "true" && patience === null) {
      patience = setTimeout(start, HANDOVER_PATIENCE_MS);
    }
    if (due()) start();
  });
  function start() {
    wait.disconnect();
    clearTimeout(patience);
    register();
  }
  if (due()) start();
  else {
    wait.observe(root, {
      attributes: true,
      subtree: true,
      attributeFilter: ["data-ready", "data-downloads-handed-over"],
    });
    if (body.dataset.ready === "true") patience = setTimeout(start, HANDOVER_PATIENCE_MS);
  }
})();
