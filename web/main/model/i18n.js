// Every word the player reads or hears, in the player's language, from one catalog.
//
// The catalogs are gettext .po files (tripeaks/locale/, tripeaks/catalogs.py); build.py
// writes each as locales/<code>.json: {language, direction, plurals, messages}, a message
// being a string, or one form per plural category of `plurals` (chosen by its {count}).
// Only the player's language is downloaded; another is fetched when chosen (and then
// kept offline by the service worker). Numbers, percentages, money and dates go
// through Intl, in the catalog's language.

/** Every language, in its own name (tripeaks/catalogs.py LANGUAGES; tests/test_catalogs.py). */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "fr", name: "Français" },
  { code: "de", name: "Deutsch" },
  { code: "es", name: "Español" },
  { code: "it", name: "Italiano" },
  { code: "pt-BR", name: "Português (Brasil)" },
  { code: "nl", name: "Nederlands" },
  { code: "pl", name: "Polski" },
  { code: "ru", name: "Русский" },
  { code: "tr", name: "Türkçe" },
  { code: "ja", name: "日本語" },
  { code: "zh-CN", name: "简体中文" },
  { code: "ar", name: "العربية" },
];
/** The pseudo-locale: every message accented, bracketed and longer (for tests: ?lang=en-XA). */
export const PSEUDO = "en-XA";
const KNOWN = [...LANGUAGES.map((l) => l.code), PSEUDO];

/** The language to use: the one asked in the address (?lang=), else the player's choice
 * (Options; "auto" = the browser's), else the best match among the browser's languages
 * (fr-CA gets fr, pt-PT gets pt-BR), else English. */
export function chooseLanguage({ asked = null, chosen = "auto", browser = [] } = {}) {
  for (const want of [asked, chosen !== "auto" ? chosen : null]) {
    const exact = want && KNOWN.find((code) => code.toLowerCase() === String(want).toLowerCase());
    if (exact) return exact;
  }
  return bestMatch(browser);
}

/** The best of LANGUAGES for a list of BCP 47 tags, best first; English when none fits. */
export function bestMatch(tags) {
  for (const tag of tags || []) {
    const lower = String(tag).toLowerCase();
    const exact = LANGUAGES.find((l) => l.code.toLowerCase() === lower);
    if (exact) return exact.code;
    const primary = lower.split("-")[0];
    const near = LANGUAGES.find((l) => l.code.toLowerCase().split("-")[0] === primary);
    if (near) return near.code;
  }
  return "en";
}

let current = null; // the catalog in use
let plurals = null; // Intl.PluralRules of its language
let numbers = null; // Intl.NumberFormat of its language
// Intl's other formatters for it, made once for each kind and options (making one costs more
// than formatting with it): formatter() below.
const formatters = new Map();
const loaded = new Map(); // code -> catalog, fetched once a visit
const changes = new EventTarget();

const catalogUrl = (code, base = document.baseURI) => new URL(`locales/${code}.json`, base);

/** Fetch a language's catalog: from the service worker once one controls the page (it
 * keeps each language asked for); before that (a first visit), its gzip copy, a third of
 * the bytes, decoded here, and the file itself where that fails. */
export async function fetchCatalog(code, base = document.baseURI) {
  if (loaded.has(code)) return loaded.get(code);
  const catalog = (await viaGzip(code, base)) || (await viaFile(code, base));
  loaded.set(code, catalog);
  return catalog;
}

async function viaFile(code, base) {
  const response = await fetch(catalogUrl(code, base));
  if (!response.ok) throw new Error(`no catalog for ${code} (${response.status})`);
  return response.json();
}

