// Words the player reads that carry a number or an outcome, in one place, so
// plurals are right everywhere ("1 card left", never "1 cards left").

import { DRAW } from "./vocabulary.js";

/** "1 card", "2 cards"; "1 move", "3 moves"; give `many` for irregular words. */
export const plural = (n, one, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;

/** A time as the clock shows it: "1:05", "1:02:03". */
export function formatTime(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** What the AI players know (reference 004), said in the Rules panel. */
export const AI_SEES = "The AI players (Watch AI, the AI you race, and the results set beside yours) "
  + "see only what you see: their own face-up cards, the waste, how many cards the stock "
  + "holds, and the moves played so far. They never look at a face-down card or the order "
  + "of the stock.";

/** The end of a game nobody can move in (reference 002's own words). */
export const STUCK = "No more moves available.";
export const STUCK_TITLE = "No more moves available";

export const words = {
  won: (score) => `You cleared the peaks!${score !== null && score !== undefined ? ` Score ${score}.` : ""}`,
  watchedWon: (who, moves) => `${who} cleared the peaks in ${plural(moves, "move")}.`,
  watchedStuck: (who, left) => `${who} is stuck with ${plural(left, "card")} left.`,
  watchStarted: (title) => `Watching: ${title}. Your game waits. Play, Step, Speed and Stop watching are below the table; Escape stops watching.`,
  watchStopped: "Stopped watching: your game is back.",
  watchingRefusal: "The AI is playing this deal: Stop watching to play your own game.",
  share: (score, moves) => `I cleared this TriPeaks deal${score !== null && score !== undefined
    ? ` with ${plural(score, "point")}` : ""} in ${plural(moves, "move")}. Can you?`,
  winningLine: (moves) => `A winning line: ${plural(moves, "move")}`,
  winningLineFrom: (start) => `A winning line from move ${start + 1}, where the game was lost`,
  aiFromHere: (moves) => `The AI plays on after your ${plural(moves, "move")}`,
  cardsLeftOnTable: (left) => `${plural(left, "card")} left on the table.`,
  movesIn: (moves, time) => `${plural(moves, "move")} in ${time}.`,
  lastMoves: (n) => (Number(n) === 1 ? "Last move only" : `Last ${n} moves`),
  par: (score, exact) => `Par ${exact ? "" : "at least "}${plural(score, "point")}`,
  stock: (n) => (n ? `Stock: ${plural(n, "card")}. Draw` : "Stock: empty"),
  replayEnded: (board) => (board.won
    ? `The replay is over: the peaks cleared in ${plural(board.moves, "move")}.`
    : board.over ? `The replay is over: stuck with ${plural(board.cards_left, "card")} left.`
      : `The replay ends here, ${plural(board.moves, "move")} in, ${plural(board.cards_left, "card")} left.`),
  findingDeal: (label) => `Finding a winnable ${label} deal…`,
  aiResult: (r) => (r.won ? "Cleared" : `${plural(r.cards_left, "card")} left`),
  hint: (fair, card) => `${fair ? "Fair hint" : "Hint"}: ${card ? `play the ${card}` : "draw from the stock"}.`,
  noHint: (fair) => `${fair ? "Fair hint" : "Hint"}: no move helps now.`,
  linkCopied: "Link copied.",
  shareLink: (link) => `Share this link: ${link}`,
  gameOver: (won) => (won ? "This game is won." : "This game is over: no more moves."),
  seeResult: "See result",
  pendingLoss: "Counted as a loss once you leave this game; Undo can still save it.",
  lastGames: (label, values) => `${label} of the last ${plural(values.length, "game")}, oldest first: ${values.join(", ")}`,
};

// -- the table in words, for a screen reader ----------------------------------------
// Only the engine's view is read (tripeaks/game.py): each slot's row and column,
// the cards on it ("covered_by") and the face-down cards under it that playing
// it would turn over ("uncovers"). Rows and columns are counted from 1, rows
// from the tips down.

const and = (items) => (items.length < 2 ? items.join("")
  : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

/** "row 4 column 3". */
export const where = (slot) => `row ${slot.row + 1} column ${slot.column + 1}`;

/** A slot's card as said aloud: its name, or "face-down card". */
export const cardName = (slot) => (slot && slot.face_up && slot.name ? slot.name : "face-down card");

/** The cards on a slot now: the engine's "covered_by" (the cards still on it), as slots. */
const coverOf = (board, slot) => (slot.covered_by || []).map((p) => board.slots[p]).filter(Boolean);

/** What playing a card would turn over or free. */
function uncovers(board, slot) {
  const under = (slot.uncovers || []).map((p) => board.slots[p]).filter(Boolean);
  if (!under.length) return null;
  const down = under.filter((s) => !s.face_up).length;
  const freed = under.filter((s) => s.face_up && s.name).map((s) => s.name);
  const parts = [];
  if (down) parts.push(`uncovers ${down === 1 ? "a face-down card" : `${down} face-down cards`}`);
  if (freed.length) parts.push(`frees the ${and(freed)}`);
  return parts.join(", ");
}

/** A peak card's accessible name: "7 of spades, row 4 column 3, playable,
 * uncovers a face-down card"; "Face-down card, row 1 column 2, covered by the 7
 * of spades and the 10 of clubs". Short: the name and whether it plays. */
export function cardLabel(board, slot, { full = true, live = true } = {}) {
  const name = slot.face_up && slot.name ? slot.name : "Face-down card";
  const cover = coverOf(board, slot);
  const state = slot.fits && live ? "playable" : cover.length ? null : slot.face_up ? "not playable now" : null;
  if (!full) return [name, state || (cover.length ? "covered" : null)].filter(Boolean).join(", ");
  const parts = [name];
  if (Number.isInteger(slot.row)) parts.push(where(slot));
  if (state) parts.push(state);
  if (cover.length) parts.push(`covered by ${coverWords(cover)}`);
  else if (slot.face_up) {
    const what = uncovers(board, slot);
    if (what) parts.push(what);
  }
  return parts.join(", ");
}

/** "the 7 of spades and the 10 of clubs", "a face-down card". */
function coverWords(cover) {
  const named = cover.filter((s) => s.face_up && s.name).map((s) => `the ${s.name}`);
  const down = cover.length - named.length;
  if (down) named.push(down === 1 ? "a face-down card" : `${down} face-down cards`);
  return and(named);
}

/** An empty cell of the grid: where no card lies, or where one was played. */
export const emptyCell = (row, column, played) =>
  `${played ? "Played" : "Empty"}, row ${row + 1} column ${column + 1}`;

/** The cards that can be played now, with where they lie (full) or not. */
export function playable(board, full = true) {
  const cards = board.slots.filter((s) => !s.removed && s.fits);
  if (cards.length) {
    return `Playable: ${cards.map((s) => (full && Number.isInteger(s.row) ? `${s.name}, ${where(s)}` : s.name)).join("; ")}.`;
  }
  if (board.over) return "No card can be played: the game is over.";
  return Number(board.stock.count) ? "No card fits: draw from the stock." : "No card fits, and the stock is empty.";
}

/** The waste pile: its top card and how many cards it holds. */
export function waste(board) {
  const top = board.waste && board.waste.name;
  return top ? `Waste: ${top}.` : "Waste: empty.";
}

/** The figures: score (when the rules score), streak, stock, cards left, moves and time. */
export function figures(board, time = null) {
  const out = [];
  const counts = board.scores || {};
  if (counts.points !== false && typeof board.score === "number") out.push(`Score ${board.score}`);
  if (counts.streaks) out.push(`streak ${board.streak || 0}`);
  out.push(`stock ${plural(Number(board.stock.count) || 0, "card")}`);
  out.push(`${plural(board.cards_left, "card")} left on the table`);
  out.push(plural(board.moves, "move"));
  if (time) out.push(`time ${time}`);
  const text = out.join(", ");
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/** The whole board, row by row, each card with its column (full) or in order (short). */
export function boardWords(board, full = true) {
  const rows = [];
  const slots = board.slots.filter((s) => !s.removed);
  for (let row = 0; row < 4; row++) {
    const inRow = slots.filter((s) => (Number.isInteger(s.row) ? s.row : -1) === row);
    const cards = inRow.map((s) => {
      const name = cardName(s);
      const tail = s.fits ? ", playable" : "";
      return full ? `column ${s.column + 1} ${name}${tail}` : `${name}${tail}`;
    });
    rows.push(`Row ${row + 1}: ${cards.length ? cards.join("; ") : "empty"}.`);
  }
  return `${rows.join(" ")} ${waste(board)} Stock: ${plural(Number(board.stock.count) || 0, "card")}.`;
}

/** What a move did, said once after it: a play, a draw, an undo or a redo.
 * ``before`` is the board before the move (to say what an undo brought back). */
export function moveWords(move, board, before = null, { full = true, who = null } = {}) {
  const parts = [];
  const at = (slot) => (full && slot && Number.isInteger(slot.row) ? `, ${where(slot)}` : "");
  const stock = Number(board.stock.count) || 0;
  if (move === "undo" || move === "redo") {
    // The engine's last_action says what the move took back (an undo) or did again (a redo).
    const verb = move === "undo" ? "Undone" : "Redone";
    const last = board.last_action || {};
    const slot = Number.isInteger(last.move) && last.move !== DRAW ? board.slots[last.move] : null;
    if (last.kind === "undo" && slot) parts.push(`${verb}: the ${slot.name || "card"} is back on the peaks${at(slot)}.`);
    else if (last.kind === "undo") parts.push(`${verb}: the ${before && before.waste.name ? before.waste.name : "card"} is back in the stock.`);
    else if (last.kind === "play") parts.push(`${verb}: played the ${board.waste.name}${at(slot)}.`);
    else if (last.kind === "draw") parts.push(`${verb}: drew the ${board.waste.name}.`);
    else parts.push(`Move ${move === "undo" ? "undone" : "redone"}.`);
    parts.push(waste(board));
  } else if (move === DRAW) {
    parts.push(`${who ? `${who} drew` : "Drew"} the ${board.waste.name}. ${stock} left in the stock.`);
  } else {
    const slot = before && before.slots[move];
    parts.push(`${who ? `${who} played` : "Played"} the ${board.waste.name}${at(slot)}.`);
  }
  const revealed = (board.revealed || []).map((p) => board.slots[p]).filter((s) => s && s.name);
  if (revealed.length && move !== "undo") parts.push(`Turned over: ${revealed.map((s) => `${s.name}${at(s)}`).join(", ")}.`);
  for (const e of board.events || []) if (e && e.kind !== "streak" && e.kind !== "undo" && e.label) parts.push(`${e.label}.`);
  if (before && typeof board.score === "number" && board.score !== before.score) parts.push(`Score ${board.score}.`);
  // After a draw (and, in full, after every move) which cards now fit.
  if (!board.over && !who && (move === DRAW || full)) parts.push(playable(board, full));
  return parts.join(" ");
}

/** A new deal, said once: not each face-down card, but what can be played. */
export function dealWords(board, full = true) {
  const down = board.slots.filter((s) => !s.removed && !s.face_up).length;
  const parts = ["New deal."];
  if (full && board.deal_code) parts.push(`Deal ${board.deal_code}.`);
  if (down) parts.push(`${plural(down, "card")} face down.`);
  parts.push(waste(board), `Stock: ${plural(Number(board.stock.count) || 0, "card")}.`, playable(board, full));
  return parts.join(" ");
}

/** Why a card cannot be played, beyond the engine's reason: the cards on it,
 * or the waste card it does not fit. */
export function refusalWords(board, move, { full = true } = {}) {
  const slot = board && board.slots && board.slots[move];
  if (!slot || slot.removed) return "";
  const cover = coverOf(board, slot);
  if (cover.length) return `Blocked by ${coverWords(cover)}${full ? ` (${cover.map(where).join(" and ")})` : ""}.`;
  if (slot.face_up && board.waste && board.waste.name) return `The ${slot.name} does not go on the ${board.waste.name}.`;
  return "";
}
