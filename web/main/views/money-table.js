// The money game's things on the table: its Deal again button in the toolbar (Undo and Redo
// give way, the rules have no undo) and the quiet advice line under the stock.

import { formatMoney, onLanguage, t } from "../model/i18n.js";

export class MoneyTable {
  constructor(doc) {
    this.html = doc.documentElement;
    this.line = doc.querySelector("[data-testid=advice-line]");
    this.answer = null;
    onLanguage(() => this.show(this.answer, this.html.classList.contains("money-game")));
  }

  /** The advice in words: draw (and what playing on is worth) or deal again. */
  words(answer) {
    return answer.advice === "play-on"
      ? t("advice-play-on", { money: formatMoney(Math.max(0, Math.round(answer.play_on))) })
      : t("advice-redeal");
  }

  /** ``money``: a money game is on the table; ``answer``: the engine's advice to show, or null. */
  show(answer, money) {
    this.html.classList.toggle("money-game", Boolean(money));
    this.answer = answer;
    if (!this.line) return;
    this.line.hidden = !answer;
    this.line.textContent = answer ? this.words(answer) : "";
    if (answer) this.line.dataset.advice = answer.advice;
  }
}
