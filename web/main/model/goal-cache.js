// The daily goals the engine found, kept on this device: finding a day's goals takes the
// engine seconds (it plays the day's deal to par), and the answer never changes for a
// date, its rules and the engine's build. Only a cache: losing it (a full or blocked
// storage) costs time, no progress, so it fails quietly.

const KEPT = 12; // about a fortnight of days, for one set of rules

export class GoalCache {
  /** ``prefix``: the storage's own (model/storage.js), so each copy of the app on an origin
   * keeps its own; ``build``: the engine's build, since another engine may choose other goals. */
  constructor(prefix, build = () => "") {
    this.key = `${prefix}goals`;
    this.build = build;
  }

  read() {
    try {
      const kept = JSON.parse(localStorage.getItem(this.key));
      return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
    } catch {
      return {};
    }
  }

  /** The goals kept for ``key`` ("date rules"), or null. */
  get(key) {
    const found = this.read()[`${this.build()} ${key}`];
    return found && Array.isArray(found.goals) ? found : null;
  }

  /** Keep the engine's reply for ``key``; the oldest go past KEPT. */
  put(key, reply) {
    const kept = this.read();
    const name = `${this.build()} ${key}`;
    delete kept[name];
    kept[name] = reply;
    const names = Object.keys(kept);
    for (const old of names.slice(0, Math.max(0, names.length - KEPT))) delete kept[old];
    try {
      localStorage.setItem(this.key, JSON.stringify(kept));
    } catch { /* no room, or no storage: asked again next visit */ }
  }
}
