// Short messages for the player: problems, the update offer. Text only.
// One place for all of them (between the peaks and the stock on a phone; in an
// open panel, under its title), each with a Dismiss button, each gone by itself
// after a while: errors and offers stay longer, never for ever.

const LASTS = { info: 6000, error: 15000, action: 20000 }; // ms

export class Notices {
  constructor(root = document.querySelector("[data-testid=notices]")) {
    this.root = root;
  }

  /** Show a message; {action: {label, run}} adds a button; {id} replaces a
   * notice of the same id; {timeout} removes it after that many ms (by default
   * 6 s, an error 15 s, one with a button 20 s). */
  show(message, { id = null, action = null, timeout = 0, kind = "info" } = {}) {
    timeout = timeout || (action ? LASTS.action : LASTS[kind] || LASTS.info);
    if (id) this.dismiss(id);
    const note = document.createElement("div");
    note.className = `notice ${kind}`;
    note.setAttribute("role", kind === "error" ? "alert" : "status");
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
    close.setAttribute("aria-label", "Dismiss");
    close.addEventListener("click", () => note.remove());
    note.append(close);
    this.root.append(note);
    if (timeout) setTimeout(() => note.remove(), timeout);
    return note;
  }

  dismiss(id) {
    for (const note of this.root.querySelectorAll(`[data-notice="${CSS.escape(id)}"]`)) note.remove();
  }
}
