"""A finished game's result, the notices and the hint, played with a finger (CDP touch
events) at a phone's sizes, on its side and on a computer: the result survives a tap
made as the last card flies and stays reachable until the next game; a notice about the
game stays off every panel; Statistics and the result count a pending loss alike; the
result leads with the outcome and the score and nothing in it overlaps; a hint is the
card's highlight and one short line; one notice at a time, never over a card, gone at
the next move."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.app import DRAW, next_frame, open_deal, resize, settled
from tests.e2e.lines import STUCK_DEAL, stuck_line, winnable_deal
from tests.e2e.touch import centre, tap, touch, touch_card, touch_context, touch_move
from tests.e2e.windows import WINDOWS
from tripeaks.deals import encode_code
from tripeaks.game import Game

SIZES = ("phone", "small", "landscape", "desktop")
# The finished game's line on the table, drawn (checked by time, not by animation frames).
TABLE_LINE_SHOWN = """() => { const n = document.querySelector('main [data-notice=over]');
    return Boolean(n && n.getClientRects().length
        && getComputedStyle(n).visibility === 'visible'); }"""
SHOTS = Path(os.environ.get("TRIPEAKS_SCREENSHOTS", "docs/screenshots"))


def opened(warm_context, size: str, **options):
    context = touch_context(warm_context, size, **options)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return context, page


def win_to_the_last_card(page, site) -> list[int]:
    """A short winnable deal played by touch up to its last card; its line."""
    _, code, line = winnable_deal()
    open_deal(page, f"{site.url}#deal={code}", code)
    for move in line[:-1]:
        touch_move(page, move)
    return line


def lose(page, site) -> None:
    """Standard's stuck deal lost by touch (the loss counts when the game is left)."""
    code = encode_code(STUCK_DEAL)
    open_deal(page, f"{site.url}#deal={code}&preset=standard", code)
    for move in stuck_line(STUCK_DEAL, "standard"):
        touch_move(page, move)
    page.locator("[data-testid=result]").wait_for(state="visible")


def open_by_touch(page, action: str) -> None:
    """A panel opened through the Menu, by touch."""
    touch(page, ".actions [data-action=menu]")
    page.locator("[data-testid=menu]").wait_for(state="visible")
    if action != "menu":
        touch(page, f"[data-testid=menu] [data-action={action}]")


def close_by_touch(page, panel: str) -> None:
    dialog = page.locator(f"[data-testid={panel}]")
    touch(page, f"[data-testid={panel}] .result-actions [data-close]")
    dialog.wait_for(state="hidden")


# What shows in the open panel's own box: the notices a player sees there.
NOTICES_IN_PANEL = """() => [...document.querySelectorAll('dialog[open] .notice')]
    .filter(n => n.checkVisibility()).map(n => n.textContent)"""
# The notices a player sees over the table, and whether any lies over a card.
TABLE_NOTICES = """() => {
    const shown = [...document.querySelectorAll('main .notice')].filter(n => n.checkVisibility());
    const cards = [...document.querySelectorAll(
        '[data-slot]:not([data-removed]), [data-testid=stock], [data-testid=waste]')]
        .filter(c => c.checkVisibility()).map(c => [c, c.getBoundingClientRect()]);
    const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
        && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    return shown.map(n => {
        const box = n.getBoundingClientRect();
        const p = n.querySelector('p');
        const range = document.createRange();
        range.selectNodeContents(p);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.bottom))).size;
        return {text: p.textContent, lines,
                covers: cards.filter(([, r]) => over(box, r))
                    .map(([c]) => c.dataset.slot ?? c.dataset.testid)};
    });
}"""