async function viaGzip(code, base) {
  const controlled = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (controlled || typeof DecompressionStream !== "function") return null;
  try {
    const response = await fetch(`${catalogUrl(code, base)}.gz`);
    if (!response.ok) return null;
    let bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) { // a host that sent it with Content-Encoding has decoded it
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    }
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

/** Ask for the catalog in use again once a service worker controls the page: the worker
 * keeps what it is asked for, so the language works offline (a first visit fetched it
 * before the worker was there). */
export async function keepOffline() {
  if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return;
  await fetch(catalogUrl(language())).catch(() => null);
}

/** Speak ``catalog`` from now on, and tell whoever listens (onLanguage). */
export function useCatalog(catalog) {
  current = catalog;
  const locale = intlLocale();
  plurals = new Intl.PluralRules(locale);
  numbers = new Intl.NumberFormat(locale);
  formatters.clear();
  changes.dispatchEvent(new Event("change"));
}

/** Call ``listener`` after every change of language. */
export function onLanguage(listener) {
  changes.addEventListener("change", () => listener(language()));
}

/** The language in use ("en" until a catalog is), and its writing direction. */
export const language = () => (current ? current.language : "en");
export const direction = () => (current ? current.direction : "ltr");
/** The locale Intl formats in (the pseudo-locale formats as English). */
const intlLocale = () => (language() === PSEUDO ? "en" : language());

/** The message ``key`` with ``args`` in its placeholders: numbers written the language's
 * way, the plural form chosen by ``args.count``. A key no catalog holds shows as ⟦key⟧. */
export function t(key, args = {}) {
  const message = current && current.messages[key];
  if (message === undefined || message === null) {
    console.warn(`no message "${key}"`);
    return `⟦${key}⟧`;
  }
  let text = message;
  if (Array.isArray(message)) {
    const index = current.plurals.indexOf(plurals.select(Number(args.count) || 0));
    text = message[index >= 0 ? index : message.length - 1];
  }
  return text.replace(/\{([a-z_][a-z0-9_]*)\}/g, (whole, name) => {
    const value = args[name];
    if (value === undefined || value === null) return whole;
    return typeof value === "number" ? numbers.format(value) : String(value);
  });
}

/** Whether the catalog holds ``key`` (for words that exist only in some cases). */
export const has = (key) => Boolean(current && key in current.messages);

function formatter(Kind, options) {
  const key = `${Kind.name} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Kind(intlLocale(), options)));
  return made;
}

/** A number written the language's way (1 234, 1.234, ١٬٢٣٤). */
export const formatNumber = (n, options) => (options ? formatter(Intl.NumberFormat, options) : numbers).format(n);
/** A share (0.42) as a percentage: "42%", "42 %", "%42". */
export const formatPercent = (share) => formatter(Intl.NumberFormat, { style: "percent" }).format(share);
/** Dollars, as the 1991 money game counted them: "$15", "-$5", "15 $US". */
export const formatMoney = (dollars) => formatter(Intl.NumberFormat, {
  style: "currency", currency: "USD", maximumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
}).format(dollars);
/** A date as the language writes it (``options``: Intl.DateTimeFormat's). */
export const formatDate = (date, options = { dateStyle: "medium" }) =>
  formatter(Intl.DateTimeFormat, { timeZone: "UTC", ...options }).format(date);
/** A list joined the language's way: "a, b and c", "a, b et c", "a、b、c". */
export const formatList = (items) => formatter(Intl.ListFormat, { type: "conjunction" }).format(items);

// -- cards ------------------------------------------------------------------------------------
// A card's code (7H, TS, QC: notation.py) never changes with the language; its name and
// its face's letter do: the catalog holds each rank's name and letter and each suit's name.

const RANKS = "A23456789TJQK";

/** The letter on a card's face in this language ("R" for a French king). */
export function rankLetter(rank) {
  const letters = t("card-letters").split(" ");
  const index = RANKS.indexOf(rank);
  return letters.length === 13 && index >= 0 ? letters[index] : rank === "T" ? "10" : rank;
}

/** A card's name aloud, from its code: "king of clubs", "roi de trèfle". */
export function cardName(code) {
  if (!code) return t("card-face-down");
  return t("card-name", { rank: t(`rank-${code[0]}`), suit: t(`suit-${code[1]}`) });
}

// -- the page's own text ------------------------------------------------------------------------
// Elements written in index.html carry their message's key: data-l10n="key" for their text,
// data-l10n-attrs="aria-label:key; placeholder:key2" for attributes.

/** Put every marked element under ``root`` in the current language, and the document's
 * lang and dir with it. */
export function translate(root = document) {
  const doc = root.ownerDocument || root;
  if (doc.documentElement) {
    doc.documentElement.lang = language();
    doc.documentElement.dir = direction();
  }
  for (const el of root.querySelectorAll("[data-l10n]")) el.textContent = t(el.dataset.l10n);
  for (const el of root.querySelectorAll("[data-l10n-attrs]")) {
    for (const pair of el.dataset.l10nAttrs.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
}
