// Installing on the home screen: the offer (the browser's own prompt where there
// is one, drawn steps where there is not), carrying progress into the installed
// app, the manifest's shortcuts, and asking the browser to keep the saves.
// The offer is shown once, after a first win or a third game, never at first
// sight and never again after "Not now"; what it remembers is saved through
// web/main/model/storage.js (kind "install").

import { exportData } from "../model/storage.js";
import { decodeBackup, encodeBackup } from "../model/backup-code.js";
import { onLanguage, t } from "../model/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const GAMES_BEFORE_OFFER = 3;
const GAMES_BEFORE_PERSIST = 5;
const FRESH = {
  games: 0, wins: 0, offered: false, dismissed: false, installed: false, persistAsked: false, welcomed: false,
};

/** Which way this browser installs: "ios", "android-menu", "mac-safari" or null (none we can explain). */
export function platform(nav = navigator) {
  const ua = nav.userAgent || "";
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1);
  if (ios) return "ios";
  if (/Android/.test(ua) && /Firefox|SamsungBrowser/.test(ua)) return "android-menu";
  if (/Macintosh/.test(ua) && /Version\/1[7-9].*Safari/.test(ua) && !/Chrome|Chromium|Edg/.test(ua)) return "mac-safari";
  return null;
}

// Small drawings for the steps: each a list of SVG elements [tag, attributes].
const ICONS = {
  share: [["rect", { x: 5, y: 10, width: 14, height: 12, rx: 2 }], ["path", { d: "M12 3v12M8 7l4-4 4 4" }]],
  add: [["rect", { x: 4, y: 4, width: 16, height: 16, rx: 3 }], ["path", { d: "M12 8v8M8 12h8" }]],
  menu: [["circle", { cx: 12, cy: 5, r: 1.6 }], ["circle", { cx: 12, cy: 12, r: 1.6 }], ["circle", { cx: 12, cy: 19, r: 1.6 }]],
  dock: [["rect", { x: 3, y: 15, width: 18, height: 5, rx: 2 }], ["rect", { x: 9, y: 8, width: 6, height: 6, rx: 1.5 }]],
  home: [["rect", { x: 6, y: 2, width: 12, height: 20, rx: 2.5 }], ["rect", { x: 8.5, y: 5, width: 3, height: 3, rx: 0.8 }],
    ["rect", { x: 12.5, y: 5, width: 3, height: 3, rx: 0.8 }], ["rect", { x: 8.5, y: 9, width: 3, height: 3, rx: 0.8 }]],
};

// Each platform's steps: a drawing and the key of its words.
const STEPS = {
  ios: [["share", "install-ios-share"], ["add", "install-ios-add"], ["home", "install-ios-home"]],
  "android-menu": [["menu", "install-android-menu"], ["add", "install-android-add"], ["home", "install-android-home"]],
  "mac-safari": [["share", "install-mac-share"], ["dock", "install-mac-dock"]],
};

function icon(doc, name) {
  const svg = doc.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("step-icon");
  for (const [tag, attributes] of ICONS[name]) {
    const shape = doc.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) shape.setAttribute(key, value);
    svg.append(shape);
  }
  return svg;
}

// ---------------------------------------------------------------- the installer

export class Installer {
  constructor({ storage, dialogs, notices, input, dealing, results, backups, doc = document, win = window }) {
    Object.assign(this, { storage, dialogs, notices, input, dealing, results, backups, doc, win });
    this.prompt = null; // the deferred beforeinstallprompt event
    this.kind = platform(win.navigator);
    this.panel = doc.querySelector("[data-testid=install]");
    this.menuItem = doc.querySelector("[data-testid=menu-install]");
    this.linked = this.backupInHash(); // read now: the app clears links it does not know
  }

