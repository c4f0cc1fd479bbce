// The race's views and words: the strip under the status line (the AI's cards left, its last
// move, how far it has got), the Race panel's comparison, the winner's line, the race table.

import { DRAW } from "../model/vocabulary.js";
import { onLanguage, rankLetter, t } from "../model/i18n.js";

const LEVELS = ["easy", "normal", "hard"];

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
/** "7♥" for the notation's "7H": the card's face as the strip shows it, its rank in the player's letters. */
const cardWords = (text) => text.replace(/^(10|[2-9TJQKA])([SHDC])$/, (_, rank, suit) =>
  `${rankLetter(rank === "10" ? "T" : rank)}${SUITS[suit]}`);

/** "1:05" from ms. */
const time = (ms) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/** Whether ``level`` is an AI level a race can be run against. */
export const isLevel = (level) => LEVELS.includes(level);

/** The race's words, from the engine's codes (levels, result.reason, result.winner), worded
 * when they are shown (model/i18n.js). */
export const raceWords = {
  who: (level) => (isLevel(level) ? t(`race-ai-${level}`) : String(level)),
  ready: (level) => t("race-ready", { ai: raceWords.who(level) }),
  preparing: (level) => t("race-preparing", { ai: raceWords.who(level) }),
  left: () => t("race-left"),
  title: (result) => t(result.winner === "you" ? "race-won" : result.winner === "ai" ? "race-lost" : "race-tie",
    { ai: raceWords.who(result.level) }),
  detail(result) {
    const you = result.you;
    const ai = result.ai;
    if (result.reason === "cleared" && result.winner === "you") {
      return ai.won ? t("race-you-first", { your_time: time(you.elapsed), ai_time: time(ai.finish_at) })
        : t("race-you-ai-stuck", { count: ai.cards_left });
    }
    if (result.reason === "cleared") {
      return t("race-ai-first", { time: time(ai.finish_at), moves: t("race-moves", { count: ai.moves }), count: you.cards_left });
    }
    if (result.winner === "tie" && you.won) return t("race-both-cleared", { time: time(you.elapsed) });
    return t("race-both-stuck", { count: you.cards_left, cards: t("race-cards", { count: ai.cards_left }) });
  },
  /** The strip's last move: the race's end, or what the AI did last (``step``), and
   * whether it waits: before its first move (``paused``: the player's clock has stopped
   * after a move), or after one (``waiting``: the clock has stopped); ``stuck``: its game ends so. */
  last({ result, step, stuck, paused, waiting }) {
    if (result) return t(result.winner === "you" ? "race-last-you-won" : result.winner === "ai" ? "race-last-ai-won" : "race-last-tie");
    if (!step) return t(paused ? "race-paused" : "race-waits");
    if (stuck) return t("race-stuck");
    const drew = step.move === DRAW;
    if (waiting) return drew ? t("race-drew-waiting") : t("race-played-waiting", { card: cardWords(step.text) });
    return drew ? t("race-drew") : t("race-played", { card: cardWords(step.text) });
  },
};

export class RaceStrip {
  constructor(doc = document) {
    this.doc = doc;
    this.strip = doc.querySelector("[data-testid=race-strip]");
    this.shown = { compared: null, winner: null }; // what the panels show, worded again in another language
    onLanguage(() => {
      if (this.shown.compared) this.compared(this.shown.compared);
      this.winner(this.shown.winner);
    });
  }

  $(id) { return this.doc.querySelector(`[data-testid=${id}]`); }

  row(who, result, moves, score) {
    const tr = this.doc.createElement("tr");
    const th = this.doc.createElement("th");
    th.scope = "row";
    th.textContent = who;
    tr.append(th);
    for (const text of [result, moves, score]) {
      const td = this.doc.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  }

  /** The Race panel while the engine works out how each AI does. */
  comparing() {
    const table = this.$("race-compare");
    this.shown.compared = null;
    table.querySelector("tbody").replaceChildren(this.row("—", t("race-working"), "", ""));
    table.setAttribute("aria-busy", "true");
    this.$("race-par").textContent = "";
  }

  /** The Race panel: each AI's result on this deal and the solver's par (either may be missing). */
  compared({ results, par }) {
    const table = this.$("race-compare");
    const note = this.$("race-par");
    this.shown.compared = { results, par };
    table.removeAttribute("aria-busy");
    if (!results) {
      table.querySelector("tbody").replaceChildren(this.row("—", t("race-not-known"), "", ""));
      return;
    }
    const scored = results.some((r) => typeof r.score === "number");
    table.classList.toggle("no-score", !scored);
    table.querySelector("tbody").replaceChildren(...results.map((r) => this.row(
      raceWords.who(r.level), r.won ? t("race-cleared") : t("race-cards-left", { count: r.cards_left }),
      String(r.moves), typeof r.score === "number" ? String(r.score) : "—")));
    if (par && par.result === "win") {
      const draws = typeof par.draws === "number";
      note.textContent = typeof par.score === "number"
        ? t(`race-par${par.score_exact ? "" : "-at-least"}${draws ? "-draws" : ""}`,
          { count: par.score, draws: draws ? t("race-draws", { count: par.draws }) : null })
        : draws ? t("race-solver-clears-draws", { count: par.draws }) : t("race-solver-clears");
    } else if (par) {
      note.textContent = t("race-solver-no-line");
    } else {
      note.textContent = "";
    }
  }

  /** The end-of-game panel's line naming the race's winner (hidden for a game that was no race). */
  winner(result) {
    const line = this.$("race-winner");
    this.shown.winner = result || null;
    line.hidden = !result;
    if (!result) return;
    line.dataset.winner = result.winner;
    line.replaceChildren();
    const strong = this.doc.createElement("strong");
    strong.textContent = t("race-heading", { title: raceWords.title(result) });
    line.append(strong, " ", raceWords.detail(result));
  }

  /** Fill the race-over panel (the AI cleared while the player plays on); the caller opens it. */
  over(dialog, result) {
    dialog.dataset.winner = result.winner;
    dialog.querySelector("[data-testid=race-over-title]").textContent = raceWords.title(result);
    dialog.querySelector("[data-testid=race-over-text]").textContent = raceWords.detail(result);
  }

  /** The strip: ``left`` of ``start`` cards left, ``last`` the words for its last move. */
  showStrip({ level, left, start, last, over }) {
    const strip = this.strip;
    this.doc.documentElement.classList.add("racing");
    strip.hidden = false;
    strip.dataset.level = level;
    strip.querySelector("[data-testid=race-who]").textContent = raceWords.who(level);
    strip.querySelector("[data-testid=race-left]").textContent = t("race-cards-left", { count: left });
    strip.querySelector(".race-fill").style.width = `${Math.round((100 * (start - left)) / start)}%`;
    strip.querySelector("[data-testid=race-last]").textContent = last;
    strip.dataset.state = over ? "over" : "on";
  }

  hideStrip() {
    this.strip.hidden = true;
    this.doc.documentElement.classList.remove("racing");
  }

  /** The Statistics panel's race table: won, lost and tied against each level. */
  stats(levels, race) {
    const box = this.$("race-stats");
    if (!box) return;
    const rows = levels.map((level) => {
      const r = race[level] || { won: 0, lost: 0, tied: 0 };
      return this.row(raceWords.who(level), String(r.won), String(r.lost), String(r.tied));
    });
    box.querySelector("tbody").replaceChildren(...rows);
  }
}
