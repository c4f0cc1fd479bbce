// The money game's bankroll (the original preset): each deal's money added once, by game id,
// when the deal ends (cleared, or stuck) or is left (Deal again, New game, a link, a restart).
// It hears of a deal's end from the session ("shown" with finishing); the session asks it to
// keep a deal it is leaving (keep). Kept with the statistics, under their lock shared by tabs.

import { isMoneyGame, mendBankroll, recordDeal } from "../model/money.js";
import { t } from "../model/i18n.js";

export class Bankroll {
  constructor({ session, storage, notices }) {
    Object.assign(this, { storage, notices });
    session.addEventListener("shown", ({ detail }) => {
      if (detail.finishing) this.keep(detail.game);
    });
  }

  /** Add the deal's money (what it shows now) to the bankroll, once; a deal not begun adds nothing. */
  async keep(game) {
    if (!isMoneyGame(game) || game.board.moves === 0) return;
    const deal = { id: game.gameId, money: game.board.score, cleared: Boolean(game.board.won) };
    const { saved } = await this.storage.updateStats((stats) => {
      const bank = mendBankroll(stats.bankroll);
      const next = recordDeal(bank, deal);
      return next === bank ? null : { ...stats, bankroll: next };
    });
    if (!saved) this.notices.show(t("bankroll-unsaved"), { id: "bankroll-unsaved", kind: "error" });
  }
}
