// Saves: the game in progress, the options and the statistics, each under its
// own localStorage key as {v: <version>, ...}. Older versions are migrated;
// anything unreadable (corrupt, truncated, foreign, from a newer build) is
// copied aside and reported; it is removed only once its copy is written.
//
// Keys belong to this copy of the app: the app at the origin's root keeps the
// first names ("tripeaks.game"), a copy under a path has its own
// ("tripeaks@/tripeaks-beta/.game"), so two copies on one origin never read,
// overwrite or delete each other's saves. A copy under a path that finds none
// of its own keys takes a copy of the first names (saves made before keys had
// a path), and leaves them in place for whoever else they belong to.
//
// Reading never depends on writing: with storage full, every save is still
// read and shown, and what cannot be written is kept in memory (read back from
// there), written as soon as a write succeeds again, and reported until then.

import { SITE_ROOT } from "./site.js";
import { mendStats } from "./statistics.js";
import { t } from "./i18n.js";

export { countResult } from "./statistics.js";

const FIRST_PREFIX = "tripeaks.";
const KINDS = ["game", "options", "stats", "install"];
const BACKED_UP = ["game", "options", "stats"]; // the install offer's memory stays with its browser
export const VERSION = 1;

/** The path this copy of the app is served under ("/", "/tripeaks/"). */
export function appBase(href = SITE_ROOT) {
  try {
    return new URL(".", href).pathname;
  } catch {
    return "/";
  }
}

/** The prefix of every key of the copy at ``base``. */
export function keyPrefix(base) {
  return base === "/" ? FIRST_PREFIX : `tripeaks@${base}.`;
}

/** The keys of the copy served at the path of this module. */
export const KEYS = Object.fromEntries(KINDS.map((kind) => [kind, keyPrefix(appBase()) + kind]));

class MemoryBackend {
  constructor() { this.map = new Map(); }
  getItem(key) { return this.map.has(key) ? this.map.get(key) : null; }
  setItem(key, value) { this.map.set(key, String(value)); }
  removeItem(key) { this.map.delete(key); }
}

