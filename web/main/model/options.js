// Options: the presets the engine offers, the rule options a player changed on
// top of one, and the table options (error help, deck, theme, speed). Rule
// changes apply from the next new game. The rules' meaning lives in the engine
// (tripeaks/rules.py); here they are only named and explained in words.

import { VERSION } from "./storage.js";

/** Every option's default, in one place: a new player's options (build.py deals the first game for them). */
export const OPTION_DEFAULTS = {
  preset: "standard", rules: {},
  errorHelp: true, fourColour: false, theme: "felt", speed: "normal", fairHint: false, sound: true,
  // New game deals from the easier classes (DEAL_CLASSES); a refused tap vibrates where it can.
  deals: "easier", vibrate: true,
  // Screen reader, keys and low vision (docs/accessibility.md):
  verbosity: "full", shortcuts: "on", highlight: false, cardSize: "normal",
  // The language: "auto" follows the browser's languages (model/i18n.js chooseLanguage).
  language: "auto",
};

/** Saved options with every default filled in (their rules a copy of their own). */
export const withDefaults = (value = {}) => ({ v: VERSION, ...OPTION_DEFAULTS, ...value, rules: { ...(value.rules || {}) } });

/** The difficulty classes New game deals from, by the Options choice "deals" (the engine's
 * new_game difficulty; "any": no class asked, any deal the rules allow). */
export const DEAL_CLASSES = {
  easier: ["easy", "medium"], any: [], easy: ["easy"], medium: ["medium"], hard: ["hard"], expert: ["expert"],
};

/** The class of the next New game under ``options`` (one of DEAL_CLASSES' at random), or null for any. */
export function nextDealClass(options, random = Math.random) {
  const classes = DEAL_CLASSES[options.deals] || DEAL_CLASSES[OPTION_DEFAULTS.deals];
  return classes.length ? classes[Math.floor(random() * classes.length)] : null;
}

/** The rules a new game asks for: a preset and the options changed on it. */
export function gameRequest(options) {
  const request = { preset: options.preset || "standard" };
  if (options.rules && Object.keys(options.rules).length) request.rules = { ...options.rules };
  return request;
}

/** The full rules of a preset with the options changed on it. */
export function effectiveRules(options, presets) {
  const preset = presets.find((p) => p.name === options.preset) || presets[0];
  return { ...(preset ? preset.rules : {}), ...(options.rules || {}) };
}

/** A preset name as players read it ("custom" is "Custom rules"). */
export function presetTitle(name, presets) {
  if (name === "custom") return "Custom rules";
  const found = presets.find((p) => p.name === name);
  return found ? found.title : name;
}

const SCORING_WORDS = {
  streak: [
    "Each card scores one more than the card before it in the same streak: 1, 2, 3… Drawing from the stock ends the streak.",
    "Taking the top card of a peak earns a bonus: 15 for the first two peaks, 30 for the last.",
    "Clearing the table earns 10 for every card still in the stock.",
  ],
  classic: [
    "Each card scores one more than the card before it in the same streak; a draw starts again from 1.",
    "The top card of each peak earns 15, 15 and then 30.",
    "Clearing all three peaks adds 50; if you get stuck, each card left on the table costs 5.",
  ],
  points: [
    "You start with 500 points. Every card played and every card drawn costs one point.",
    "Clearing a whole peak — its 9 or 10 cards — earns 100.",
  ],
  chain: [
    "Cards played in a row without drawing score 1, 2, 3 and so on.",
    "There is no peak bonus; cards left in the stock when you win score 10 each.",
  ],
  original: [
    "This is the 1991 money game. The first card of a streak earns $1, the second $2, and so on; drawing from the stock ends the streak.",
    "The top card of each peak earns $15, $15 and then $30. Every card you draw costs $5, so a deal can lose money.",
    "You can deal again at any time and keep the money so far: walking away from a poor deal can pay.",
  ],
  none: [
    "There are no points: the game counts the cards left, your moves and your time.",
  ],
};

/** The rules of a game in our own words, in three parts: [[heading, paragraphs], ...]. */
export function rulesText(rules) {
  const play = [
    "Clear the three peaks. A card can be played once nothing covers it and it is one rank above or below the card on the waste pile, whatever its suit.",
    rules.wrap
      ? "Kings and aces are next to each other: a king goes on an ace and an ace on a king."
      : "Kings and aces are not next to each other: nothing goes on a king but a queen, and nothing on an ace but a two.",
    "When nothing fits, tap the stock to turn its next card onto the waste. The stock goes through once.",
  ];
  if (rules.face_up) play.push("Every peak card is dealt face up, so you can plan from the start.");
  else play.push("Only the bottom row starts face up; a card turns over when both cards covering it are gone.");
  if (rules.empty_waste) play.push("The waste starts empty: the first card you play can be any uncovered card.");
  play.push("The game ends when the peaks are cleared, or when the stock is empty and no card fits.");
  const out = [];
  if (rules.undo_limit === 0) out.push("There is no undo: every move stands.");
  else if (rules.undo_limit === null || rules.undo_limit === undefined) out.push("You can undo as many moves as you like.");
  else out.push(`You can undo the last ${rules.undo_limit} move${rules.undo_limit === 1 ? "" : "s"}.`);
  if (rules.undo_limit !== 0) {
    out.push(rules.undo_restores_moves
      ? "Undoing gives the move back on the move counter."
      : "The move counter never goes down, even when you undo.");
  }
  if (rules.winnable_only) out.push("Every random deal has been checked by the solver: it can be won.");
  out.push(rules.abandon_is_loss
    ? "Leaving a game you have started counts as a loss in the statistics."
    : "Leaving a game before it ends records nothing.");
  return [["Playing", play], ["Scoring", SCORING_WORDS[rules.scoring] || []], ["Undo, deals and statistics", out]];
}
