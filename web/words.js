// Words the player reads that carry a number or an outcome, in one place, so
// plurals are right everywhere ("1 card left", never "1 cards left").

/** "1 card", "2 cards"; "1 move", "3 moves"; give `many` for irregular words. */
export const plural = (n, one, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;

/** The end of a game nobody can move in (reference 002's own words). */
export const STUCK = "No more moves available.";
export const STUCK_TITLE = "No more moves available";

export const words = {
  won: (score) => `You cleared the peaks!${score !== null && score !== undefined ? ` Score ${score}.` : ""}`,
  watchedWon: (who, moves) => `${who} cleared the peaks in ${plural(moves, "move")}.`,
  watchedStuck: (who, left) => `${who} is stuck with ${plural(left, "card")} left.`,
  share: (score, moves) => `I cleared this TriPeaks deal${score !== null && score !== undefined
    ? ` with ${plural(score, "point")}` : ""} in ${plural(moves, "move")}. Can you?`,
  winningLine: (moves) => `A winning line: ${plural(moves, "move")}`,
  cardsLeftOnTable: (left) => `${plural(left, "card")} left on the table.`,
  movesIn: (moves, time) => `${plural(moves, "move")} in ${time}.`,
  lastMoves: (n) => (Number(n) === 1 ? "Last move only" : `Last ${n} moves`),
  par: (score, exact) => `Par ${exact ? "" : "at least "}${plural(score, "point")}`,
  stock: (n) => (n ? `Stock: ${plural(n, "card")}. Draw` : "Stock: empty"),
  lastGames: (label, values) => `${label} of the last ${plural(values.length, "game")}, oldest first: ${values.join(", ")}`,
};
