// Links in and out: a deal link or a replay link opened (checked by the engine before the
// player is asked to leave a game), and the links the player shares.

import { parseLink } from "../model/link-reader.js";
import { gameRequest } from "../model/options.js";
import { words } from "../model/words.js";
import { t } from "../model/i18n.js";

export class Links {
  constructor({ engine, session, notices, options, watching }) {
    Object.assign(this, { engine, session, notices, watching });
    this.options = options; // () => the player's options
    this.wanted = null; // the newest deal link's request, while one is being opened or asked about
    this.queued = false;
    this.asking = false;
  }

  /** The link in the address bar now: null, {request}, {replay} or {error} (links.js). */
  current() {
    return parseLink(window.location.hash);
  }

  /** A link opened while the page is open (hashchange). */
  open() {
    const { session } = this;
    const link = this.current();
    if (!link) return;
    if (link.error) return this.bad(link.error);
    if (link.replay) {
      session.enqueue(async () => {
        await this.watching.stop();
        await this.openReplay(link.replay);
      });
      return;
    }
    // Many links in a row ask once, about the last: one job opens whichever is
    // last, and a question already open answers for the newest link.
    this.wanted = link.request;
    if (this.queued || this.asking) return;
    this.queued = true;
    session.enqueue(async () => {
      this.queued = false;
      const request = this.wanted;
      this.wanted = null;
      if (!request) return;
      await this.watching.stop();
      await this.openLinked(request);
    });
  }

  /** Open a deal link's deal, once the player agrees to leave a game in progress (run in a queued job). */
  async openLinked(request) {
    const { session } = this;
    // A link that names no rules plays under the player's own options; a deal
    // code's own rules (wrap, face-up, empty waste) win over those (the engine decides).
    if (!request.preset && !request.rules) request = { ...gameRequest(this.options()), ...request, from_options: true };
    // Checked before anything is asked or counted: a link the engine refuses leaves the game as it was.
    if (!(await this.check(request))) return;
    this.asking = true;
    const sure = await session.confirmLeave("link").finally(() => { this.asking = false; });
    if (this.wanted) { // newer links came while asking: the answer is about the last of them
      request = this.wanted;
      this.wanted = null;
      if (!(await this.check(request))) return;
    }
    if (!sure) {
      this.clear();
      return;
    }
    try {
      await session.deal("new_game", request);
    } catch (error) {
      this.bad(t("link-refused", { reason: error.message }));
      return;
    }
    this.clear();
    this.notices.dismiss("link"); // about an earlier link
  }

  /** Whether the engine would open this deal; if not, the link is bad, and said so. */
  async check(request) {
    try {
      await this.engine.call("check_deal", request);
      return true;
    } catch (error) {
      this.bad(t("link-refused", { reason: error.message }));
      return false;
    }
  }

  /** Say why a link opens nothing, and take it out of the address bar so a reload does not repeat it. */
  bad(message) {
    this.notices.show(message, { id: "link", kind: "error" });
    this.clear();
  }

  clear() {
    history.replaceState(null, "", window.location.pathname + window.location.search);
  }

  /** A #replay= link: checked by the engine first (a bad one: one notice, nothing else),
   * then, once the player agrees to leave a game in progress, replayed move by move
   * in the watch strip; the player's game waits aside, as for Watch AI (run in a queued job). */
  async openReplay(text) {
    const { session } = this;
    let replay;
    try {
      replay = await this.engine.call("check_replay", { link: text });
    } catch (error) {
      this.bad(error.message);
      return;
    }
    const sure = await session.confirmLeave("replay");
    this.clear();
    if (!sure || !session.game) return;
    this.notices.dismiss("link");
    await this.watching.replay(replay);
  }

  // -- sharing -------------------------------------------------------------------------

  /** The deal link of the game on the table (a code or its 52 cards, and its preset). */
  dealLink() {
    const save = this.session.game;
    const board = save && save.board;
    if (!board) return null;
    const base = window.location.origin + window.location.pathname;
    const preset = save.preset && save.preset !== "custom" ? `&preset=${save.preset}` : "";
    if (board.deal_code) return `${base}#deal=${board.deal_code}${preset}`;
    const cards = save.record && save.record.deal;
    return cards ? `${base}#cards=${cards.replace(/\s+/g, "")}${preset}` : null;
  }

  async share() {
    const link = this.dealLink();
    if (!link) return;
    const board = this.session.board;
    const text = board.won
      ? words.share(board.score, board.moves)
      : t("link-share-deal");
    return this.send(link, text);
  }

  /** "Share this game": the replay link of the game so far (the engine writes it). */
  shareGame() {
    const { session, notices } = this;
    if (session.covered) return notices.show(words.watchingRefusal, { id: "watching", timeout: 3000 });
    return session.enqueue(async () => {
      if (!session.board) return;
      let link;
      try {
        ({ link } = await session.ask("share_game", { base: window.location.origin + window.location.pathname }));
      } catch (error) {
        notices.show(error.message, { id: "share", timeout: 8000 });
        return;
      }
      const board = session.board;
      const text = board.won ? t("link-share-won", { boast: words.share(board.score, board.moves) }) : t("link-share-game");
      await this.send(link, text);
    });
  }

  /** The share sheet, or the clipboard and a notice, or the link in a notice. */
  async send(link, text) {
    let copied = false;
    try {
      if (navigator.share) {
        await navigator.share({ title: "TriPeaks", text, url: link });
        return;
      }
      if (navigator.clipboard) {
        await navigator.clipboard.writeText(`${text} ${link}`);
        copied = true;
      }
    } catch {
      // no share sheet or clipboard here: the notice shows the link instead
    }
    // Copied: a short word, soon gone (the link is on the clipboard); else the link to copy by hand.
    if (copied) this.notices.show(words.linkCopied, { id: "share", timeout: 3000, scope: "page" });
    else this.notices.show(words.shareLink(link), { id: "share", timeout: 12000, scope: "page" });
  }
}
