// The table and its bars fit the window in every language.
//
// The cards are sized to leave room for the status bar and the toolbar (styles.css
// --chrome, their usual height). Longer words can make those bars taller (a second row of
// figures, the deal's class under the title): their measured height then counts instead,
// so the toolbar never slides under the window's edge.
//
// The toolbar stays one row in every language, each label at most two lines. Its buttons
// are never narrower than their longest word, which keeps "Restart" whole in English at
// 320 px; a language with longer words (German, Russian, the pseudo-locale) could push a
// button onto a second row or a label onto a third line. Then the labels shrink a step
// ("tight"), and another ("tighter"; a word is never broken); and if that is still too
// much, the buttons show their icons only ("iconic": the words stay their accessible
// names). With large text (under 19 rem of room) two rows are the design (styles.css),
// and a toolbar laid out as a column (a phone held sideways) is left be.

import { onLanguage } from "../model/i18n.js";

const STEPS = ["tight", "tighter", "iconic"];

/** Whether a visible label runs to three lines or more. */
function tall(bar) {
  return [...bar.querySelectorAll(".label")].some((label) => {
    if (!label.getClientRects().length) return false;
    const style = getComputedStyle(label);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.25;
    return label.getBoundingClientRect().height > 2 * line + 1;
  });
}

/** How many rows the visible buttons make (buttons that overlap up and down are one row). */
function rows(bar) {
  const boxes = [...bar.children].filter((b) => b.getClientRects().length).map((b) => b.getBoundingClientRect());
  const seen = [];
  for (const box of boxes) if (!seen.some((s) => box.top < s.bottom - 1 && s.top < box.bottom - 1)) seen.push(box);
  return seen.length;
}

export class Fit {
  constructor(doc) {
    this.bar = doc.querySelector(".actions");
    this.width = null;
    if (!this.bar) return;
    this.measureChrome(doc);
    const rem = () => parseFloat(getComputedStyle(doc.documentElement).fontSize) || 16;
    this.fit = () => {
      this.bar.classList.remove(...STEPS);
      if (getComputedStyle(this.bar).flexDirection.startsWith("column")) return;
      if (this.bar.clientWidth < 19 * rem()) return; // large text: two rows by design
      for (const step of STEPS) {
        if (rows(this.bar) <= 1 && !tall(this.bar)) return;
        this.bar.classList.add(step);
      }
    };
    // Only a change of width can change the rows (the toolbar's own height follows them).
    new ResizeObserver(([entry]) => {
      const width = Math.round(entry.contentRect.width);
      if (width === this.width) return;
      this.width = width;
      requestAnimationFrame(this.fit);
    }).observe(this.bar);
    onLanguage(() => requestAnimationFrame(this.fit));
  }

  /** --measured-chrome: the status bar's height, and the toolbar's where it lies under the table. */
  measureChrome(doc) {
    const header = doc.querySelector("body > header");
    const table = doc.querySelector("main");
    if (!header || !table) return;
    const root = doc.documentElement;
    let chrome = 0; // the height written, 0 for none
    const measure = () => {
      const under = this.bar.getBoundingClientRect().top >= table.getBoundingClientRect().bottom - 1;
      const height = Math.ceil(header.getBoundingClientRect().height + (under ? this.bar.getBoundingClientRect().height : 0));
      // Bars no taller than their usual height (--bars) change nothing: a custom property
      // written on <html> has the whole page styled again (70 ms of a phone's start).
      const style = getComputedStyle(root); // cheap here: the page was just laid out
      const usual = parseFloat(style.getPropertyValue("--bars")) * parseFloat(style.fontSize);
      const needed = Number.isFinite(usual) && height <= usual ? 0 : height; // --bars may be a calc()
      if (needed === chrome) return;
      chrome = needed;
      if (needed) root.style.setProperty("--measured-chrome", `${needed}px`);
      else root.style.removeProperty("--measured-chrome");
    };
    // Measured in the frame the bars changed, not the next: a status bar grown by the deal's
    // class never pushes the toolbar under the window's edge for a frame (the cards shrink
    // in the same layout; the bars' own sizes do not follow the cards').
    const watch = new ResizeObserver(measure);
    watch.observe(header);
    watch.observe(this.bar);
  }
}
