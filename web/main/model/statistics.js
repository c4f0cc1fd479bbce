// Statistics: the numbers kept per preset, how a finished game changes them,
// and what the Statistics panel shows. Plain data in, plain data out; storage.js
// keeps them, under a lock shared by every tab.

import { formatNumber, formatPercent, t } from "./i18n.js";
import { mendDaily, notePlayed } from "./medals.js";
import { mendBankroll } from "./money.js";

const RECENT = 30;

export const emptyPreset = () => ({
  played: 0, won: 0, cleanWins: 0, assistedWins: 0, streak: 0, bestStreak: 0,
  bestScore: null, longestCardStreak: 0, wonTime: 0, recent: [],
});

// A count or a time beyond this is damage, not play (a billion games, 30 years of seconds).
const MAX_COUNT = 1e9;
const int = (value) => (Number.isFinite(value) && value >= 0 && value <= MAX_COUNT ? Math.floor(value) : 0);
const score = (value) => (Number.isFinite(value) && Math.abs(value) <= MAX_COUNT ? value : null);

/** The presets statistics are kept for (the engine's five, and custom rules). */
export const KNOWN_PRESETS = ["standard", "classic", "countdown", "relaxed", "challenge", "original", "custom"];

/** A preset's numbers, mended where a save lacks a field. */
export function presetStats(stats, preset) {
  const found = stats.presets && stats.presets[preset];
  const base = emptyPreset();
  if (!found || typeof found !== "object") return base;
  for (const key of Object.keys(base)) {
    if (key === "recent") base.recent = Array.isArray(found.recent) ? found.recent.slice(-RECENT) : [];
    else if (key === "bestScore") base.bestScore = score(found.bestScore);
    else base[key] = int(found[key]);
  }
  base.won = Math.min(base.won, base.played);
  base.recent = base.recent.filter((r) => r && typeof r === "object");
  return base;
}

/**
 * Statistics as read from a save or a backup, each field checked on its own:
 * a damaged field is mended (0, null or dropped) and named, the rest is kept.
 * Returns {stats, damaged: [field names]}.
 */
export function mendStats(data) {
  const damaged = [];
  const stats = { v: data.v, played: 0, won: 0, streak: 0, bestStreak: 0, bestScore: null, counted: [] };
  for (const key of ["played", "won", "streak", "bestStreak"]) {
    const value = data[key];
    if (Number.isInteger(value) && value >= 0 && value <= MAX_COUNT) stats[key] = value;
    else if (value !== undefined) damaged.push(key);
  }
  if (stats.won > stats.played) {
    stats.won = stats.played;
    damaged.push("won");
  }
  if (data.bestScore !== undefined && data.bestScore !== null) {
    stats.bestScore = score(data.bestScore);
    if (stats.bestScore === null) damaged.push("bestScore");
  }
  if (Array.isArray(data.counted)) stats.counted = data.counted.filter((id) => typeof id === "string").slice(-100);
  else if (data.counted !== undefined) damaged.push("counted");
  if (data.presets !== undefined) {
    stats.presets = {};
    if (data.presets === null || typeof data.presets !== "object" || Array.isArray(data.presets)) damaged.push("presets");
    else {
      for (const [name, found] of Object.entries(data.presets)) {
        if (!KNOWN_PRESETS.includes(name) || !found || typeof found !== "object") {
          damaged.push(`presets.${name.slice(0, 20)}`);
          continue;
        }
        const mended = presetStats({ presets: { [name]: found } }, name);
        for (const key of Object.keys(mended)) {
          if (key === "recent" ? !Array.isArray(found.recent) && found.recent !== undefined
            : found[key] !== undefined && found[key] !== mended[key]) damaged.push(`${name}.${key}`);
        }
        stats.presets[name] = mended;
      }
    }
  }
  // The money game's bankroll and the daily goals' medals: a save from before them has none
  // (an empty bankroll, no medals; a record of day marks from before is read as days played).
  stats.bankroll = mendBankroll(data.bankroll);
  if (data.daily !== undefined) stats.daily = mendDaily(data.daily);
  if (data.race !== undefined) {
    const { race, bad } = mendRace(data.race);
    stats.race = race;
    if (bad) damaged.push("race");
  }
  return { stats, damaged: [...new Set(damaged)] };
}

// -- races against the AI (web/main/parts/race.js): won, lost and tied, per AI level ---------------

export const RACE_LEVELS = ["easy", "normal", "hard"];
const emptyRace = () => ({ won: 0, lost: 0, tied: 0 });

/** The race results of a save, each level's counts checked (a save from before
 * races has none: every count 0). Returns {race, bad}: whether anything was mended. */
