// Input only emits: "play" {slot}, "draw", "undo", "redo", "new", "hint",
// "update". It never touches the game; main.js decides what each one does.

const KEYS = { d: "draw", " ": "draw", u: "undo", z: "undo", r: "redo", y: "redo", n: "new", h: "hint" };

export class Input extends EventTarget {
  constructor(root = document) {
    super();
    root.addEventListener("click", (event) => {
      const target = event.target.closest("[data-slot], [data-testid=stock], [data-action]");
      if (!target || target.disabled) return;
      if (target.dataset.slot !== undefined) this.emit("play", { slot: Number(target.dataset.slot) });
      else if (target.dataset.testid === "stock") this.emit("draw");
      else this.emit(target.dataset.action);
    });
    root.addEventListener("keydown", (event) => {
      if (event.altKey || event.metaKey || event.defaultPrevented) return;
      const tag = event.target && event.target.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA") return;
      const key = event.key.toLowerCase();
      if (event.ctrlKey) {
        if (key === "z") this.emit(event.shiftKey ? "redo" : "undo");
        else if (key === "y") this.emit("redo");
        else return;
      } else if (key === " " && tag === "BUTTON") {
        return; // Space on a focused button clicks it
      } else if (KEYS[key] && !["z", "y"].includes(key)) {
        this.emit(KEYS[key]);
      } else {
        return;
      }
      event.preventDefault();
    });
  }

  emit(type, detail = {}) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
