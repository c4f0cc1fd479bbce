// The page's side of the engine: one module worker, id-matched replies, a ready
// promise, and boot progress. Every call resolves with Python's plain-JSON
// result or rejects with an EngineError, worded from the catalogs.

import { has, t } from "./i18n.js";
import { SITE_ROOT } from "./site.js";

/** What the engine refused, or why it failed: its ``kind`` (tripeaks/bridge.py ERROR_KINDS,
 * or "boot"), its ``reason`` code and ``values``; the message is worded in the player's
 * language: error-<reason> when the catalog has it, else error-kind-<kind>. ``detail``:
 * a developer's words (an internal error's type and text, the worker's own message), for
 * the console only. */
export class EngineError extends Error {
  constructor({ kind = "internal", reason = null, values = {}, detail = null, message = null } = {}) {
    const key = reason && has(`error-${reason}`) ? `error-${reason}` : `error-kind-${kind}`;
    super(has(key) ? t(key, values || {}) : message || "The game engine failed."); // no catalog yet
    this.name = "EngineError";
    this.kind = kind;
    this.reason = reason || kind;
    this.values = values || {};
    this.detail = detail || message; // the worker's own errors (boot, a crash) come with a message
    if (this.detail) console.warn(`engine ${kind}:`, this.detail);
  }
}

export class EngineClient {
  constructor(workerUrl = new URL("worker/engine-worker.js", SITE_ROOT)) {
    this.workerUrl = workerUrl;
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = { progress: [], download: [], ready: [], failure: [] };
    this.info = null;
    this.heard = []; // the boot's messages as they came ("progress fetch at 120 ms"): for a bug report
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {});
  }

  on(kind, listener) {
    this.listeners[kind].push(listener);
  }

  emit(kind, value) {
    for (const listener of this.listeners[kind]) listener(value);
  }

  /** Start the worker, or take over the one boot.js started early. ``download``: the
   * worker downloads the runtime itself (a first visit: startup.js), which its name says. */
  start({ download = false, early = globalThis.tripeaksEarlyEngine } = {}) {
    if (this.worker) return this.ready;
    globalThis.tripeaksEngineTaken = true; // boot.js, if it runs late, starts nothing
    const name = download ? "tripeaks-engine+download" : "tripeaks-engine";
    const adopt = early && early.url === new URL(this.workerUrl, location.href).href && early.name === name;
    this.worker = adopt ? early.worker : new Worker(this.workerUrl, { type: "module", name });
    const failed = (message) =>
      this.fail({ kind: "boot", message: `The game engine could not start: ${message || "worker error"}` });
    this.worker.addEventListener("message", (event) => this.receive(event.data));
    this.worker.addEventListener("error", (event) => {
      event.preventDefault();
      failed(event.message);
    });
    if (adopt) {
      early.worker.removeEventListener("message", early.keep);
      early.worker.removeEventListener("error", early.fail);
      for (const { data, at } of early.messages.splice(0)) this.receive(data, at);
      if (early.errors.length) failed(early.errors[0]);
      globalThis.tripeaksEarlyEngine = null;
    }
    return this.ready;
  }

  /** A message from the worker; ``at``: when it came (boot.js keeps the early ones). */
  receive(message, at = performance.now()) {
    if (!message) return;
    if (message.id === undefined && (message.type !== "download" || message.received >= message.total)) {
      const why = message.error && message.error.message ? ` (${message.error.message})` : "";
      this.heard.push(`${message.type}${message.step ? ` ${message.step}` : ""}${why} at ${Math.round(at)} ms`);
    }
    if (message.type === "progress" || message.type === "download") return this.emit(message.type, message);
    if (message.type === "ready") {
      this.info = message.info;
      this.resolveReady(message.info);
      return this.emit("ready", message.info);
    }
    if (message.type === "boot-error") return this.fail(message.error);
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(new EngineError(message.error));
  }

  fail(error) {
    const failure = new EngineError(error);
    this.rejectReady(failure);
    for (const waiting of this.pending.values()) waiting.reject(failure);
    this.pending.clear();
    this.emit("failure", failure);
  }

  /** Send {type, ...args}; resolves with the result. */
  call(type, args = {}) {
    if (!this.worker) this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...args, id, type });
    });
  }

  get busy() {
    return this.pending.size > 0;
  }
}
