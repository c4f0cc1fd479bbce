// The page's side of the engine: one module worker, id-matched replies, a ready
// promise, and boot progress. Every call resolves with Python's plain-JSON
// result or rejects with an EngineError carrying Python's message.

export class EngineError extends Error {
  constructor({ kind = "internal", message = "The game engine failed." } = {}) {
    super(message);
    this.name = "EngineError";
    this.kind = kind;
  }
}

export class EngineClient {
  constructor(workerUrl = new URL("./engine-worker.js", import.meta.url)) {
    this.workerUrl = workerUrl;
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = { progress: [], ready: [], failure: [] };
    this.info = null;
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

  start() {
    if (this.worker) return this.ready;
    this.worker = new Worker(this.workerUrl, { type: "module", name: "tripeaks-engine" });
    this.worker.addEventListener("message", (event) => this.receive(event.data));
    this.worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.fail({ kind: "boot", message: `The game engine could not start: ${event.message || "worker error"}` });
    });
    return this.ready;
  }

  receive(message) {
    if (!message) return;
    if (message.type === "progress") return this.emit("progress", message);
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
