// Daily goals' medals, a month's badge and the streak of days played: plain data,
// kept with the statistics (stats.daily) and carried by backups. The goals themselves
// come from the engine (tripeaks/goals.py: daily_goals, goals_met).
//
// A month's badge, from the medals of its days:
//   gold    a gold medal on at least 20 days
//   silver  a silver medal or better on at least 15 days
//   bronze  any medal on at least 10 days

import { formatMoney, t } from "./i18n.js";

export const MEDALS = ["bronze", "silver", "gold"];
export const BADGE_DAYS = { gold: 20, silver: 15, bronze: 10 };
const KEPT_DAYS = 800; // two years and more of days played
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const emptyDaily = () => ({ medals: {}, played: [] });

/** The daily record as a save or a backup holds it, each day checked (a save from
 * before daily goals has none: no medals, no days). A day marked the older way
 * ({"2026-12-01": "won"}, as statistics.js countResult wrote them) counts as played. */
export function mendDaily(data) {
  const daily = emptyDaily();
  if (!data || typeof data !== "object" || Array.isArray(data)) return daily;
  const marked = Object.keys(data).filter((day) => DAY.test(day) && (data[day] === "won" || data[day] === "played"));
  if (data.medals && typeof data.medals === "object") {
    for (const [day, medals] of Object.entries(data.medals)) {
      const kept = Array.isArray(medals) ? MEDALS.filter((m) => medals.includes(m)) : [];
      if (DAY.test(day) && kept.length) daily.medals[day] = kept;
    }
  }
  const played = [...(Array.isArray(data.played) ? data.played.filter((d) => DAY.test(d)) : []), ...marked];
  daily.played = [...new Set(played)].sort().slice(-KEPT_DAYS);
  return daily;
}

/** ``daily`` with ``met`` (medal names the engine's goals_met gave) won on ``day``:
 * each medal counts once a day, however often its goal is met again. */
export function awardMedals(daily, day, met) {
  const had = daily.medals[day] || [];
  const medals = MEDALS.filter((m) => had.includes(m) || met.includes(m));
  return { ...daily, medals: { ...daily.medals, [day]: medals } };
}

/** ``daily`` with ``day``'s deal played. */
export function notePlayed(daily, day) {
  if (daily.played.includes(day)) return daily;
  return { ...daily, played: [...daily.played, day].sort().slice(-KEPT_DAYS) };
}

/** The best medal won on ``day``, or null. */
export function bestMedal(daily, day) {
  const medals = daily.medals[day] || [];
  return [...MEDALS].reverse().find((m) => medals.includes(m)) || null;
}

/** The badge of a month ("YYYY-MM"), or null, with each medal's count of days. */
export function monthBadge(daily, month) {
  const days = Object.keys(daily.medals).filter((d) => d.startsWith(`${month}-`));
  const atLeast = (medal) => days.filter((d) => MEDALS.indexOf(bestMedal(daily, d)) >= MEDALS.indexOf(medal)).length;
  const counts = { bronze: atLeast("bronze"), silver: atLeast("silver"), gold: atLeast("gold") };
  const badge = [...MEDALS].reverse().find((m) => counts[m] >= BADGE_DAYS[m]) || null;
  return { badge, counts };
}

/** How many days in a row the daily deal was played, up to ``today`` (or up to
 * yesterday, while today's is still to play). */
export function dayStreak(daily, today) {
  const played = new Set(daily.played);
  const step = (day) => {
    const d = new Date(`${day}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    return d.toISOString().slice(0, 10);
  };
  let day = played.has(today) ? today : step(today);
  let streak = 0;
  while (played.has(day)) {
    streak += 1;
    day = step(day);
  }
  return streak;
}

// -- words -----------------------------------------------------------------------------------
// A score goal in the 1991 money game ("original") is dollars; elsewhere, points.

const goalKey = (goal, preset) => goal.kind.replace(/_/g, "-") + (goal.kind === "score" && preset === "original" ? "-money" : "");

/** A goal as the Deals panel lists it: "Clear 20 cards", "Score 150 points". */
export function goalText(goal, preset) {
  return t(`goals-${goalKey(goal, preset)}`, { count: goal.target, money: formatMoney(goal.target) });
}

/** What a medal was won for, as its notice says it: "Bronze medal: 20 cards cleared". */
export function medalNotice(goal, preset) {
  const done = t(`medal-done-${goalKey(goal, preset)}`, { count: goal.target, money: formatMoney(goal.target) });
  return t(`medal-won-${goal.medal}`, { done });
}
