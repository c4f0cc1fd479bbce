// Runs first, while the page is still parsing: on a warm start (a service worker in
// control), start the engine's worker at once, so Python boots while the rest of the
// page loads. Its messages are kept until engine-client.js takes the worker over.
// A first visit's worker downloads the runtime itself (3.2 MB; startup.js says why),
// and is started by startup.js once the page's own module is in: started here, on a
// slow line its download would take the line from the page's first cards.
// Script errors and unhandled rejections from the first moment on, kept in
// tripeaksErrors for whoever must read them without a console (the WebKit smoke
// run, a bug report).
globalThis.tripeaksErrors = [];
addEventListener("error", (event) => tripeaksErrors.push(`error: ${event.message}`));
addEventListener("unhandledrejection", (event) => tripeaksErrors.push(
  `rejection: ${(event.reason && event.reason.message) || event.reason}`));

// When the page's own files cannot be read (offline, and the device's copy lost in part: a
// module, or every catalog), the boot line says so, with a reload, instead of waiting for
// ever: main.js calls this when no catalog can be read, and a module that fails to load
// calls it here (its error, caught on its way down to the script element).
// Its words are put into the boot line's live region then, so that they are read out.
globalThis.tripeaksUnreadable = () => {
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", tripeaksUnreadable, { once: true });
    return;
  }
  const boot = document.querySelector("[data-testid=boot]");
  const words = document.getElementById("unreadable");
  if (!boot || !words || boot.classList.contains("unreadable")) return;
  boot.classList.add("unreadable");
  boot.append(words.content.cloneNode(true));
  boot.querySelector(".boot-unreadable button").addEventListener("click", () => location.reload());
  document.documentElement.dataset.engine = "failed";
};
addEventListener("error", (event) => {
  const element = event.target;
  if (element && element.tagName === "SCRIPT" && element.type === "module") tripeaksUnreadable();
}, true);

(() => {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  if (!navigator.serviceWorker.controller) return; // a first visit: startup.js starts it
  if (globalThis.tripeaksEngineTaken) return; // main.js was quicker and started it
  const url = new URL("worker/engine-worker.js", document.baseURI);
  if (new URLSearchParams(location.search).get("snapshot") === "off") url.search = "?snapshot=off";
  try {
    const name = "tripeaks-engine";
    const worker = new Worker(url, { type: "module", name });
    const early = { worker, url: url.href, name, messages: [], errors: [] };
    early.keep = (event) => early.messages.push({ data: event.data, at: performance.now() });
    early.fail = (event) => {
      event.preventDefault();
      early.errors.push(event.message || "worker error");
    };
    worker.addEventListener("message", early.keep);
    worker.addEventListener("error", early.fail);
    performance.mark("tripeaks:engine-start");
    globalThis.tripeaksEarlyEngine = early;
  } catch (error) {
    console.warn("early engine start failed:", error);
  }
})();