# -- the result stays reachable --------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_a_tap_as_the_last_card_flies_leaves_the_result_open_and_it_comes_back(
        warm_context, site, size):
    context, page = opened(warm_context, size)
    try:
        line = win_to_the_last_card(page, site)
        stock = centre(page, "[data-testid=stock]")
        touch_card(page, f"[data-slot='{line[-1]}']")
        page.wait_for_selector("[data-testid=celebration]", state="attached")
        tap(page, *stock)  # where the stock was, while the cards fly: it ends the celebration
        result = page.locator("[data-testid=result]")
        result.wait_for(state="visible")
        next_frame(page)
        assert result.is_visible(), "the tap closed the result it opened"
        assert page.locator("[data-notice=share]").count() == 0, "the tap pressed Share deal"
        # Closed, the result comes back from the table's line...
        touch(page, "[data-testid=result] [data-action=close-result]")
        result.wait_for(state="hidden")
        assert page.locator("[data-notice=share]").count() == 0, "the tap pressed Share deal"
        line_action = page.locator("main [data-notice=over] [data-notice-action]")
        line_action.wait_for(state="visible")
        assert "won" in page.locator("main [data-notice=over] p").text_content()
        touch(page, "main [data-notice=over] [data-notice-action]")
        result.wait_for(state="visible")
        assert result.locator("h2").text_content() == "You cleared the peaks!"
        touch(page, "[data-testid=result] [data-action=close-result]")
        result.wait_for(state="hidden")
        # ...and from the Menu.
        open_by_touch(page, "menu")
        touch(page, "[data-testid=menu-result]")
        result.wait_for(state="visible")
        assert result.locator("[data-tile=score] .tile-value").is_visible()
        # Until the next game starts: then neither way is offered.
        touch(page, "[data-testid=result] .result-actions [data-action=new]")
        page.wait_for_function("() => !document.documentElement.classList.contains('over')")
        assert page.locator("[data-notice=over]").count() == 0
        open_by_touch(page, "menu")
        assert not page.locator("[data-testid=menu-result]").is_visible()
    finally:
        context.close()


# Where the result's buttons lie: as the panel opens (a MutationObserver's record, made before
# the engine can have answered anything it is asked then) and now.
WATCH_RESULT_BUTTONS = """() => {
    const dialog = document.querySelector('[data-testid=result]');
    const boxes = () => [...dialog.querySelectorAll('.result-actions button')]
        .filter(b => b.checkVisibility()).map(b => {
            const r = b.getBoundingClientRect();
            return [b.dataset.action, Math.round(r.left), Math.round(r.top)];
        });
    window.resultButtons = {boxes};
    new MutationObserver((_, watch) => {
        if (!dialog.open) return;
        window.resultButtons.opened = {boxes: boxes(),
            working: Boolean(dialog.querySelector('.analysis .working'))};
        watch.disconnect();
    }).observe(dialog, {attributes: true, attributeFilter: ['open']});
}"""


@pytest.mark.parametrize("size", ("phone", "small", "landscape"))
def test_the_results_buttons_stay_put_as_the_engine_explains_the_loss(warm_context, site, size):
    """The loss's explanation comes from the engine after the panel opens (up to 3 s in
    WebAssembly): a finger on its way to Close or New game must not find another button."""
    context, page = opened(warm_context, size)
    try:
        code = encode_code(STUCK_DEAL)
        open_deal(page, f"{site.url}#deal={code}&preset=standard", code)
        page.evaluate(WATCH_RESULT_BUTTONS)
        for move in stuck_line(STUCK_DEAL, "standard"):
            touch_move(page, move)
        page.locator("[data-testid=result]").wait_for(state="visible")
        page.wait_for_function("() => !document.querySelector('[data-testid=result] .working')")
        settled(page, "[data-testid=result]")
        opened_with = page.evaluate("window.resultButtons.opened")
        assert opened_with["working"], "the panel opened with its explanation already in"
        assert page.evaluate("window.resultButtons.boxes()") == opened_with["boxes"]
    finally:
        context.close()


# -- a notice about the game stays with the game ----------------------------------------------


PANELS = ("menu", "deals", "options", "stats", "read")


@pytest.mark.parametrize("size", ("phone", "small"))
def test_a_notice_about_the_game_shows_in_no_panel(warm_context, site, size):
    context, page = opened(warm_context, size)
    try:
        code = encode_code(STUCK_DEAL)
        open_deal(page, f"{site.url}#deal={code}&preset=standard", code)
        touch(page, ".actions [data-action=hint]")
        page.wait_for_selector("main [data-notice=hint]")
        open_by_touch(page, "menu")
        assert page.evaluate(NOTICES_IN_PANEL) == [], "the hint shows in the Menu"
        close_by_touch(page, "menu")
        for move in stuck_line(STUCK_DEAL, "standard"):
            touch_move(page, move)
        result = page.locator("[data-testid=result]")
        result.wait_for(state="visible")
        settled(page, "[data-testid=result]")  # its opening run to its end, as a player sees it
        touch(page, "[data-testid=result] [data-action=close-result]")
        result.wait_for(state="hidden")
        page.wait_for_function(TABLE_LINE_SHOWN, polling=100)
        shown = page.evaluate(TABLE_NOTICES)  # the game's line, its result a tap away
        assert len(shown) == 1 and shown[0]["covers"] == [], shown
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"table-with-the-result-line-{size}.png"))
        for panel in PANELS:
            open_by_touch(page, panel)
            name = "reader" if panel == "read" else panel
            page.locator(f"[data-testid={name}]").wait_for(state="visible")
            assert page.evaluate(NOTICES_IN_PANEL) == [], f"a game's notice shows in {panel}"
            close_by_touch(page, name)
        page.locator("main [data-notice=over]").wait_for(state="visible")  # still with the game
        if size == "phone":
            open_by_touch(page, "stats")  # a pending notice waits on the table meanwhile
            page.locator("[data-testid=stats]").wait_for(state="visible")
            settled(page, "[data-testid=stats]")
            SHOTS.mkdir(parents=True, exist_ok=True)
            for shot in ("phone", "small"):
                resize(page, *WINDOWS[shot])
                page.screenshot(path=str(SHOTS / f"panel-with-a-pending-notice-{shot}.png"))
    finally:
        context.close()


