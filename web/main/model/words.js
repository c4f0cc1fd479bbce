// Words the player reads or hears about the table, worded from the catalogs
// (model/i18n.js; keys table-, say-, move-, hint-, watch-, result-, event-, ...):
// plurals chosen by {count}, card names from card codes (cardName), lists by formatList.
// Every function here calls t() when the words are needed, never at load: the
// language can change without a reload.

import { DRAW } from "./vocabulary.js";
import { cardName as nameOfCode, formatList, formatMoney, formatNumber, onLanguage, t } from "./i18n.js";

/** A time as the clock shows it: "1:05", "1:02:03" (the same digits in every language). */
export function formatTime(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** What the AI players know (reference 004), said in the Rules panel: a live binding,
 * re-worded on every change of language. */
export let AI_SEES = ""; // from the catalog, once one is in use (main.js loads it first)
onLanguage(() => { AI_SEES = t("watch-ai-sees"); });

/** The end of a game nobody can move in (reference 002's own words). */
export const stuck = () => t("say-stuck");
export const stuckTitle = () => t("result-stuck-title");

/** Who plays while the player watches: "ai", "solver", "replay" or "line". */
export const who = (kind) => t(`watch-who-${kind}`);

const hasScore = (score) => score !== null && score !== undefined;

export const words = {
  won: (score) => (hasScore(score) ? t("say-won-score", { score }) : t("say-won")),
  watchedWon: (kind, moves) => t("watch-won", { who: who(kind), count: moves }),
  watchedStuck: (kind, left) => t("watch-stuck", { who: who(kind), count: left }),
  watchStarted: (title) => t("watch-started", { title }),
  get watchStopped() { return t("watch-stopped"); },
  get watchingRefusal() { return t("watch-refusal"); },
  share: (score, moves) => (hasScore(score)
    ? t("share-won-score", { count: moves, points: t("share-points", { count: score }) })
    : t("share-won", { count: moves })),
  winningLine: (moves) => t("watch-winning-line", { count: moves }),
  winningLineFrom: (start) => t("watch-winning-line-from", { move: start + 1 }),
  aiFromHere: (moves) => t("watch-ai-from-here", { count: moves }),
  aiFromStart: () => t("watch-ai-from-start"),
  cardsLeftOnTable: (left) => t("result-cards-left-on-table", { count: left }),
  movesIn: (moves, time) => t("result-moves-in", { count: moves, time }),
  lastMoves: (n) => t("time-last-moves", { count: Number(n) }),
  par: (score, exact) => t(exact ? "result-par" : "result-par-at-least", { count: score }),
  stock: (n) => (n ? t("table-stock-draw", { count: n }) : t("table-stock-empty")),
  replayEnded: (board) => (board.won
    ? t("replay-ended-won", { count: board.moves })
    : board.over ? t("replay-ended-stuck", { count: board.cards_left })
      : t("replay-ends-here", { count: board.moves, cards: t("replay-cards-left", { count: board.cards_left }) })),
  findingDeal: (label) => t("notice-finding-deal", { level: label }),
  aiResult: (r) => (r.won ? t("result-ai-cleared") : t("result-ai-cards-left", { count: r.cards_left })),
  /** The hint's line: ``code`` the card to play, or null for a draw. */
  hint: (fair, code) => (code
    ? t(fair ? "hint-fair-play" : "hint-play", { card: nameOfCode(code) })
    : t(fair ? "hint-fair-draw" : "hint-draw")),
  noHint: (fair) => t(fair ? "hint-fair-none" : "hint-none"),
  get linkCopied() { return t("share-link-copied"); },
  shareLink: (link) => t("share-link", { link }),
  gameOver: (won) => t(won ? "result-game-won" : "result-game-over"),
  get seeResult() { return t("result-see"); },
  get pendingLoss() { return t("result-pending-loss"); },
  lastGames: (label, values) => t("time-last-games", { label, count: values.length, values: values.map((v) => (typeof v === "number" ? formatNumber(v) : v)).join(", ") }),
};

/** Why the engine's hint plays its move: its reason code and values, worded. */
export function hintReason({ reason = null, values = {} } = {}) {
  return reason ? t(`engine-hint-${reason}`, values || {}) : "";
}

/** A score event said after a move, or floated over the table: "Peak +15", "Stuck -5". */
export function eventWords(event, board = null) {
  const points = Number(event.points) || 0;
  const signed = formatNumber(points, { signDisplay: "exceptZero" });
  const money = board && board.rules && board.rules.scoring === "original";
  switch (event.kind) {
    case "peak": case "stock": case "clear": case "streak":
      return t(`engine-event-${event.kind}`, { points });
    case "stuck": case "card": return t(`engine-event-${event.kind}`, { points: signed });
    case "draw": return t("engine-event-draw", { points: money ? formatMoney(points) : signed });
    default: return "";
  }
}

// -- the table in words, for a screen reader ----------------------------------------
// Only the engine's view is read (tripeaks/game.py): each slot's row and column,
// the cards on it ("covered_by") and the face-down cards under it that playing
// it would turn over ("uncovers"). Rows and columns are counted from 1, rows
// from the tips down. Each clause is a whole message; clauses are joined with
// ", " or " " (the catalog's notes say so).

/** "row 4 column 3". */
export const where = (slot) => t("table-where", { row: slot.row + 1, column: slot.column + 1 });

/** The name of a face-up card's slot, from its code. */
const nameOf = (slot) => nameOfCode(slot.card);
const shows = (slot) => Boolean(slot && slot.face_up && slot.card);

/** A slot's card as said aloud: its name, or "face-down card". */
export const cardName = (slot) => (shows(slot) ? nameOf(slot) : nameOfCode(null));

/** The cards on a slot now: the engine's "covered_by" (the cards still on it), as slots. */
const coverOf = (board, slot) => (slot.covered_by || []).map((p) => board.slots[p]).filter(Boolean);

/** What playing a card would turn over or free. */
function uncovers(board, slot) {
  const under = (slot.uncovers || []).map((p) => board.slots[p]).filter(Boolean);
  if (!under.length) return null;
  const down = under.filter((s) => !s.face_up).length;
  const freed = under.filter(shows).map((s) => t("table-the-card", { card: nameOf(s) }));
  const parts = [];
  if (down) parts.push(t("table-uncovers", { count: down }));
  if (freed.length) parts.push(t("table-frees", { cards: formatList(freed) }));
  return parts.join(", ");
}

/** A peak card's accessible name: "7 of spades, row 4 column 3, playable,
 * uncovers a face-down card"; "Face-down card, row 1 column 2, covered by the 7
 * of spades and the 10 of clubs". Short: the name and whether it plays. */
export function cardLabel(board, slot, { full = true, live = true } = {}) {
  const name = shows(slot) ? nameOf(slot) : t("table-face-down");
  const cover = coverOf(board, slot);
  const state = slot.fits && live ? t("table-playable") : cover.length ? null : slot.face_up ? t("table-not-playable") : null;
  if (!full) return [name, state || (cover.length ? t("table-covered") : null)].filter(Boolean).join(", ");
  const parts = [name];
  if (Number.isInteger(slot.row)) parts.push(where(slot));
  if (state) parts.push(state);
  if (cover.length) parts.push(t("table-covered-by", { cards: coverWords(cover) }));
  else if (slot.face_up) {
    const what = uncovers(board, slot);
    if (what) parts.push(what);
  }
  return parts.join(", ");
}

/** "the 7 of spades and the 10 of clubs", "a face-down card". */
function coverWords(cover) {
  const named = cover.filter(shows).map((s) => t("table-the-card", { card: nameOf(s) }));
  const down = cover.length - named.length;
  if (down) named.push(t("table-face-down-cards", { count: down }));
  return formatList(named);
}

/** An empty cell of the grid: where no card lies, or where one was played. */
export const emptyCell = (row, column, played) =>
  t(played ? "table-cell-played" : "table-cell-empty", { row: row + 1, column: column + 1 });

/** The cards that can be played now, with where they lie (full) or not. */
export function playable(board, full = true) {
  const cards = board.slots.filter((s) => !s.removed && s.fits);
  if (cards.length) {
    const items = cards.map((s) => (full && Number.isInteger(s.row)
      ? t("table-card-at", { card: nameOf(s), where: where(s) }) : nameOf(s)));
    return t("table-playable-cards", { cards: items.join("; ") });
  }
  if (board.over) return t("table-none-playable-over");
  return Number(board.stock.count) ? t("table-none-fits-draw") : t("table-none-fits-empty");
}

/** The waste pile: its top card. */
export function waste(board) {
  const top = board.waste && board.waste.card;
  return top ? t("table-waste", { card: nameOfCode(top) }) : t("table-waste-empty");
}

/** The waste pile's accessible name (the "Waste: …" without a full stop). */
export function wasteLabel(board) {
  const top = board.waste && board.waste.card;
  return top ? t("table-waste-label", { card: nameOfCode(top) }) : t("table-waste-label-empty");
}

/** The figures: score (when the rules score), streak, stock, cards left, moves and time. */
export function figures(board, time = null) {
  const out = [];
  const counts = board.scores || {};
  if (counts.points !== false && typeof board.score === "number") out.push(t("say-figure-score", { score: board.score }));
  if (counts.streaks) out.push(t("say-figure-streak", { streak: board.streak || 0 }));
  out.push(t("say-figure-stock", { count: Number(board.stock.count) || 0 }));
  out.push(t("say-figure-left", { count: board.cards_left }));
  out.push(t("say-figure-moves", { count: board.moves }));
  if (time) out.push(t("say-figure-time", { time }));
  const text = out.join(", ");
  return t("say-figures", { figures: `${text[0].toLocaleUpperCase()}${text.slice(1)}` });
}

/** The whole board, row by row, each card with its column (full) or in order (short). */
export function boardWords(board, full = true) {
  const rows = [];
  const slots = board.slots.filter((s) => !s.removed);
  for (let row = 0; row < 4; row++) {
    const inRow = slots.filter((s) => (Number.isInteger(s.row) ? s.row : -1) === row);
    const cards = inRow.map((s) => {
      const name = cardName(s);
      const key = full ? (s.fits ? "reader-text-column-playable" : "reader-text-column")
        : s.fits ? "reader-text-card-playable" : "reader-text-card";
      return t(key, { column: s.column + 1, card: name });
    });
    rows.push(cards.length ? t("reader-text-row", { row: row + 1, cards: cards.join("; ") })
      : t("reader-text-row-empty", { row: row + 1 }));
  }
  return [...rows, waste(board), t("table-stock-cards", { count: Number(board.stock.count) || 0 })].join(" ");
}

/** What a move did, said once after it: a play, a draw, an undo or a redo.
 * ``before`` is the board before the move (to say what an undo brought back);
 * ``who``: "ai", "solver", "replay" or "line" when the player watches. */
export function moveWords(move, board, before = null, { full = true, who: by = null } = {}) {
  const parts = [];
  const placed = (slot) => full && slot && Number.isInteger(slot.row);
  const card = (code) => (code ? nameOfCode(code) : t("move-the-card-unknown"));
  const stock = Number(board.stock.count) || 0;
  const top = board.waste && board.waste.card;
  if (move === "undo" || move === "redo") {
    // The engine's last_action says what the move took back (an undo) or did again (a redo).
    const verb = move === "undo" ? "undone" : "redone";
    const last = board.last_action || {};
    const slot = Number.isInteger(last.move) && last.move !== DRAW ? board.slots[last.move] : null;
    if (last.kind === "undo" && slot) {
      const name = card(last.code || slot.card);
      parts.push(placed(slot) ? t(`move-${verb}-back-on-peaks-at`, { card: name, where: where(slot) })
        : t(`move-${verb}-back-on-peaks`, { card: name }));
    } else if (last.kind === "undo") {
      parts.push(t(`move-${verb}-back-in-stock`, { card: card(last.code || (before && before.waste.card)) }));
    } else if (last.kind === "play") {
      parts.push(placed(slot) ? t(`move-${verb}-played-at`, { card: card(top), where: where(slot) })
        : t(`move-${verb}-played`, { card: card(top) }));
    } else if (last.kind === "draw") parts.push(t(`move-${verb}-drew`, { card: card(top) }));
    else parts.push(t(`move-${verb}`));
    parts.push(waste(board));
  } else if (move === DRAW) {
    parts.push(by ? t("move-drew-by", { who: who(by), card: card(top) }) : t("move-drew", { card: card(top) }));
    parts.push(t("move-stock-left", { count: stock }));
  } else {
    const slot = before && before.slots[move];
    const args = { who: by ? who(by) : "", card: card(top), where: placed(slot) ? where(slot) : "" };
    const key = `move-played${by ? "-by" : ""}${placed(slot) ? "-at" : ""}`;
    parts.push(t(key, args));
  }
  const revealed = (board.revealed || []).map((p) => board.slots[p]).filter(shows);
  if (revealed.length && move !== "undo") {
    const items = revealed.map((s) => (placed(s) ? t("table-card-at", { card: nameOf(s), where: where(s) }) : nameOf(s)));
    parts.push(t("move-turned-over", { cards: items.join(", ") }));
  }
  for (const e of board.events || []) {
    if (e && e.kind !== "streak" && e.kind !== "undo") {
      const said = eventWords(e, board);
      if (said) parts.push(t("move-event", { event: said }));
    }
  }
  if (before && typeof board.score === "number" && board.score !== before.score) parts.push(t("move-score", { score: board.score }));
  // After a draw (and, in full, after every move) which cards now fit.
  if (!board.over && !by && (move === DRAW || full)) parts.push(playable(board, full));
  return parts.join(" ");
}

/** A new deal, said once: not each face-down card, but what can be played. */
export function dealWords(board, full = true) {
  const down = board.slots.filter((s) => !s.removed && !s.face_up).length;
  const parts = [t("say-new-deal")];
  if (full && board.deal_code) parts.push(t("say-deal-code", { code: board.deal_code }));
  if (down) parts.push(t("say-face-down", { count: down }));
  parts.push(waste(board), t("table-stock-cards", { count: Number(board.stock.count) || 0 }), playable(board, full));
  return parts.join(" ");
}

/** Why a card cannot be played, beyond the engine's reason: the cards on it,
 * or the waste card it does not fit. */
export function refusalWords(board, move, { full = true } = {}) {
  const slot = board && board.slots && board.slots[move];
  if (!slot || slot.removed) return "";
  const cover = coverOf(board, slot);
  if (cover.length) {
    return full ? t("move-blocked-by-at", { cards: coverWords(cover), places: formatList(cover.map(where)) })
      : t("move-blocked-by", { cards: coverWords(cover) });
  }
  if (shows(slot) && board.waste && board.waste.card) {
    return t("move-does-not-go-on", { card: nameOf(slot), waste: nameOfCode(board.waste.card) });
  }
  return "";
}