  /** Listen; call before the app starts. */
  start() {
    this.state = { ...FRESH, ...(this.storage.load("install").value || {}) };
    const { win, doc } = this;
    win.addEventListener("beforeinstallprompt", (event) => {
      event.preventDefault(); // the app offers it at a better moment
      this.prompt = event;
      this.refresh();
    });
    win.addEventListener("appinstalled", () => this.installedNow());
    const installed = win.matchMedia("(display-mode: standalone)");
    if (installed.addEventListener) installed.addEventListener("change", () => this.refresh()); // not in old Safari
    win.addEventListener("hashchange", () => { this.linked = this.backupInHash(); if (this.linked) this.offerLinked(); });
    this.input.addEventListener("install", () => this.open());
    this.input.addEventListener("stats", () => this.showKept());
    this.dealing.addEventListener("dealt", () => this.gamePlayed());
    this.results.addEventListener("finished", (event) => { if (event.detail.won) this.remember({ wins: this.state.wins + 1 }); });
    doc.querySelector("[data-testid=result]").addEventListener("close", () => this.maybeOffer());
    this.panel.querySelector("[data-testid=carry-copy]").addEventListener("click", () => this.copyProgress());
    this.panel.querySelector("[data-testid=carry-import]").addEventListener("click", () => this.importPasted());
    this.followTable();
    this.refresh();
    this.showKept();
    onLanguage(() => { this.refresh(); this.showKept(); if (this.panel.open) this.wordSteps(this.shownHow); });
    if (this.standalone()) this.keepSaves();
  }

  /** Once the first game is on the table: a shortcut's action, a backup link. */
  afterStart() {
    if (this.doc.documentElement.dataset.engine !== "ready") return; // a failed start says so on its own
    const params = new URLSearchParams(this.win.location.search);
    const action = params.get("action");
    if (action) {
      params.delete("action");
      const query = params.toString();
      history.replaceState(null, "", this.win.location.pathname + (query ? `?${query}` : "") + this.win.location.hash);
      if (action === "daily") this.dealing.playDaily();
      else if (action === "new") this.dealing.newGame();
    }
    if (this.linked) this.offerLinked();
    else if (this.standalone() && this.kind === "ios" && !this.state.welcomed) this.welcome();
  }

  /** The installed app on iPhone starts with nothing: say once how to bring progress from Safari. */
  welcome() {
    this.remember({ welcomed: true });
    this.notices.show(t("install-welcome"), {
      id: "install-welcome", action: { label: t("install-welcome-action"), run: () => this.open() },
    });
  }

  standalone() {
    const mode = (m) => this.win.matchMedia(`(display-mode: ${m})`).matches;
    return mode("standalone") || mode("fullscreen") || mode("minimal-ui") || this.win.navigator.standalone === true;
  }

  /** How this browser can install now: "prompt", a platform's steps, or null. */
  how() {
    if (this.standalone() || this.state.installed) return null;
    if (this.prompt) return "prompt";
    return this.kind;
  }

  remember(change) {
    Object.assign(this.state, change);
    this.storage.save("install", this.state);
  }

  refresh() {
    const standalone = this.standalone();
    // In the installed app on iPhone the Menu item brings progress in from Safari instead.
    const bringIn = standalone && this.kind === "ios";
    this.menuItem.hidden = !this.how() && !bringIn;
    this.menuItem.textContent = t(bringIn ? "install-menu-bring" : "install-menu-install");
    if (!this.how()) this.notices.dismiss("install");
    this.panel.dataset.mode = standalone ? "installed" : "browser";
  }

  gamePlayed() {
    this.remember({ games: this.state.games + 1 });
    this.maybeOffer();
    if (this.state.games >= GAMES_BEFORE_PERSIST) this.keepSaves();
  }

  /** The one unobtrusive offer: after a first win (once its panel is closed) or at the third game. */
  maybeOffer() {
    const { offered, dismissed, wins, games } = this.state;
    if (offered || dismissed || !this.how() || this.dialogs.anyOpen()) return;
    if (wins < 1 && games < GAMES_BEFORE_OFFER) return;
    this.remember({ offered: true });
    const note = this.notices.show(t("install-offer"), {
      id: "install", action: { label: t("install-offer-action"), run: () => this.open() },
    });
    const later = this.doc.createElement("button");
    later.type = "button";
    later.textContent = t("install-later");
    later.dataset.noticeAction = "install-later";
    later.addEventListener("click", () => { note.remove(); this.remember({ dismissed: true }); });
    note.querySelector(".close").before(later);
  }

  /** The Menu's item and the offer's button: the browser's prompt, or the steps. */
  async open() {
    this.notices.dismiss("install");
    const how = this.how();
    if (how === "prompt") {
      const event = this.prompt;
      this.dialogs.close("menu");
      await event.prompt();
      const choice = await event.userChoice;
      this.prompt = null; // a prompt can be used once
      if (choice && choice.outcome === "dismissed") this.remember({ dismissed: true });
      this.refresh();
      return;
    }
    this.wordSteps(how);
    this.setMessage("");
    this.dialogs.open("install");
  }

