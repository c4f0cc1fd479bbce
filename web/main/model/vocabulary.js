// The words the page shares with the engine, learnt once from its hello (tripeaks/bridge.py):
// the draw move, the rule keys and the error kinds. Every other module imports them from here.
//
// Until the engine is ready (the build-time first deal is drawn before it is) the page
// uses the defaults below; tests/test_vocabulary.py checks they are the engine's.

/** The engine's vocabulary as this build was made with it (tests/test_vocabulary.py). */
export const DEFAULTS = {
  "draw_move": 28,
  "rule_keys": ["wrap", "face_up", "empty_waste", "scoring", "undo_limit", "undo_restores_moves", "winnable_only", "abandon_is_loss"],
  "error_kinds": ["bad-request", "bad-rules", "bad-deal", "bad-notation", "bad-card", "bad-record", "bad-replay", "illegal-move", "illegal-undo", "no-game", "game-over", "not-found", "too-long", "internal"],
};

/** The move that draws from the stock (notation.DRAW); a peak card's move is its slot, 0 to DRAW - 1. */
export let DRAW = DEFAULTS.draw_move;
/** Every rule option a game can vary (rules.RULE_KEYS), in order. */
export let RULE_KEYS = DEFAULTS.rule_keys;
/** Every kind an engine error can have (bridge.ERROR_KINDS). */
export let ERROR_KINDS = DEFAULTS.error_kinds;

/** Take up the vocabulary of the engine's hello (``info.vocabulary``); an engine without one keeps the defaults. */
export function learn(info) {
  const words = info && info.vocabulary;
  if (!words) return;
  if (Number.isInteger(words.draw_move)) DRAW = words.draw_move;
  if (Array.isArray(words.rule_keys)) RULE_KEYS = [...words.rule_keys];
  if (Array.isArray(words.error_kinds)) ERROR_KINDS = [...words.error_kinds];
}