# -- the same figures everywhere -----------------------------------------------------------


def test_a_loss_still_pending_reads_the_same_in_the_result_and_in_statistics(warm_context, site):
    context, page = opened(warm_context, "phone")
    try:
        lose(page, site)
        said = page.locator("[data-testid=result-pending]")
        assert said.is_visible()
        touch(page, "[data-testid=result-more-toggle]")
        chips = page.locator("[data-testid=result-stats] .changes").text_content()
        assert "Won0 of 1" in chips
        words = said.text_content()
        touch(page, "[data-testid=result] [data-action=close-result]")
        open_by_touch(page, "stats")
        page.locator("[data-testid=stats]").wait_for(state="visible")
        figures = dict(page.evaluate("""() => [...document.querySelectorAll(
            '[data-testid=stats-grid] > div')].map(d => [d.querySelector('dt').textContent,
            d.querySelector('dd').textContent])"""))
        assert (figures["Played"], figures["Won"]) == ("1", "0"), figures
        assert page.locator("[data-testid=stats-pending]").text_content() == words
        assert page.locator("[data-testid=stats-pending]").is_visible()
    finally:
        context.close()


# -- the result screen on a phone ------------------------------------------------------------


# The result panel at rest: whether it fits the window with nothing to scroll, and
# which of its visible parts overlap (its buttons included).
PANEL_AT_REST = """() => {
    const d = document.querySelector('[data-testid=result]');
    const r = d.getBoundingClientRect();
    const parts = [...d.querySelectorAll(
        'h2, .tile:not([hidden]), .callout, [data-testid=result-pending], summary, '
        + '.result-actions button')]
        .filter(el => el.checkVisibility()).map(el => [el, el.getBoundingClientRect()]);
    const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
        && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const clash = [];
    parts.forEach(([a, ra], i) => parts.slice(i + 1).forEach(([b, rb]) => {
        if (!a.contains(b) && !b.contains(a) && over(ra, rb))
            clash.push(`${a.className || a.tagName} / ${b.className || b.tagName}`);
    }));
    const order = parts.map(([el]) => el.matches('h2') ? 'title'
        : el.matches('.tile.score') ? 'score' : null).filter(Boolean);
    return {inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5
                    && r.bottom <= innerHeight + 0.5,
            scrolls: d.scrollHeight > d.clientHeight + 1, clash, order,
            heights: [d.scrollHeight, d.clientHeight],
            more: d.querySelector('details')?.open ?? true};
}"""
# The score's labels rising from the waste (two bonuses of one move), at each moment of
# their flight, and the celebration's words against the waste the cards fly from.
CELEBRATION = """() => {
    const labels = [...document.querySelectorAll('.float')];
    const moments = [];
    for (let t = 0; t <= 1400; t += 100) {
        for (const l of labels) for (const a of l.getAnimations()) { a.pause(); a.currentTime = t; }
        const boxes = labels.map(l => l.getBoundingClientRect());
        const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
            && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
            if (over(a, b)) moments.push(t); }));
    }
    const words = document.querySelector('.celebration-words').getBoundingClientRect();
    const waste = document.querySelector('[data-testid=waste]').getBoundingClientRect();
    return {labels: labels.map(l => l.textContent), overlapping: moments,
            wordsAboveCards: words.bottom <= waste.top + 0.5, wordsInside: words.left >= 0
                && words.right <= innerWidth + 0.5};
}"""


def check_panel(page, size: str) -> None:
    settled(page, "[data-testid=result]")
    shape = page.evaluate(PANEL_AT_REST)
    assert shape["inside"] and not shape["scrolls"], (size, shape["heights"], shape)
    assert shape["clash"] == [], (size, shape["clash"])
    assert shape["order"][:2] == ["title", "score"], (size, shape["order"])
    assert not shape["more"]  # the rest a tap away


