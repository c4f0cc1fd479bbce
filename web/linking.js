// Links in and out: a deal link or a replay link opened (checked by the engine before the
// player is asked to leave a game), and the links the player shares.

import { parseLink } from "./links.js";
import { gameRequest } from "./options.js";
import { words } from "./words.js";

export class Linking {
  constructor(app) {
    this.app = app;
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
    const app = this.app;
    const link = this.current();
    if (!link) return;
    if (link.error) return this.bad(link.error);
    if (link.replay) {
      app.enqueue(async () => {
        await app.watcher.stop();
        await this.openReplay(link.replay);
      });
      return;
    }
    // Many links in a row ask once, about the last: one job opens whichever is
    // last, and a question already open answers for the newest link.
    this.wanted = link.request;
    if (this.queued || this.asking) return;
    this.queued = true;
    app.enqueue(async () => {
      this.queued = false;
      const request = this.wanted;
      this.wanted = null;
      if (!request) return;
      await app.watcher.stop();
      await this.openLinked(request);
    });
  }

  /** Open a deal link's deal, once the player agrees to leave a game in progress (run in a queued job). */
  async openLinked(request) {
    const app = this.app;
    // A link that names no rules plays under the player's own options; a deal
    // code's own rules (wrap, face-up, empty waste) win over those (the engine decides).
    if (!request.preset && !request.rules) request = { ...gameRequest(app.options), ...request, from_options: true };
    // Checked before anything is asked or counted: a link the engine refuses leaves the game as it was.
    if (!(await this.check(request))) return;
    this.asking = true;
    const sure = await app.confirmLeave("Open the linked deal").finally(() => { this.asking = false; });
    if (this.wanted) { // newer links came while asking: the answer is about the last of them
      request = this.wanted;
      this.wanted = null;
      if (!(await this.check(request))) return;
    }
    if (!sure) {
      this.clear();
      return;
    }
    await app.session.leaveGame();
    const state = await this.startFrom(request);
    if (!state) return;
    app.notices.dismiss("link"); // about an earlier link
    app.session.show(state, { fresh: true });
  }

  /** Whether the engine would open this deal; if not, the link is bad, and said so. */
  async check(request) {
    try {
      await this.app.engine.call("check_deal", request);
      return true;
    } catch (error) {
      this.bad(`This link does not open a deal: ${error.message}`);
      return false;
    }
  }

  async startFrom(request) {
    try {
      const state = await this.app.engine.call("new_game", request);
      this.clear();
      return state;
    } catch (error) {
      this.bad(`This link does not open a deal: ${error.message}`);
      return null;
    }
  }

  /** Say why a link opens nothing, and take it out of the address bar so a reload does not repeat it. */
  bad(message) {
    this.app.notices.show(message, { id: "link", kind: "error" });
    this.clear();
  }

  clear() {
    history.replaceState(null, "", window.location.pathname + window.location.search);
  }

  /** A #replay= link: checked by the engine first (a bad one: one notice, nothing else),
   * then, once the player agrees to leave a game in progress, replayed move by move
   * in the watch strip; the player's game waits aside, as for Watch AI (run in a queued job). */
  async openReplay(text) {
    const app = this.app;
    let replay;
    try {
      replay = await app.engine.call("check_replay", { link: text });
    } catch (error) {
      this.bad(error.message);
      return;
    }
    const sure = await app.confirmLeave("Watch the replay");
    this.clear();
    if (!sure || !app.save) return;
    app.notices.dismiss("link");
    await app.watcher.replay(replay);
  }

  // -- sharing -------------------------------------------------------------------------

  /** The deal link of the game on the table (a code or its 52 cards, and its preset). */
  dealLink() {
    const save = this.app.save;
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
    const board = this.app.save.board;
    const text = board.won
      ? words.share(board.score, board.moves)
      : "Try this TriPeaks deal:";
    return this.send(link, text);
  }

  /** "Share this game": the replay link of the game so far (the engine writes it). */
  shareGame() {
    const app = this.app;
    if (app.watch) return app.watcher.refuse();
    return app.enqueue(async () => {
      if (!app.save || !app.save.board) return;
      let link;
      try {
        ({ link } = await app.engine.call("share_game", { base: window.location.origin + window.location.pathname }));
      } catch (error) {
        app.notices.show(error.message, { id: "share", timeout: 8000 });
        return;
      }
      const board = app.save.board;
      const text = board.won ? `${words.share(board.score, board.moves)} Watch how:` : "Watch my TriPeaks game:";
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
    this.app.notices.show(`${copied ? "Link copied: " : "Share this link: "}${link}`, { id: "share", timeout: 12000 });
  }
}
