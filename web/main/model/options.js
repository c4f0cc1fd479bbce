// Options: the presets the engine offers, the rule options a player changed on
// top of one, and the table options (error help, deck, theme, speed). Rule
// changes apply from the next new game. The rules' meaning lives in the engine
// (tripeaks/rules.py); here they are only named and explained in words.

import { has, t } from "./i18n.js";
import { VERSION } from "./storage.js";

/** Every option's default, in one place: a new player's options (build.py deals the first game for them). */
export const OPTION_DEFAULTS = {
  preset: "standard", rules: {},
  errorHelp: true, fourColour: false, speed: "normal", fairHint: false, sound: true,
  // The table (TABLES; "auto": dark while the system is in dark mode, else the green felt), the
  // card backs (CARD_BACKS) and the thumb that taps the stock (HANDS). An older save keeps its
  // table ("felt" or "dark") and gets the first back and the right hand.
  theme: "auto", cardBack: "peaks", hand: "right",
  // New game deals from the easier classes (DEAL_CLASSES); a refused tap vibrates where it can.
  deals: "easier", vibrate: true,
  // Screen reader, keys and low vision (docs/accessibility.md):
  verbosity: "full", shortcuts: "on", highlight: false, cardSize: "normal",
  // The language: "auto" follows the browser's languages (model/i18n.js chooseLanguage).
  language: "auto",
};

/** The tables, card backs and hands Options offers (web/styles/themes.css draws them). */
export const TABLES = ["felt", "blue", "burgundy", "dark", "contrast"];
export const CARD_BACKS = ["peaks", "lattice", "plain", "tartan"];
export const HANDS = ["right", "left"];

/** The table drawn for ``theme`` (a name of TABLES, or "auto" and anything unknown: dark while
 * ``systemDark``, else the green felt). */
export function tableOf(theme, systemDark) {
  if (TABLES.includes(theme)) return theme;
  return systemDark ? "dark" : "felt";
}

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

/** A preset name as players read it, in their language ("custom" is "Custom rules"). */
export function presetTitle(name) {
  return has(`preset-${name}`) ? t(`preset-${name}`) : name;
}

// Each scoring's rules, one whole sentence a message (rules-scoring-<scoring>-<n>).
const SCORING_SENTENCES = { streak: 3, classic: 3, points: 2, chain: 2, original: 3, none: 1 };

/** The rules of a game in our own words, in three parts: [[heading, paragraphs], ...]. */
export function rulesText(rules) {
  const play = [
    t("rules-play-goal"),
    t(rules.wrap ? "rules-play-wrap" : "rules-play-no-wrap"),
    t("rules-play-stock"),
  ];
  play.push(t(rules.face_up ? "rules-play-face-up" : "rules-play-face-down"));
  if (rules.empty_waste) play.push(t("rules-play-empty-waste"));
  play.push(t("rules-play-end"));
  const scoring = Array.from({ length: SCORING_SENTENCES[rules.scoring] || 0 }, (_, i) => t(`rules-scoring-${rules.scoring}-${i + 1}`));
  const out = [];
  if (rules.undo_limit === 0) out.push(t("rules-undo-none"));
  else if (rules.undo_limit === null || rules.undo_limit === undefined) out.push(t("rules-undo-unlimited"));
  else out.push(t("rules-undo-last", { count: rules.undo_limit }));
  if (rules.undo_limit !== 0) out.push(t(rules.undo_restores_moves ? "rules-undo-restores" : "rules-undo-keeps-count"));
  if (rules.winnable_only) out.push(t("rules-winnable"));
  out.push(t(rules.abandon_is_loss ? "rules-abandon-loss" : "rules-abandon-nothing"));
  return [[t("rules-playing"), play], [t("rules-scoring"), scoring], [t("rules-undo-deals-stats"), out]];
}
