// Statistics: the numbers kept per preset, how a finished game changes them,
// and what the Statistics panel shows. Plain data in, plain data out; storage.js
// keeps them, under a lock shared by every tab.

const RECENT = 30;

export const emptyPreset = () => ({
  played: 0, won: 0, cleanWins: 0, assistedWins: 0, streak: 0, bestStreak: 0,
  bestScore: null, longestCardStreak: 0, wonTime: 0, recent: [],
});

const int = (value) => (Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0);

/** A preset's numbers, mended where a save lacks a field. */
export function presetStats(stats, preset) {
  const found = stats.presets && stats.presets[preset];
  const base = emptyPreset();
  if (!found || typeof found !== "object") return base;
  for (const key of Object.keys(base)) {
    if (key === "recent") base.recent = Array.isArray(found.recent) ? found.recent.slice(-RECENT) : [];
    else if (key === "bestScore") base.bestScore = Number.isFinite(found.bestScore) ? found.bestScore : null;
    else base[key] = int(found[key]);
  }
  return base;
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
    next.daily = { ...(stats.daily || {}), [result.daily]: won ? "won" : "played" };
  }
  return next;
}

/** Forget one preset's numbers (the totals and the daily marks stay). */
export function resetPreset(stats, preset) {
  const presets = { ...(stats.presets || {}) };
  delete presets[preset];
  return { ...stats, presets };
}

/** The rows the Statistics panel shows for one preset: [label, value]. Rows
 * for what the preset does not score (the engine's `scores`: points, streaks)
 * are left out; with `scores` unknown (custom rules) every row shows. */
export function summary(p, formatTime, scores = { points: true, streaks: true }) {
  const rate = p.played ? `${Math.round((100 * p.won) / p.played)}%` : "—";
  const rows = [
    ["Played", String(p.played)],
    ["Won", String(p.won)],
    ["Win rate", rate],
    ["Clean wins", String(p.cleanWins)],
    ["Wins with undo or hints", String(p.assistedWins)],
    ["Winning run", String(p.streak)],
    ["Best winning run", String(p.bestStreak)],
    scores.points && ["Best score of a win", p.bestScore === null ? "—" : String(p.bestScore)],
    scores.streaks && ["Longest card streak", String(p.longestCardStreak)],
    ["Average time to win", p.won ? formatTime(p.wonTime / p.won) : "—"],
  ];
  return rows.filter(Boolean);
}
