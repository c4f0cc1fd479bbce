// The end-of-game panel, read at a glance: the figures as tiles, the score as
// bars with par beside it, what the statistics gained, and after a loss the
// move that lost it. It only shows what the engine and the statistics say;
// textContent only.

import { presetStats } from "../model/statistics.js";
import { presetTitle } from "../model/options.js";
import { formatTime, stuckTitle, words } from "../model/words.js";
import { cardName, formatNumber, t } from "../model/i18n.js";

const signed = (v) => formatNumber(v, { signDisplay: "exceptZero" });
const number = (v) => formatNumber(v);

/** What the statistics gained from this game: [{label, value, change, best}]. */
export function statsChanges(before, after, { won, scored }) {
  const out = [{ label: t("result-stat-won"), value: t("result-stat-won-of", { won: after.won, played: after.played }), change: won ? t("result-stat-one-more-win") : "", best: false }];
  if (won) {
    const best = after.bestStreak > before.bestStreak;
    out.push({ label: t("result-stat-winning-run"), value: number(after.streak), change: best ? t("result-stat-new-best") : "", best });
  } else if (before.streak > 0) {
    out.push({ label: t("result-stat-winning-run"), value: number(0), change: t("result-stat-was", { streak: before.streak }), best: false });
  }
  if (scored && after.bestScore !== null) {
    const best = won && (before.bestScore === null || after.bestScore > before.bestScore);
    out.push({ label: t("result-stat-best-score"), value: String(after.bestScore), change: best ? t("result-stat-new-best") : "", best });
  }
  return out;
}

export class ResultPanel {
  constructor(dialog) {
    this.dialog = dialog;
    this.doc = dialog.ownerDocument;
    const $ = (id) => dialog.querySelector(`[data-testid=${id}]`);
    this.tiles = $("result-tiles");
    this.table = $("breakdown");
    this.parBox = $("par");
    this.analysisBox = $("analysis");
    this.statsBox = $("result-stats");
    this.replay = $("replay");
    this.aiBox = $("ai-results");
    this.more = $("result-more");
    this.pendingLine = $("result-pending");
    // What a screen reader says as the panel opens: its title, then this summary (its description).
    this.summary = this.el("p", "sr-only");
    this.summary.id = "result-summary";
    this.summary.dataset.testid = "result-summary";
    dialog.querySelector("h2").after(this.summary);
    dialog.setAttribute("aria-describedby", this.summary.id);
    // What arrives later from the engine (par, the analysis, the AI's results), said as it comes:
    // each is added as a line of its own, so one never cuts off the one before.
    this.voice = this.el("div", "sr-only");
    this.voice.setAttribute("role", "status");
    this.voice.dataset.testid = "result-voice";
    this.summary.after(this.voice); // at the top: a hidden line at the end made the panel scroll by its height
  }

  /** Say a late arrival once (a line added to the panel's own live region). */
  say(text) {
    if (text) this.voice.append(this.el("p", "", text));
  }

  /** The panel's description: the outcome, the last move of a lost game, the figures, what changed. */
  summarize(won, board, changes) {
    const parts = [];
    const last = board.last_action;
    const code = (last && last.code) || (board.waste && board.waste.card);
    if (!won && last && code && (last.kind === "draw" || last.kind === "play")) {
      parts.push(t(last.kind === "draw" ? "result-last-move-drew" : "result-last-move-played", { card: cardName(code) }));
    }
    if (!won) parts.push(words.cardsLeftOnTable(board.cards_left));
    if (typeof board.score === "number") parts.push(t("move-score", { score: board.score }));
    parts.push(words.movesIn(board.moves, formatTime(board.elapsed || 0)));
    for (const c of changes) if (c.change) parts.push(t("result-stat-change", { label: c.label, value: c.value, change: c.change }));
    if (!won && board.can_undo) parts.push(t("result-undo-can-save"));
    return parts.join(" "); // whole sentences, joined by spaces
  }

  el(tag, className = "", text = "") {
    const e = this.doc.createElement(tag);
    if (className) e.className = className;
    if (text) e.textContent = text;
    return e;
  }