export function mendRace(found) {
  const race = {};
  let bad = !found || typeof found !== "object" || Array.isArray(found);
  for (const level of RACE_LEVELS) {
    const counts = emptyRace();
    const given = !bad && found[level];
    if (given !== undefined && given !== false) {
      if (!given || typeof given !== "object") bad = true;
      else {
        for (const key of Object.keys(counts)) {
          counts[key] = int(given[key]);
          if (given[key] !== undefined && given[key] !== counts[key]) bad = true;
        }
      }
    }
    race[level] = counts;
  }
  if (!bad && Object.keys(found).some((level) => !RACE_LEVELS.includes(level))) bad = true;
  return { race, bad };
}

/** Count one decided race once (its id: "race:" and the game's id); null when it was
 * counted already. ``result``: {id, level, winner: "you" | "ai" | "tie"}. */
export function countRace(stats, { id, level, winner }) {
  if (!id || !RACE_LEVELS.includes(level) || !["you", "ai", "tie"].includes(winner)) return null;
  const counted = Array.isArray(stats.counted) ? stats.counted : [];
  if (counted.includes(id)) return null;
  const race = mendRace(stats.race || {}).race;
  const key = winner === "you" ? "won" : winner === "ai" ? "lost" : "tied";
  race[level] = { ...race[level], [key]: race[level][key] + 1 };
  return { ...stats, counted: [...counted, id].slice(-100), race };
}

/** What the statistics record of a finished (or left) game: ``game`` as the session holds it. */
export function resultOf(game, won) {
  const board = game.board;
  return {
    gameId: game.gameId, won, score: board.score, preset: game.preset, time: game.elapsed,
    clean: !board.used_undo && !game.hints, cardStreak: board.best_streak, cardsLeft: board.cards_left,
    daily: game.daily,
  };
}

/**
 * Count one finished (or abandoned) game once, whichever tab sees it end; null
 * when it was counted already. ``result``: {gameId, won, score, preset, time,
 * clean, cardStreak, cardsLeft, daily}.
 */
export function countResult(stats, result) {
  const { gameId, won, score } = result;
  if (!gameId || stats.counted.includes(gameId)) return null;
  const next = { ...stats, counted: [...stats.counted, gameId].slice(-100) };
  next.played += 1;
  if (won) {
    next.won += 1;
    next.streak += 1;
    next.bestStreak = Math.max(next.bestStreak, next.streak);
    if (typeof score === "number" && (next.bestScore === null || next.bestScore === undefined || score > next.bestScore)) {
      next.bestScore = score;
    }
  } else {
    next.streak = 0;
  }
  const name = result.preset || "standard";
  const p = presetStats(stats, name);
  p.played += 1;
  if (won) {
    p.won += 1;
    p.streak += 1;
    p.bestStreak = Math.max(p.bestStreak, p.streak);
    if (result.clean) p.cleanWins += 1;
    else p.assistedWins += 1;
    p.wonTime += int(result.time);
    if (typeof score === "number" && (p.bestScore === null || score > p.bestScore)) p.bestScore = score;
  } else {
    p.streak = 0;
  }
  p.longestCardStreak = Math.max(p.longestCardStreak, int(result.cardStreak));
  p.recent = [...p.recent, {
    won: Boolean(won), score: typeof score === "number" ? score : null,
    left: int(result.cardsLeft), time: int(result.time), at: Date.now(),
  }].slice(-RECENT);
  next.presets = { ...(stats.presets || {}), [name]: p };
  if (result.daily) {
    next.daily = notePlayed(mendDaily(stats.daily), result.daily);
  }
  return next;
}

/** Forget one preset's numbers (the totals and the daily marks stay). */
export function resetPreset(stats, preset) {
  const presets = { ...(stats.presets || {}) };
  delete presets[preset];
  return { ...stats, presets };
}

/** The rows the Statistics panel shows for one preset: [label, value], in the player's
 * language. Rows for what the preset does not score (the engine's `scores`: points,
 * streaks) are left out; with `scores` unknown (custom rules) every row shows. */
export function summary(p, formatTime, scores = { points: true, streaks: true }) {
  const none = t("stats-none");
  const count = (n) => formatNumber(n);
  const rows = [
    ["stats-row-played", count(p.played)],
    ["stats-row-won", count(p.won)],
    ["stats-row-win-rate", p.played ? formatPercent(p.won / p.played) : none],
    ["stats-row-clean-wins", count(p.cleanWins)],
    ["stats-row-assisted-wins", count(p.assistedWins)],
    ["stats-row-winning-run", count(p.streak)],
    ["stats-row-best-winning-run", count(p.bestStreak)],
    scores.points && ["stats-row-best-score", p.bestScore === null ? none : count(p.bestScore)],
    scores.streaks && ["stats-row-longest-card-streak", count(p.longestCardStreak)],
    ["stats-row-average-win-time", p.won ? formatTime(p.wonTime / p.won) : none],
  ];
  return rows.filter(Boolean).map(([key, value]) => [t(key), value]);
}