def test_the_win_leads_with_the_score_its_labels_apart_and_fits_every_size(
        warm_context, site):
    context, page = opened(warm_context, "phone")
    try:
        line = win_to_the_last_card(page, site)
        touch_card(page, f"[data-slot='{line[-1]}']")
        page.wait_for_function("() => document.querySelectorAll('.float').length >= 2"
                               " && document.querySelector('.celebration-words')")
        shown = page.evaluate(CELEBRATION)
        assert shown["overlapping"] == [], shown
        assert shown["wordsAboveCards"] and shown["wordsInside"], shown
        page.evaluate("() => document.querySelectorAll('.float').forEach(l => l.remove())")
        result = page.locator("[data-testid=result]")
        result.wait_for(state="visible")
        page.wait_for_selector("[data-testid=breakdown] tr.par", state="attached", timeout=60_000)
        page.wait_for_function("() => document.querySelector('[data-testid=ai-results] tbody')"
                               ".children.length === 4", timeout=60_000)
        SHOTS.mkdir(parents=True, exist_ok=True)
        for size in ("phone", "small", "landscape", "desktop"):
            resize(page, *WINDOWS[size])
            check_panel(page, size)
            if size in ("phone", "small"):
                page.screenshot(path=str(SHOTS / f"result-win-{size}.png"))
        resize(page, *WINDOWS["phone"])
        touch(page, "[data-testid=result-more-toggle]")  # the rest: one tap
        page.locator("[data-testid=breakdown] tr.par").wait_for(state="visible")
        page.locator("[data-testid=ai-results] tbody tr").first.scroll_into_view_if_needed()
        assert page.locator("[data-testid=ai-results] tbody tr").first.is_visible()
        page.screenshot(path=str(SHOTS / "result-win-more-phone.png"))
    finally:
        context.close()


def test_the_loss_leads_with_the_outcome_and_fits_every_size(warm_context, site):
    context, page = opened(warm_context, "phone")
    try:
        lose(page, site)
        page.wait_for_function("() => /Lost at move/.test(document.querySelector("
                               "'[data-testid=analysis]').textContent)", timeout=60_000)
        for size in ("phone", "small", "landscape", "desktop"):
            resize(page, *WINDOWS[size])
            check_panel(page, size)
            assert page.locator("[data-testid=result] .callout [data-testid=replay]").is_visible()
            if size in ("phone", "small"):
                page.screenshot(path=str(SHOTS / f"result-loss-{size}.png"))
    finally:
        context.close()


# -- the hint and the notices on the table ---------------------------------------------------


def blocked_card(game: Game) -> int:
    """A face-up peak card that does not go on the waste now."""
    view = game.view()
    legal = set(game.legal_moves())
    return next(i for i, s in enumerate(view["slots"])
                if s["face_up"] and not s["removed"] and i not in legal)


@pytest.mark.parametrize("size", SIZES)
def test_a_hint_is_a_highlight_and_a_short_line_and_notices_never_cover_cards(
        warm_context, site, size):
    context, page = opened(warm_context, size)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.origin)
    page.clock.install()  # the notices' own time is jumped over
    try:
        number = 5
        code = encode_code(number)
        open_deal(page, f"{site.url}#deal={code}", code)
        game = Game.new(number)
        touch(page, ".actions [data-action=hint]")
        page.wait_for_selector("[data-hint]", state="attached")
        hinted = page.evaluate(
            "() => document.querySelector('[data-hint]').dataset.slot ?? 'stock'")
        shown = page.evaluate(TABLE_NOTICES)
        assert len(shown) == 1 and shown[0]["lines"] == 1, shown
        assert shown[0]["text"].startswith("Hint: ") and "point" not in shown[0]["text"], shown
        assert shown[0]["covers"] == [], shown
        # A refused tap: its reason replaces the hint's line, over no card.
        touch_card(page, f"[data-slot='{blocked_card(game)}']")
        page.wait_for_selector("main [data-notice=move]")
        shown = page.evaluate(TABLE_NOTICES)
        assert len(shown) == 1 and shown[0]["covers"] == [], shown
        # The next move: the game's notices go.
        touch_move(page, DRAW if hinted == "stock" else int(hinted))
        next_frame(page)
        assert page.evaluate(TABLE_NOTICES) == []
        # A link copied: said in two words, and soon gone.
        open_by_touch(page, "share")
        page.wait_for_selector("[data-notice=share]")
        assert page.locator("[data-notice=share] p").text_content() == "Link copied."
        page.clock.fast_forward(4000)
        page.wait_for_selector("[data-notice=share]", state="detached")
    finally:
        context.close()