  /** Fill the panel for a finished game (it is opened by the caller). */
  fill({ won, board, stats, before = null, pending = false, presetName, presets = [] }) {
    const d = this.dialog;
    d.dataset.outcome = won ? "won" : "stuck";
    d.querySelector("h2").textContent = won ? t("result-won-title") : stuckTitle();
    const scored = typeof board.score === "number";
    this.board = board;
    this.scored = scored;

    // Tiles: the figures a player looks for first.
    const tiles = [];
    if (!won) tiles.push([t("result-tile-left"), number(board.cards_left), "left"]);
    if (scored) tiles.push([t("result-tile-score"), String(board.score), "score"]);
    if (won) tiles.push([t("result-tile-draws"), "—", "draws"]);
    tiles.push([t("result-tile-moves"), number(board.moves), "moves"], [t("result-tile-time"), formatTime(board.elapsed || 0), "time"]);
    this.tiles.replaceChildren(...tiles.map(([label, value, key]) => {
      const tile = this.el("div", `tile ${key}`);
      tile.dataset.tile = key;
      tile.append(this.el("span", "tile-value", value), this.el("span", "tile-label", label), this.el("span", "tile-note"));
      return tile;
    }));
    if (won) this.tiles.querySelector("[data-tile=draws]").hidden = true; // until par says it

    this.bars(won);
    this.parBox.replaceChildren();
    if (won) this.parBox.append(this.el("p", "working", t("result-working-par")));
    this.analysisBox.replaceChildren();
    if (!won) this.analysisBox.append(this.el("p", "working", t("result-working-analysis")));
    this.analysisBox.append(this.replay);
    this.replay.hidden = true;

    this.statsBox.replaceChildren();
    this.voice.replaceChildren();
    let changes = [];
    if (stats) {
      const after = presetStats(stats, presetName);
      const was = before || after;
      const list = this.el("ul", "changes");
      changes = statsChanges(was, after, { won, scored });
      for (const item of changes) {
        const li = this.el("li", item.best ? "best" : item.change ? "changed" : "");
        li.append(this.el("span", "change-label", item.label), this.el("strong", "change-value", item.value));
        if (item.change) li.append(this.el("span", "change-note", item.change));
        list.append(li);
      }
      const head = this.el("h3", "", t("result-stats-title", { preset: presetTitle(presetName, presets) }));
      this.statsBox.append(head, list);
    }
    // Said where it is seen at once, in the Statistics panel's words.
    this.pendingLine.textContent = pending ? words.pendingLoss : "";
    this.pendingLine.hidden = !pending;
    this.more.open = false;
    this.summary.textContent = this.summarize(won, board, changes);
    d.querySelector("[data-testid=result-undo]").hidden = won || !board.can_undo;
    this.aiBox.hidden = false;
    this.aiBox.querySelector("tbody").replaceChildren();
    this.aiBox.querySelector("[data-testid=ai-results-note]").textContent = t("result-ai-playing");
  }

  /** The easy, normal and hard AI on the same deal and rules, beside the player's own result. */
  aiResults(results, board, error = null) {
    const note = this.aiBox.querySelector("[data-testid=ai-results-note]");
    if (!results) {
      note.textContent = error && error.message ? t("result-ai-failed-because", { error: error.message }) : t("result-ai-failed");
      this.say(note.textContent);
      return;
    }
    const scored = typeof board.score === "number";
    this.aiBox.querySelector(".ai-score").hidden = !scored;
    const you = { level: "you", won: board.won, cards_left: board.cards_left, moves: board.moves, score: board.score };
    const rows = [you, ...results].map((r) => {
      const tr = this.el("tr", r.level === "you" ? "you" : r.won ? "won" : "");
      tr.dataset.player = r.level;
      const th = this.el("th", "", t(`result-ai-player-${r.level}`));
      th.scope = "row";
      tr.append(th, this.el("td", "", words.aiResult(r)), this.el("td", "num", number(r.moves)));
      if (scored) tr.append(this.el("td", "num", String(r.score)));
      return tr;
    });
    this.aiBox.querySelector("tbody").replaceChildren(...rows);
    const beat = results.filter((r) => (board.won ? !r.won || (scored && r.score < board.score) : !r.won && r.cards_left > board.cards_left)).length;
    note.textContent = t("result-ai-note", { count: beat, of: 3 });
    const each = results.map((r) => t(r.won ? "result-ai-said-cleared" : "result-ai-said-left", { player: t(`result-ai-said-player-${r.level}`), count: r.cards_left }));
    this.say(t("result-ai-said", { results: each.join(", "), count: beat, of: 3 }));
  }

  /** The score as bars, one a line, their numbers aligned; the total below; par once known. */
  bars(won) {
    const board = this.board;
    const KEYS = { streaks: "streaks", peaks: "peaks", start: "start", cards: "cards", draws: "draws",
      bonus: won ? (board.rules && board.rules.scoring === "classic" ? "clearing-bonus" : "stock-bonus") : "cards-left" };
    const rows = Object.entries(board.breakdown || {}).filter(([, v]) => Number.isFinite(v) && v !== 0);
    this.rows = rows.map(([key, value]) => ({ label: KEYS[key] ? t(`result-score-${KEYS[key]}`) : key, value, text: key === "start" ? String(value) : signed(value) }));
    this.drawBars(null);
  }