  /** The panel's steps for ``how`` this browser installs, and what happens to the progress. */
  wordSteps(how) {
    this.shownHow = how;
    const steps = this.panel.querySelector("[data-testid=install-steps]");
    steps.replaceChildren(...(STEPS[how] || []).map(([name, key]) => {
      const item = this.doc.createElement("li");
      const words = this.doc.createElement("span");
      words.textContent = t(key);
      item.append(icon(this.doc, name), words);
      return item;
    }));
    this.panel.querySelector("[data-testid=carry-warning]").textContent =
      t(how === "ios" ? "install-carry-warning-ios" : "install-carry-warning");
  }

  installedNow() {
    this.prompt = null;
    this.remember({ installed: true });
    this.dialogs.close("install");
    this.refresh();
    this.keepSaves();
  }

  // -- carrying progress -------------------------------------------------------

  backupInHash() {
    const hash = this.win.location.hash || "";
    return hash.startsWith("#backup=") ? hash.slice(1) : null;
  }

  setMessage(text) {
    this.panel.querySelector("[data-testid=carry-message]").textContent = text;
  }

  async copyProgress() {
    const code = await encodeBackup(exportData(this.storage));
    const link = new URL(`#backup=${code}`, this.win.location.href.split("#")[0].split("?")[0]).href;
    const field = this.panel.querySelector("[data-testid=carry-code]");
    field.value = link;
    field.hidden = false;
    try {
      await this.win.navigator.clipboard.writeText(link);
      this.setMessage(t("install-copied"));
    } catch {
      field.select();
      this.setMessage(t("install-copy-by-hand"));
    }
  }

  /** A #backup= link was opened: show it in the panel, ready to bring in with one tap. */
  offerLinked() {
    const code = this.linked;
    this.linked = null;
    history.replaceState(null, "", this.win.location.pathname + this.win.location.search);
    this.panel.querySelector("[data-testid=carry-paste]").value = code;
    this.panel.dataset.mode = "installed";
    this.setMessage(t("install-linked"));
    this.dialogs.open("install");
  }

  async importPasted() {
    const field = this.panel.querySelector("[data-testid=carry-paste]");
    let text;
    try {
      text = await decodeBackup(field.value);
    } catch (error) {
      this.setMessage(t("backup-import-failed", { reason: error.message }));
      return;
    }
    const say = (line) => { this.setMessage(line); this.dialogs.setText("stats-message", line); };
    const restored = await this.backups.importText(text, say);
    if (restored) field.value = "";
  }

  // -- keeping the saves -----------------------------------------------------------

  /** Ask once (installed, or after several games) that the browser never clears the saves. */
  async keepSaves() {
    const storage = this.win.navigator.storage;
    if (this.state.persistAsked || !storage || !storage.persist) return;
    this.remember({ persistAsked: true });
    try { await storage.persist(); } catch { /* the answer is read below either way */ }
    this.showKept();
  }

  async showKept() {
    const line = this.doc.querySelector("[data-testid=stats-kept]");
    const storage = this.win.navigator.storage;
    let kept = null;
    try { kept = storage && storage.persisted ? await storage.persisted() : null; } catch { kept = null; }
    line.dataset.kept = String(kept);
    line.textContent = t(!this.storage.persistent ? "storage-kept-none"
      : kept ? "storage-kept-protected" : "storage-kept-unprotected");
  }

  /** The browser's colour scheme and status bar take the table's colours (themes.css), read
   * from the page's style once a frame is drawn and the page is idle, where the style is done
   * already; read at once, each made the browser style the whole page there and then (45-55 ms
   * each of a phone's start, before the saved board was drawn). Again whenever the table changes. */
  followTable() {
    const { win, doc } = this;
    const html = doc.documentElement;
    const color = doc.querySelector("meta[name=theme-color]");
    const scheme = doc.querySelector("meta[name=color-scheme]");
    const paint = () => {
      const style = win.getComputedStyle(html);
      const felt = style.getPropertyValue("--felt").trim();
      if (color && felt) color.setAttribute("content", felt);
      if (scheme && style.colorScheme && style.colorScheme !== "normal") scheme.setAttribute("content", style.colorScheme);
    };
    const idle = win.requestIdleCallback ? () => win.requestIdleCallback(paint, { timeout: 500 }) : () => win.setTimeout(paint, 0);
    const soon = () => win.requestAnimationFrame(idle);
    new MutationObserver(soon).observe(html, { attributes: true, attributeFilter: ["data-theme"] });
    soon();
  }
}
