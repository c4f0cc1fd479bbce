// Saves: the game in progress, the options and the statistics, each under its
// own localStorage key as {v: <version>, ...}. Older versions are migrated;
// anything unreadable (corrupt, truncated, foreign, from a newer build) is set
// aside under "<key>.set-aside" and reported, and the caller starts afresh.
// When localStorage cannot be used at all, an in-memory stand-in keeps the
// game playable for the session. A full storage is reported, never thrown.

export { countResult } from "./stats.js";

const PREFIX = "tripeaks.";
export const KEYS = { game: PREFIX + "game", options: PREFIX + "options", stats: PREFIX + "stats", install: PREFIX + "install" };
const BACKED_UP = ["game", "options", "stats"]; // the install offer's memory stays with its browser
export const VERSION = 1;

class MemoryBackend {
  constructor() { this.map = new Map(); }
  getItem(key) { return this.map.has(key) ? this.map.get(key) : null; }
  setItem(key, value) { this.map.set(key, String(value)); }
  removeItem(key) { this.map.delete(key); }
}

function pickBackend() {
  try {
    const backend = window.localStorage;
    const probe = PREFIX + "probe";
    backend.setItem(probe, "1");
    backend.removeItem(probe);
    return { backend, persistent: true };
  } catch {
    return { backend: new MemoryBackend(), persistent: false };
  }
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

// Each kind: how to migrate from each older version, and how to check the
// current one. A migration takes the data of version n and returns version n+1.
const SCHEMAS = {
  game: {
    migrations: {
      // Version 0: a bare engine record, saved before saves had an envelope.
      0: (data) => ({ v: 1, gameId: null, record: data, board: null }),
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
    valid: (data) =>
      ["played", "won", "streak", "bestStreak"].every((k) => Number.isInteger(data[k]) && data[k] >= 0) &&
      Array.isArray(data.counted) && (data.presets === undefined || isObject(data.presets)),
  },
  install: { // what the install offer remembers (web/install.js)
    migrations: {},
    valid: (data) => Number.isInteger(data.games) && Number.isInteger(data.wins),
  },
};

export const DEFAULT_OPTIONS = {
  v: VERSION, preset: "standard", rules: {}, errorHelp: true, fourColour: false, theme: "felt", speed: "normal",
};
export const emptyStats = () => ({
  v: VERSION, played: 0, won: 0, streak: 0, bestStreak: 0, bestScore: null, counted: [],
});

export class SaveError extends Error {}

export class Storage {
  constructor(choice = pickBackend()) {
    this.backend = choice.backend;
    this.persistent = choice.persistent;
    this.onproblem = () => {};
    this.quotaReported = false;
  }

  /** Read and migrate one kind: {value} or {value: null, problem} or {value: null}. */
  load(kind) {
    const key = KEYS[kind];
    let text;
    try {
      text = this.backend.getItem(key);
    } catch (error) {
      return { value: null, problem: `Saved data could not be read (${error.name}).` };
    }
    if (text === null) return { value: null };
    try {
      return { value: this.upgrade(kind, JSON.parse(text)) };
    } catch (error) {
      this.setAside(key, text);
      return { value: null, problem: `Your saved ${kind === "game" ? "game" : kind} could not be read and was set aside (${error.message}).` };
    }
  }

  upgrade(kind, data) {
    const schema = SCHEMAS[kind];
    if (schema.detectV0 && schema.detectV0(data)) data = { v: 0, data };
    if (!isObject(data) || !Number.isInteger(data.v)) throw new SaveError("not a TriPeaks save");
    if (data.v > VERSION) throw new SaveError(`it was written by a newer version (format ${data.v})`);
    while (data.v < VERSION) {
      const migrate = schema.migrations[data.v];
      if (!migrate) throw new SaveError(`format ${data.v} cannot be migrated`);
      data = migrate(data.v === 0 ? data.data : data);
    }
    if (!schema.valid(data)) throw new SaveError("its contents are damaged");
    return data;
  }

  /** Keep an unreadable save where a later version or a person could look at it. */
  setAside(key, text) {
    try {
      this.backend.setItem(key + ".set-aside", text);
      this.backend.removeItem(key);
    } catch {
      try { this.backend.removeItem(key); } catch { /* nothing more to do */ }
    }
  }

  /** Write one kind; false (and one report) when storage is full or refused. */
  save(kind, value) {
    try {
      this.backend.setItem(KEYS[kind], JSON.stringify({ ...value, v: VERSION }));
      this.quotaReported = false;
      return true;
    } catch (error) {
      if (!this.quotaReported) {
        this.quotaReported = true;
        const full = error && (error.name === "QuotaExceededError" || error.code === 22);
        this.onproblem(full
          ? "Storage is full: this game is not being saved. Free some space in your browser to keep it."
          : `This game could not be saved (${error && error.name}). Play goes on.`);
      }
      return false;
    }
  }

  /**
   * Change the statistics with a fresh read, under a lock shared by every tab
   * (Web Locks), so two tabs never overwrite each other's counts.
   */
  async updateStats(change) {
    const run = () => {
      const current = this.load("stats").value || emptyStats();
      const next = change(current);
      if (next) this.save("stats", next);
      return next || current;
    };
    if (navigator.locks && this.persistent) {
      return navigator.locks.request(PREFIX + "stats", run);
    }
    return run();
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
    throw new SaveError("this file is not a TriPeaks backup (it is not JSON)");
  }
  if (!isObject(data) || data.format !== "tripeaks-backup") throw new SaveError("this file is not a TriPeaks backup");
  if (data.version !== 1) throw new SaveError(`backup version ${data.version} is not supported`);
  const checked = {};
  for (const kind of BACKED_UP) {
    if (data[kind] === null || data[kind] === undefined) continue;
    try {
      checked[kind] = storage.upgrade(kind, data[kind]);
    } catch (error) {
      throw new SaveError(`the ${kind} in this backup cannot be read: ${error.message}`);
    }
  }
  return checked;
}

/** Save what readBackup checked (once the engine has accepted its game). */
export function writeBackup(storage, checked) {
  for (const [kind, value] of Object.entries(checked)) storage.save(kind, value);
}
