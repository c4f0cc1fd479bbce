// Links that open a deal (format documented in docs/notation.md, "## Links"):
//   #deal=TP1-E-AAAABGU            a deal code (it carries its rules)
//   #deal=12345&preset=classic     a deal number, optionally with a preset / rules
//   #cards=7HAS2D...&preset=relaxed&rules=wrap:0,face_up:1
//                                  a custom deal: 52 card codes in deal order
// parseLink(hash) returns null (no link), {request} for the engine's new_game,
// or {error} with a message for the player (in the player's language: model/i18n.js). A replay link (#replay=..., the
// same section) is {replay: the fragment}: only the engine reads it
// (check_replay), so it is passed on whole.

import { RULE_KEYS } from "./vocabulary.js";
import { t } from "./i18n.js";

const MAX = 600;

/** A rule's value as a link writes it: every rule but scoring and undo_limit is on or off. */
function ruleValue(key, text) {
  const word = text.trim().toLowerCase();
  if (!RULE_KEYS.includes(key)) throw new Error(t("link-unknown-rule", { rule: key }));
  if (key === "scoring") return word;
  if (key === "undo_limit") {
    if (["none", "null", "unlimited"].includes(word)) return null;
    if (/^\d{1,6}$/.test(word)) return Number(word);
    throw new Error(t("link-undo-limit", { text }));
  }
  if (["1", "true", "on", "yes"].includes(word)) return true;
  if (["0", "false", "off", "no"].includes(word)) return false;
  throw new Error(t("link-on-off", { rule: key, text }));
}

export function parseRules(text) {
  const rules = {};
  for (const part of text.split(",").filter(Boolean)) {
    const [key, value = "1"] = part.split(":");
    rules[key.trim()] = ruleValue(key.trim(), value);
  }
  return rules;
}

export function parseCards(text) {
  const compact = text.toUpperCase().replace(/10/g, "T").replace(/[\s.,_\-+]/g, "");
  if (!/^([A2-9TJQK][CDHS]){52}$/.test(compact)) {
    throw new Error(t("link-cards"));
  }
  return compact.match(/../g).join(" ");
}

export function parseLink(hash) {
  const text = (hash || "").replace(/^#/, "");
  if (!text || text.startsWith("backup=")) return null; // a backup link: web/main/parts/install.js reads it
  if (/^replay=/i.test(text)) return { replay: `#${text}` };
  if (text.length > MAX) return { error: t("link-too-long") };
  let params;
  try {
    params = new URLSearchParams(text);
  } catch {
    return { error: t("link-unreadable") };
  }
  if (!params.has("deal") && !params.has("cards")) return null;
  try {
    const request = {};
    if (params.has("preset")) request.preset = params.get("preset").trim().toLowerCase();
    if (params.has("rules")) request.rules = parseRules(params.get("rules"));
    if (params.has("cards")) {
      request.cards = parseCards(params.get("cards"));
    } else {
      const deal = params.get("deal").trim(); // spaces are allowed: a code copied from a message may have some
      if (!/^[A-Za-z0-9 -]{1,40}$/.test(deal)) throw new Error(t("link-deal"));
      request.code = deal;
    }
    return { request };
  } catch (error) {
    return { error: t("link-bad", { reason: error.message }) };
  }
}