function pickBackend() {
  try {
    const backend = window.localStorage;
    backend.getItem(FIRST_PREFIX + "probe"); // reading is what must work; writing is checked apart
    return { backend, persistent: true };
  } catch {
    return { backend: new MemoryBackend(), persistent: false };
  }
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isFull = (error) => Boolean(error && (error.name === "QuotaExceededError" || error.code === 22));

/** A stable name for a saved game that has none (a save from before ids): the same record, the same id. */
export function recordId(record) {
  const text = JSON.stringify(record);
  let h1 = 0x811c9dc5;
  let h2 = 0x1b873593;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return `migrated-${(h1 >>> 0).toString(16)}${(h2 >>> 0).toString(16)}`;
}

// Each kind: how to migrate from each older version, and how to check the
// current one. A migration takes the data of version n and returns version n+1.
const SCHEMAS = {
  game: {
    migrations: {
      // Version 0: a bare engine record, saved before saves had an envelope. Its
      // id comes from the record, so a finished game it holds is counted once,
      // however often it is migrated (two tabs, a save that could not be written).
      0: (data) => ({ v: 1, gameId: recordId(data), record: data, board: null }),
    },
    valid: (data) => isObject(data.record) && (data.board === null || isObject(data.board)),
    detectV0: (data) => isObject(data) && !("v" in data) && Array.isArray(data.actions),
  },
  options: {
    migrations: {},
    valid: (data) => typeof data.preset === "string" && (data.rules === undefined || isObject(data.rules)),
  },
  stats: {
    migrations: {},
    valid: (data) => isObject(data),
  },
  install: { // what the install offer remembers (web/main/parts/install.js)
    migrations: {},
    valid: (data) => Number.isInteger(data.games) && Number.isInteger(data.wins),
  },
};

export const emptyStats = () => ({
  v: VERSION, played: 0, won: 0, streak: 0, bestStreak: 0, bestScore: null, counted: [],
});

export class SaveError extends Error {}

/** A save's JSON, or a SaveError in the player's words (not the browser's). */
function parseSave(text) {
  try {
    return JSON.parse(text);
  } catch {
    throw new SaveError(t("storage-save-not-json"));
  }
}

// Problems are worded here, when they are found (model/i18n.js): each kind has its own
// sentences (storage-unreadable-game, backup-unreadable-stats…), so no kind's name is put
// into another sentence.

export class Storage {
  constructor(choice = pickBackend(), base = appBase()) {
    this.backend = choice.backend;
    this.persistent = choice.persistent;
    this.prefix = keyPrefix(base);
    this.keys = Object.fromEntries(KINDS.map((kind) => [kind, this.prefix + kind]));
    this.onproblem = () => {}; // (message, {id}) for a problem with one save
    this.onfull = () => {}; // (full: boolean) when saving stops or starts working again
    this.unsaved = new Map(); // kind -> text that could not be written: read back from here
    this.blocked = new Set(); // kinds whose unreadable save stays in place: never written over
    this.reported = new Set();
    this.full = false;
    this.migrateKeys();
    this.full = !this.probe();
  }

  key(kind) { return this.keys[kind]; }

  /** Whether a write works now (false when storage is full or refused). */
  probe() {
    try {
      const probe = this.prefix + "probe";
      this.backend.setItem(probe, "1");
      this.backend.removeItem(probe);
      return true;
    } catch {
      return false;
    }
  }

  /** A copy under a path takes a copy of saves kept under the first names. */
  migrateKeys() {
    if (this.prefix === FIRST_PREFIX) return;
    for (const kind of KINDS) {
      try {
        if (this.backend.getItem(this.keys[kind]) !== null) return; // migrated already
      } catch {
        return;
      }
    }
    for (const kind of KINDS) {
      let text = null;
      try { text = this.backend.getItem(FIRST_PREFIX + kind); } catch { /* nothing to copy */ }
      if (text === null) continue;
      try {
        this.backend.setItem(this.keys[kind], text);
      } catch {
        this.unsaved.set(kind, text); // shown now, written once there is room
      }
    }
  }

  /** The text saved for one kind (what could not be written yet comes first), or null. */
  raw(kind) {
    if (this.unsaved.has(kind)) return this.unsaved.get(kind);
    return this.backend.getItem(this.keys[kind]);
  }

  /** Read and migrate one kind: {value} or {value: null, problem} or {value: null}. */
  load(kind) {
    let text;
    try {
      text = this.raw(kind);
    } catch (error) {
      return { value: null, problem: t("storage-read-failed", { reason: String(error.name) }) };
    }
    if (text === null) return { value: null };
    let value;
    try {
      value = this.upgrade(kind, parseSave(text));
    } catch (error) {
      if (this.blocked.has(kind)) return { value: null }; // said already
      const where = this.setAside(kind, text);
      return {
        value: null,
        problem: where
          ? t(`storage-unreadable-${kind}`, { reason: error.message, where })
          : t(`storage-unreadable-${kind}-stuck`, { reason: error.message }),
      };
    }
    if (kind === "stats" && value.damaged.length) {
      const where = this.setAside(kind, text, { keepOriginal: true });
      const mended = { ...value.stats, v: VERSION };
      this.unsaved.set(kind, JSON.stringify(mended)); // read back mended, and written with the next save
      if (where) this.flush();
      return {
        value: mended,
        problem: t(where ? "storage-stats-damaged-kept" : "storage-stats-damaged", { fields: value.damaged.slice(0, 6).join(", "), where }),
      };
    }
    return { value: kind === "stats" ? value.stats : value };
  }

  /** Check one kind's data and bring it to this version; stats come back as {stats, damaged}. */
  upgrade(kind, data) {
    const schema = SCHEMAS[kind];
    if (schema.detectV0 && schema.detectV0(data)) data = { v: 0, data };
    if (!isObject(data) || !Number.isInteger(data.v)) throw new SaveError(t("storage-save-not-ours"));
    if (data.v > VERSION) throw new SaveError(t("storage-save-newer", { format: data.v }));
    while (data.v < VERSION) {
      const migrate = schema.migrations[data.v];
      if (!migrate) throw new SaveError(t("storage-save-old", { format: data.v }));
      data = migrate(data.v === 0 ? data.data : data);
    }
    if (!schema.valid(data)) throw new SaveError(t("storage-save-damaged"));
    return kind === "stats" ? mendStats(data) : data;
  }

  /**
   * Keep an unreadable save where a later version or a person could look at it:
   * "<key>.set-aside", or a dated slot when that one is taken. The original is
   * removed only once its copy is written; otherwise it stays, and this kind is
   * not written over for the rest of the session. Returns the copy's key or null.
   */
  setAside(kind, text, { keepOriginal = false } = {}) {
    const key = this.keys[kind];
    let slot = `${key}.set-aside`;
    try {
      if (this.backend.getItem(slot) !== null) slot = `${slot}.${new Date().toISOString()}`;
      this.backend.setItem(slot, text);
    } catch {
      if (!keepOriginal) this.blocked.add(kind);
      return null;
    }
    if (!keepOriginal) {
      this.unsaved.delete(kind);
      try { this.backend.removeItem(key); } catch { /* the copy is written: both stay */ }
    }
    return slot;
  }

  /** Write one kind now, or say why not: {ok} or {ok: false, error}. No report, no memory. */
  write(kind, value) {
    if (this.blocked.has(kind)) return { ok: false, error: t("storage-write-blocked") };
    try {
      this.backend.setItem(this.keys[kind], JSON.stringify({ ...value, v: VERSION }));
      this.unsaved.delete(kind);
      return { ok: true };
    } catch (error) {
      return { ok: false, error: isFull(error) ? t("storage-write-full") : `${error && error.name}` };
    }
  }

  /** Put back exactly what a kind held before (text, or nothing). */
  restore(kind, text) {
    try {
      if (text === null) this.backend.removeItem(this.keys[kind]);
      else this.backend.setItem(this.keys[kind], text);
      return true;
    } catch {
      return false;
    }
  }

  /** Write one kind; false when it could not be (kept in memory and reported until it can). */
  save(kind, value) {
    const text = JSON.stringify({ ...value, v: VERSION });
    if (this.blocked.has(kind)) {
      this.unsaved.set(kind, text);
      if (!this.reported.has(`blocked-${kind}`)) {
        this.reported.add(`blocked-${kind}`);
        this.onproblem(t(`storage-blocked-${kind}`), { id: `${kind}-blocked` });
      }
      return false;
    }
    try {
      this.backend.setItem(this.keys[kind], text);
      this.unsaved.delete(kind);
    } catch (error) {
      this.unsaved.set(kind, text);
      this.setFull(true, error);
      return false;
    }
    if (this.full || this.unsaved.size) this.flush();
    return true;
  }

  /** Write what could not be written before; true when nothing is left unsaved. */
  flush() {
    for (const [kind, text] of [...this.unsaved]) {
      if (this.blocked.has(kind)) continue;
      try {
        this.backend.setItem(this.keys[kind], text);
        this.unsaved.delete(kind);
      } catch (error) {
        this.setFull(true, error);
        return false;
      }
    }
    // Storage is said to work again only when there is room for more than
    // what was there (a save of the same size fits even in a full storage).
    if (this.probe()) this.setFull(false);
    return !this.full;
  }

  setFull(full, error = null) {
    if (full === this.full && !(full && error && !this.reported.has("full"))) return;
    this.full = full;
    if (full) this.reported.add("full");
    this.onfull(full, error && !isFull(error) ? error.name : null);
  }

  /**
   * Change the statistics with a fresh read, under a lock shared by every tab
   * (Web Locks), so two tabs never overwrite each other's counts. Resolves to
   * {value, saved}: saved is false when the change is only in memory.
   */
  async updateStats(change) {
    const run = () => {
      const current = this.load("stats").value || emptyStats();
      const next = change(current);
      const saved = next ? this.save("stats", next) : true;
      return { value: next || current, saved, changed: Boolean(next) };
    };
    if (navigator.locks && this.persistent) {
      return navigator.locks.request(this.prefix + "stats", run);
    }
    return run();
  }

  /** Run ``job`` while no other tab of this copy changes the game (Web Locks where there are). */
  withGameLock(job) {
    if (navigator.locks && this.persistent) return navigator.locks.request(this.prefix + "game", job);
    return job();
  }
}

/** Every saved kind as one versioned document: the backup a player keeps. */
export function exportData(storage) {
  const data = { format: "tripeaks-backup", version: 1, saved: new Date().toISOString() };
  for (const kind of BACKED_UP) data[kind] = storage.load(kind).value;
  return data;
}

/**
 * Read a backup made by exportData, checking every kind; nothing is written.
 * Throws a SaveError saying what is wrong.
 */
export function readBackup(storage, text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new SaveError(t("backup-not-json"));
  }
  if (!isObject(data) || data.format !== "tripeaks-backup") throw new SaveError(t("backup-not-backup"));
  if (data.version !== 1) throw new SaveError(t("backup-version", { version: String(data.version) }));
  const checked = {};
  for (const kind of BACKED_UP) {
    if (data[kind] === null || data[kind] === undefined) continue;
    let value;
    try {
      value = storage.upgrade(kind, data[kind]);
    } catch (error) {
      throw new SaveError(t(`backup-unreadable-${kind}`, { reason: error.message }));
    }
    checked[kind] = kind === "stats" ? value.stats : value;
    // Damaged statistics are mended, field by field, and named (not a kind: not enumerable).
    if (kind === "stats") Object.defineProperty(checked, "damaged", { value: value.damaged });
  }
  return checked;
}

/**
 * Save what readBackup checked, all or nothing: when any kind cannot be
 * written, every kind is put back as it was. Returns {ok} or {ok: false, failed: the kind, error, restored}.
 */
export function writeBackup(storage, checked) {
  const before = {};
  for (const kind of Object.keys(checked)) {
    try {
      before[kind] = storage.backend.getItem(storage.key(kind));
    } catch (error) {
      return { ok: false, failed: kind, error: t("storage-write-unreadable", { reason: String(error.name) }) };
    }
  }
  for (const [kind, value] of Object.entries(checked)) {
    const { ok, error } = storage.write(kind, value);
    if (!ok) {
      const restored = Object.keys(before).every((k) => storage.restore(k, before[k]));
      return { ok: false, failed: kind, error, restored };
    }
  }
  return { ok: true };
}
