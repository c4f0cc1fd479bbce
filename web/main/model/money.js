// The 1991 money game's bankroll: every deal's money, added up (reference 001's
// original game; tripeaks/scoring.py OriginalScoring). Plain data in, plain data out:
// kept with the statistics (stats.bankroll) and carried by backups.

/** How many deals the bankroll remembers one by one (its chart's span). */
export const KEPT_DEALS = 100;
const MAX_MONEY = 1e7; // more than any deal can win or lose, many times over: damage beyond

/** The preset whose deals are worth money (the 1991 game). */
export const MONEY_PRESET = "original";

/** Whether ``game`` (as the session holds it: {preset, board}) is a deal of the money game. */
export const isMoneyGame = (game) =>
  Boolean(game && game.preset === MONEY_PRESET && game.board && typeof game.board.score === "number");

export const emptyBankroll = () => ({ total: 0, played: 0, cleared: 0, best: null, worst: null, deals: [] });

const money = (value) => (Number.isFinite(value) && Math.abs(value) <= MAX_MONEY ? Math.round(value) : null);
const count = (value) => (Number.isInteger(value) && value >= 0 && value <= 1e9 ? value : 0);

/** A bankroll as a save or a backup holds it, each field checked: a damaged one is
 * mended (a save from before the money game has none: an empty bankroll). */
export function mendBankroll(data) {
  const bank = emptyBankroll();
  if (!data || typeof data !== "object") return bank;
  bank.total = money(data.total) ?? 0;
  bank.played = count(data.played);
  bank.cleared = Math.min(count(data.cleared), bank.played);
  bank.best = money(data.best);
  bank.worst = money(data.worst);
  if (Array.isArray(data.deals)) {
    bank.deals = data.deals
      .filter((d) => d && typeof d.id === "string" && money(d.money) !== null)
      .map((d) => ({ id: d.id, money: money(d.money), cleared: Boolean(d.cleared) }))
      .slice(-KEPT_DEALS);
  }
  return bank;
}

/** The bankroll after one more deal ({id, money, cleared}); a deal already counted
 * (the same game seen by two tabs, or saved twice) changes nothing. */
export function recordDeal(bank, { id, money: dollars, cleared }) {
  const amount = money(dollars);
  if (amount === null || bank.deals.some((d) => d.id === id)) return bank;
  return {
    total: bank.total + amount,
    played: bank.played + 1,
    cleared: bank.cleared + (cleared ? 1 : 0),
    best: bank.best === null ? amount : Math.max(bank.best, amount),
    worst: bank.worst === null ? amount : Math.min(bank.worst, amount),
    deals: [...bank.deals, { id, money: amount, cleared: Boolean(cleared) }].slice(-KEPT_DEALS),
  };
}

/** What Statistics shows: the bankroll, deals played and cleared, the best and worst
 * deal, money per deal, and the bankroll after each of the last deals (the chart). */
export function bankrollFigures(bank) {
  const earlier = bank.total - bank.deals.reduce((sum, d) => sum + d.money, 0);
  let running = earlier;
  const history = bank.deals.map((d) => (running += d.money));
  return {
    total: bank.total, played: bank.played, cleared: bank.cleared, best: bank.best, worst: bank.worst,
    perDeal: bank.played ? bank.total / bank.played : null,
    history: bank.deals.length ? [earlier, ...history] : [],
  };
}
