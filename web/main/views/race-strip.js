// The race's views and words: the strip under the status line (the AI's cards left, its last
// move, how far it has got), the Race panel's comparison, the winner's line, the race table.

import { DRAW } from "../model/vocabulary.js";
import { plural } from "../model/words.js";

const LEVEL_NAME = { easy: "Easy", normal: "Normal", hard: "Hard" };

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
/** "7♥" for the notation's "7H" (the strip's words; the card itself comes from the engine). */
const cardWords = (text) => text.replace(/^(10|[2-9TJQKA])([SHDC])$/, (_, rank, suit) => `${rank}${SUITS[suit]}`);

/** "1:05" from ms. */
const time = (ms) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/** Whether ``level`` is an AI level a race can be run against. */
export const isLevel = (level) => Boolean(LEVEL_NAME[level]);

export const raceWords = {
  who: (level) => `${LEVEL_NAME[level] || level} AI`,
  waits: "waits for your first move",
  paused: "waits while the game is stopped",
  ready: (level) => `Race on: the ${LEVEL_NAME[level]} AI plays this deal too. It starts with your first move; clear the peaks before it does.`,
  preparing: (level) => `Getting the ${LEVEL_NAME[level]} AI ready…`,
  left: "The race was left unfinished: nothing is recorded.",
  title: (result) => (result.winner === "you" ? `You won the race against the ${raceWords.who(result.level)}`
    : result.winner === "ai" ? `The ${raceWords.who(result.level)} won the race`
      : `The race against the ${raceWords.who(result.level)} is a tie`),
  detail(result) {
    const you = result.you;
    const ai = result.ai;
    if (result.reason === "cleared" && result.winner === "you") {
      return ai.won ? `You cleared the peaks in ${time(you.elapsed)}; it needed ${time(ai.finish_at)}.`
        : `You cleared the peaks; it got stuck with ${plural(ai.cards_left, "card")} left.`;
    }
    if (result.reason === "cleared") {
      return `It cleared the peaks in ${time(ai.finish_at)} (${plural(ai.moves, "move")}); you had ${plural(you.cards_left, "card")} left.`;
    }
    if (result.winner === "tie" && you.won) return `You both cleared the peaks in ${time(you.elapsed)}.`;
    return `Both stuck: you with ${plural(you.cards_left, "card")} left, it with ${plural(ai.cards_left, "card")}.`;
  },
  /** The strip's last move: the race's end, or what the AI did last (``step``), and
   * whether it waits: before its first move (``paused``: the player's clock has stopped
   * after a move), or after one (``waiting``: the clock has stopped); ``stuck``: its game ends so. */
  last({ result, step, stuck, paused, waiting }) {
    if (result) return result.winner === "you" ? "you won the race" : result.winner === "ai" ? "won the race" : "a tie";
    if (!step) return paused ? raceWords.paused : raceWords.waits;
    if (stuck) return "stuck";
    if (waiting) return `${step.move === DRAW ? "drew" : `played ${cardWords(step.text)}`} · waiting`;
    return step.move === DRAW ? "drew a card" : `played ${cardWords(step.text)}`;
  },
};

export class RaceStrip {
  constructor(doc = document) {
    this.doc = doc;
    this.strip = doc.querySelector("[data-testid=race-strip]");
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
    table.querySelector("tbody").replaceChildren(this.row("—", "Working it out…", "", ""));
    table.setAttribute("aria-busy", "true");
    this.$("race-par").textContent = "";
  }

  /** The Race panel: each AI's result on this deal and the solver's par (either may be missing). */
  compared({ results, par }) {
    const table = this.$("race-compare");
    const note = this.$("race-par");
    table.removeAttribute("aria-busy");
    if (!results) {
      table.querySelector("tbody").replaceChildren(this.row("—", "Not known", "", ""));
      return;
    }
    const scored = results.some((r) => typeof r.score === "number");
    table.classList.toggle("no-score", !scored);
    table.querySelector("tbody").replaceChildren(...results.map((r) => this.row(
      raceWords.who(r.level), r.won ? "Cleared" : `${plural(r.cards_left, "card")} left`,
      String(r.moves), typeof r.score === "number" ? String(r.score) : "—")));
    if (par && par.result === "win") {
      note.textContent = typeof par.score === "number"
        ? `Par (the solver, which sees every card): ${par.score_exact ? "" : "at least "}${plural(par.score, "point")}${typeof par.draws === "number" ? `, ${plural(par.draws, "draw")} at fewest` : ""}.`
        : `The solver, which sees every card, clears this deal${typeof par.draws === "number" ? ` with ${plural(par.draws, "draw")} at fewest` : ""}.`;
    } else if (par) {
      note.textContent = "The solver finds no line that clears this deal.";
    } else {
      note.textContent = "";
    }
  }

  /** The end-of-game panel's line naming the race's winner (hidden for a game that was no race). */
  winner(result) {
    const line = this.$("race-winner");
    line.hidden = !result;
    if (!result) return;
    line.dataset.winner = result.winner;
    line.replaceChildren();
    const strong = this.doc.createElement("strong");
    strong.textContent = `${raceWords.title(result)}.`;
    line.append(strong, ` ${raceWords.detail(result)}`);
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
    strip.querySelector("[data-testid=race-left]").textContent = `${plural(left, "card")} left`;
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