  drawBars(par) {
    const body = this.table.tBodies[0];
    const rows = [...this.rows];
    const total = this.scored ? this.board.score : null;
    if (rows.length && total !== null) rows.push({ label: t("result-score-total"), value: total, text: String(total), kind: "total" });
    if (rows.length && par !== null) rows.push({ label: t("result-score-par"), value: par.score, text: par.exact ? String(par.score) : t("result-score-par-at-least", { score: String(par.score) }), kind: "par" });
    const max = Math.max(1, ...rows.map((r) => Math.abs(r.value)));
    body.replaceChildren(...rows.map((r) => {
      const tr = this.el("tr", [r.kind, r.value < 0 ? "minus" : ""].filter(Boolean).join(" "));
      const th = this.el("th", "", r.label);
      th.scope = "row";
      const barCell = this.el("td", "bar");
      barCell.setAttribute("aria-hidden", "true");
      const bar = this.el("span");
      bar.style.width = `${Math.max(2, (100 * Math.abs(r.value)) / max).toFixed(1)}%`;
      barCell.append(bar);
      tr.append(th, barCell, this.el("td", "num", r.text));
      return tr;
    }));
    this.table.hidden = rows.length === 0;
  }

  /** Par for a won deal: the bar beside the total, and the fewest draws beside the player's. */
  par(par) {
    this.parBox.replaceChildren();
    if (!par || par.result !== "win") {
      this.parBox.append(this.el("p", "note", t("result-par-timeout")));
      this.say(t("result-par-timeout"));
      return;
    }
    const heard = [];
    const yours = par.yours || {};
    const mine = this.board.score;
    if (typeof par.score === "number" && typeof mine === "number") {
      this.drawBars({ score: par.score, exact: par.score_exact });
      const matched = mine >= par.score;
      const line = this.el("p", matched ? "verdict good" : "verdict",
        matched ? t("result-par-matched") : t(par.score_exact ? "result-par-is" : "result-par-is-at-least", { par: par.score, more: par.score - mine }));
      this.parBox.append(line);
      heard.push(line.textContent);
    }
    if (typeof par.draws === "number") {
      const tile = this.tiles.querySelector("[data-tile=draws]");
      if (tile && typeof yours.draws === "number") {
        tile.hidden = false;
        tile.querySelector(".tile-value").textContent = number(yours.draws);
        tile.querySelector(".tile-note").textContent = t("result-fewest-draws-note", { draws: par.draws });
        tile.classList.toggle("good", yours.draws <= par.draws);
        heard.push(t("result-you-drew", { count: yours.draws, fewest: par.draws }));
      }
      if (typeof yours.draws !== "number") {
        this.parBox.append(this.el("p", "note", t("result-fewest-draws", { draws: par.draws })));
        heard.push(t("result-fewest-draws", { draws: par.draws }));
      }
    }
    this.say(heard.join(" "));
  }

  /** After a loss: the move that lost a winnable deal, and its replay. */
  analysis(a) {
    const box = this.analysisBox;
    box.replaceChildren();
    let head;
    let detail = "";
    if (!a || a.winnable === null) head = t("result-analysis-timeout");
    else if (!a.winnable) head = t("result-analysis-unwinnable");
    else if (a.still_winnable) head = t("result-analysis-still-winnable");
    else if (a.turning_point !== null && a.turning_point !== undefined) {
      const move = a.turning_point + 1;
      head = a.turning_move === "D" ? t("result-lost-at-drawing", { move })
        : t("result-lost-at-playing", { move, card: /^[A2-9TJQK][CDHS]$/.test(a.turning_move || "") ? cardName(a.turning_move) : String(a.turning_move) });
      detail = t("result-winnable-until-then");
    } else head = t("result-analysis-winnable");
    const callout = this.el("div", "callout");
    callout.append(this.el("p", "callout-head", head));
    if (detail) callout.append(this.el("p", "callout-detail", detail));
    box.append(callout);
    this.replay.hidden = !(a && Array.isArray(a.line) && a.line.length);
    callout.append(this.replay);
    this.say([head, detail, this.replay.hidden ? "" : t("result-replay-button-said", { button: this.replay.textContent })].filter(Boolean).join(" "));
  }
}
