// Short messages for the player: problems, the update offer. Text only.
// One place for all of them (between the peaks and the stock on a phone), one
// shown at a time (the newest), each with a Dismiss button, each gone by itself
// after a while (errors and offers stay longer), except a lasting one, which
// says what is true until it is not (nothing can be saved here).
// A notice is about the game (a hint, a refused move, the game's end: the
// "game" scope, gone at the next move, never shown over a panel) or about the
// page (an error, an offer, a link copied: the "page" scope, shown in an open
// panel too, under its title).
// A screen reader hears each message once, and only its words: the notices
// themselves are no live region (their buttons would be read with them); two
// hidden regions that travel with them say the text, errors assertively.
import { t } from "../model/i18n.js";

const LASTS = { info: 6000, error: 15000, action: 20000 }; // ms

export class Notices {
  constructor(root = document.querySelector("[data-testid=notices]")) {
    this.root = root;
    this.voices = {};
    for (const [kind, live] of [["polite", "status"], ["assertive", "alert"]]) {
      const voice = document.createElement("p");
      voice.className = "sr-only";
      voice.setAttribute("role", live);
      voice.dataset.voice = kind;
      root.append(voice);
      this.voices[kind] = voice;
    }
  }

  /** Say a message once through the hidden region of its kind (the same words
   * again are said again: the region is emptied first). */
  say(message, kind) {
    const voice = this.voices[kind === "error" ? "assertive" : "polite"];
    voice.textContent = "";
    requestAnimationFrame(() => { voice.textContent = message; });
  }

  /** Show a message; {action: {label, run}} adds a button; {id} replaces a
   * notice of the same id; {timeout} removes it after that many ms (by default
   * 6 s, an error 15 s, one with a button 20 s); {lasting} keeps it until it is
   * dismissed (by the player, or by its id). {scope}: "game" or "page" (by
   * default, errors, offers and lasting notices are the page's). A new notice
   * replaces every passing one of the game: never two stacked over the table. */
  show(message, { id = null, action = null, timeout = 0, kind = "info", lasting = false, scope = null } = {}) {
    timeout = lasting ? 0 : timeout || (action ? LASTS.action : LASTS[kind] || LASTS.info);
    scope = scope || (kind === "error" || action || lasting ? "page" : "game");
    if (id) this.dismiss(id);
    this.clear();
    const note = document.createElement("div");
    note.className = `notice ${kind}`;
    note.dataset.scope = scope;
    if (lasting) note.dataset.lasting = "";
    if (id) note.dataset.notice = id;
    const text = document.createElement("p");
    text.textContent = message;
    note.append(text);
    if (action) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = action.label;
      button.dataset.noticeAction = id || "action";
      button.addEventListener("click", () => {
        note.remove();
        action.run();
      });
      note.append(button);
    }
    const close = document.createElement("button");
    close.type = "button";
    close.className = "close";
    close.textContent = "×";
    close.setAttribute("aria-label", t("notice-dismiss"));
    close.addEventListener("click", () => note.remove());
    note.append(close);
    // The newest is the one shown; a lasting one goes under the others, seen when they go.
    this.root.insertBefore(note, (lasting && this.root.querySelector(".notice")) || this.voices.polite);
    this.say(action ? t("notice-action-question", { message, action: action.label }) : message, kind);
    if (timeout) setTimeout(() => note.remove(), timeout);
    return note;
  }

  /** The game moved on: its passing notices go (a lasting one stays until its id is dismissed). */
  clear() {
    for (const note of this.root.querySelectorAll(".notice[data-scope=game]:not([data-lasting])")) note.remove();
  }

  dismiss(id) {
    for (const note of this.root.querySelectorAll(`[data-notice="${CSS.escape(id)}"]`)) note.remove();
  }
}
