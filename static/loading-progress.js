// The loading card's bar: it follows the loader's "runtime-progress" events ({received,
// total}: bytes, from static/runtime-fetch.mjs); with no event the card shows its text only.
// A plain script in <head>, so that it hears every event, the first ones included: an
// event that comes before the parser has put the card in is drawn the moment it does (a
// MutationObserver's callback runs before the browser next renders).
(() => {
  "use strict";

  let progress = null; // the last event's detail
  const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

  // Draws the last event's bytes on the card; false while the card is not (yet) there.
  function show() {
    const card = document.querySelector("#loading .loading-card");
    const [title, bar, bytes] = ["title", "bar", "bytes"].map(
      (part) => card?.querySelector(`.loading-${part}`) ?? null,
    );
    if (bytes === null) return false; // not parsed yet, or gone: Python drew the board
    const [received, total] = [Number(progress?.received), Number(progress?.total)];
    if (!(received >= 0)) return true;
    const known = total > 0;
    Object.assign(bar, { hidden: false, max: known ? total : 1 });
    if (known) bar.value = Math.min(received, total);
    else bar.removeAttribute("value"); // indeterminate
    bytes.hidden = false;
    bytes.textContent = known
      ? `${megabytes(Math.min(received, total))} of ${megabytes(total)} MB`
      : `${megabytes(received)} MB`;
    const said = known && received >= total ? "Starting Python…" : "Loading the game…";
    if (title.textContent !== said) title.textContent = said;
    return true;
  }

  addEventListener("runtime-progress", (event) => {
    progress = event.detail ?? null;
    show();
  });
  const watch = new MutationObserver(() => show() && watch.disconnect());
  watch.observe(document.documentElement, { childList: true, subtree: true });
})();
