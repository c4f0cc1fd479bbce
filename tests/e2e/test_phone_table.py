"""The table on a phone, touched with a finger: cards as big as the screen
allows, forgiving taps, one status line per preset, notices that cover nothing,
and words that are right (plurals, the stuck message, light checkboxes)."""

from __future__ import annotations

import pytest

from tests.e2e.app import SILENT_ENGINE, click_move, hurry, open_app, open_panel, settled, wait_text
from tests.e2e.lines import stuck_line
from tests.e2e.touch import PHONES, centre, phone_context, tap
from tests.e2e.windows import windows
from tripeaks.deals import encode_code
from tripeaks.game import Game
from tripeaks.rules import preset_rules

LEFT = 18  # the leftmost card of the base row
TARGET = 44  # px, Apple's and Google's least touch target


def left_deal() -> int:
    return next(n for n in range(5000) if LEFT in Game.new(n).legal_moves())


def table_share(page) -> float:
    """The share of the play area (between the status line and the buttons)
    that the peaks and the stock-and-waste row take, the gap between left out."""
    return page.evaluate("""() => {
        const m = document.querySelector('main').getBoundingClientRect();
        const p = document.querySelector('.peaks').getBoundingClientRect();
        const q = document.querySelector('.pile').getBoundingClientRect();
        return (p.height + q.height) / m.height;
    }""")


@pytest.fixture(params=list(PHONES))
def phone(request, warm_context):
    width, height = PHONES[request.param]
    context = phone_context(warm_context, width, height)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


def test_cards_fill_the_table_and_a_tap_beside_a_playable_card_plays_it(phone, site):
    page = phone
    number = left_deal()
    open_app(page, site.url + "#deal=" + encode_code(number))
    assert table_share(page) > 0.5
    width = page.viewport_size["width"]
    card = page.locator(f"[data-slot='{LEFT}']").bounding_box()
    assert card["width"] >= 0.115 * width  # the ten-card base row spans the screen
    # Taps up to 22 px from the card's centre, left, above and below (right is
    # its neighbour's), play it even where the card is narrower than 44 px.
    x, y = centre(page, f"[data-slot='{LEFT}']")
    half = TARGET / 2 - 1
    for dx, dy in ((-half, 0), (0, -half), (0, half), (-half, half)):
        tap(page, x + dx, y + dy)
        wait_text(page, "moves", "^Moves 1$")
        tap(page, *centre(page, ".actions [data-action=undo]"))
        wait_text(page, "moves", "^Moves 0$")
        page.wait_for_function("() => document.getAnimations().length === 0")  # the card is back
    # The buttons and the stock are big enough for a thumb.
    for selector in (".actions button:not([hidden])", "[data-testid=stock]", "[data-testid=clock]"):
        for box in (b.bounding_box() for b in page.locator(selector).all() if b.is_visible()):
            assert box["width"] >= TARGET - 0.5 and box["height"] >= TARGET - 0.5, selector
    # On one row, each word inside its button, each figure's name inside its box
    # ("Restart" ran 3 px past both edges of its button at 320 px).
    assert page.evaluate(SPILLS) == []
    rows = page.evaluate("""() => new Set([...document.querySelectorAll('.actions button')]
        .filter((b) => b.checkVisibility()).map((b) => Math.round(b.getBoundingClientRect().top)))
        .size""")
    assert rows == 1


# Words that run past the edges of their button or their figure's box.
SPILLS = """() => [...document.querySelectorAll('.actions button .label, .status .stat .k')]
    .filter((e) => e.checkVisibility()).filter((e) => {
        const box = e.closest('button, .stat'), r = e.getBoundingClientRect();
        const b = box.getBoundingClientRect(), cs = getComputedStyle(box);
        return r.left < b.left + parseFloat(cs.borderLeftWidth) - 0.5
            || r.right > b.right - parseFloat(cs.borderRightWidth) + 0.5; })
    .map((e) => e.textContent)"""


def test_a_notice_never_moves_the_table(phone, site):
    """The notices' band is kept when empty: the peaks sit where they will stay
    (under the status line), and a message coming or going moves no card."""
    page = phone
    open_app(page, site.url + "#deal=" + encode_code(5))
    where = "s => [document.querySelector(s).getBoundingClientRect().top]"
    before = [page.evaluate(where, s) for s in (".peaks", ".pile")]
    status = page.evaluate("document.querySelector('.status').getBoundingClientRect().bottom")
    peaks_top = before[0][0]
    assert peaks_top - status < 0.22 * page.viewport_size["height"]  # no wide felt above
    legal = Game.new(5).legal_moves()
    unplayable = next(slot for slot in range(LEFT, 28) if slot not in legal)
    tap(page, *centre(page, f"[data-slot='{unplayable}']"))  # a notice says why not
    page.wait_for_selector("[data-testid=notices] .notice")
    assert [page.evaluate(where, s) for s in (".peaks", ".pile")] == before


# What the element ``over`` lies on, of the elements ``selector`` finds (their slot,
# test id or action).
COVERED = """([over, selector]) => {
    const bar = document.querySelector(over).getBoundingClientRect();
    return [...document.querySelectorAll(selector)].filter((c) => {
        const r = c.getBoundingClientRect();
        return r.width && r.left < bar.right && bar.left < r.right
            && r.top < bar.bottom && bar.top < r.bottom;
    }).map((c) => c.dataset.slot || c.dataset.testid || c.dataset.action);
}"""


BOOT_LAYOUT = """(words) => {
    if (words) {  // the longest line, and taps waiting for the engine
        document.querySelector('.boot-text').textContent = words;
        const waiting = document.querySelector('.boot-waiting');
        waiting.hidden = false;
        waiting.textContent = '3 moves waiting';
    }
    const top = (s) => Math.round(document.querySelector(s).getBoundingClientRect().top);
    return {peaks: top('.peaks'), pile: top('.pile'),
            toolbar: document.querySelector('.actions').getBoundingClientRect().bottom,
            page: document.documentElement.scrollHeight};
}"""


# The toolbar's buttons that lie (partly) outside the window or are under ``target`` px.
TOOLBAR_OUTSIDE = """(target) => [...document.querySelectorAll('.actions button')]
    .filter((b) => b.checkVisibility()).filter((b) => {
        const r = b.getBoundingClientRect();
        return r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5
            || r.width < target - 0.5 || r.height < target - 0.5; })
    .map((b) => b.dataset.action)"""


@pytest.mark.parametrize("size", windows("small", "phone", "landscape", "small-landscape").values())
def test_the_boot_line_moves_no_card_and_keeps_the_toolbar_in_the_window(warm_context, site, size):
    """While the engine starts, its bar and words (the longest: a first visit's download,
    with taps waiting) sit where the notices go: over no card and no button, the cards
    where they stay once it is ready, the toolbar in the window, nothing to scroll; once
    ready, every toolbar button in the window."""
    width, height = size
    context = phone_context(warm_context, width, height)
    try:
        booting = context.new_page()
        booting.add_init_script(SILENT_ENGINE)  # the boot line stays up
        booting.goto(site.url)
        booting.wait_for_selector("[data-testid=boot] progress")
        longest = "Downloading the game for offline play… 6.5 of 6.7 MB"
        during = booting.evaluate(BOOT_LAYOUT, longest)
        assert during["page"] <= height and during["toolbar"] <= height + 0.5, during
        under = booting.evaluate(COVERED, ["[data-testid=boot]",
                                           "[data-slot], .pile .card, .actions button"])
        assert under == [], (under, during)
        ready = context.new_page()
        open_app(ready, site.url)
        after = ready.evaluate(BOOT_LAYOUT, None)
        assert (during["peaks"], during["pile"]) == (after["peaks"], after["pile"]), (during, after)
        # Every button of the toolbar in the window, thumb-sized (on a 568x320 phone on
        # its side, Menu wrapped into a second column beyond the right edge).
        outside = ready.evaluate(TOOLBAR_OUTSIDE, TARGET)
        assert outside == [], outside
    finally:
        context.close()


def status_figures(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('.status .stat')]
        .filter(el => !el.hidden && !['deal', 'rating', 'clock'].includes(el.dataset.testid))
        .map(el => el.querySelector('.k').textContent)""")


def test_one_status_line_shows_only_what_the_preset_scores(phone, site):
    page = phone
    expect = {"standard": ["Score", "Streak", "Moves", "Cards left"],
              "countdown": ["Score", "Moves", "Cards left"],
              "relaxed": ["Moves", "Cards left"]}
    for preset, figures in expect.items():
        open_app(page, f"{site.url}#deal=77&preset={preset}")
        page.wait_for_function("p => document.querySelector('[data-testid=preset]')"
                               ".textContent.toLowerCase().includes(p)", arg=preset)
        assert status_figures(page) == figures, preset
        # One line: every figure and the clock share a row (the deal's code and class
        # sit with the title).
        tops = page.evaluate("""() => [...document.querySelectorAll('.status .stat')]
            .filter(el => !el.hidden && !['deal', 'rating'].includes(el.dataset.testid))
            .map(el => Math.round(el.getBoundingClientRect().top))""")
        assert len(set(tops)) == 1, tops
    # Relaxed statistics: no best score, no card streak; Standard says what it counts.
    open_panel(page, "stats")
    page.select_option("[data-testid=stats-preset]", "relaxed")
    grid = page.locator("[data-testid=stats-grid]").text_content()
    assert "Best score" not in grid and "card streak" not in grid
    page.select_option("[data-testid=stats-preset]", "standard")
    grid = page.locator("[data-testid=stats-grid]").text_content()
    assert "Best score of a win" in grid and "Longest card streak" in grid


def test_a_finished_game_hides_the_pause_control_and_says_no_more_moves(phone, site):
    page = phone
    number = 20261130
    line = stuck_line(number, "countdown")
    open_app(page, f"{site.url}#deal={encode_code(number)}&preset=countdown")
    clock = page.locator("[data-testid=clock]")
    assert clock.is_enabled()
    assert page.evaluate("getComputedStyle(document.querySelector('[data-testid=clock]'),"
                         " '::before').display") != "none"  # the pause sign
    for move in line:
        click_move(page, move)
    result = page.locator("[data-testid=result]")
    result.wait_for(state="visible")
    assert result.locator("h2").text_content() == "No more moves available"
    game = Game.new(number, preset_rules("countdown"))
    for move in line:
        game.apply(move)
    left = game.cards_left
    assert result.locator("[data-tile=left] .tile-value").text_content() == str(left)
    assert result.locator("[data-tile=left] .tile-label").text_content() == "Cards left"
    assert "1 cards" not in result.text_content() and "1 moves" not in result.text_content()
    result.locator("[data-action=close-result]").click()
    assert clock.is_disabled()
    assert page.evaluate("getComputedStyle(document.querySelector('[data-testid=clock]'),"
                         " '::before').display") == "none"
    page.click(".actions [data-action=menu]")
    assert not page.locator("[data-testid=menu] [data-action=pause]").is_visible()


def test_notices_cover_nothing_in_panels_and_go_by_themselves(phone, site):
    page = phone
    page.clock.install()  # the notice's own time is jumped over (hurry)
    open_app(page, site.url + "#deal=" + encode_code(5))
    # An error notice (a bad link) goes away by itself.
    page.evaluate("location.hash = '#deal=not-a-deal'")
    page.wait_for_selector("[data-testid=notices] .notice.error")
    hurry(page, "!document.querySelector('[data-testid=notices] .notice.error')", 1000, 60)
    # A notice shown while a panel is open lies over none of its text or buttons.
    open_panel(page, "rules")
    page.locator("[data-testid=rules]").wait_for(state="visible")
    page.evaluate("document.querySelector('[data-testid=rules] [data-close]').focus()")
    page.keyboard.press("h")  # a hint's message while Rules is open
    page.evaluate("""() => { const n = document.querySelector('[data-testid=notices]');
        if (!n.querySelector('.notice')) { const d = document.createElement('div');
        d.className = 'notice'; d.innerHTML = '<p>A message for the player.</p>';
        n.append(d); } }""")
    covered = page.evaluate("""() => {
        const boxes = [...document.querySelectorAll('.notice')].map(n => n.getBoundingClientRect());
        const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
            && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        const parts = [...document.querySelectorAll(
            'dialog[open] :is(p, li, h2, button, input, select)')]
            .filter(el => !el.closest('.notice') && el.offsetParent !== null);
        return parts.filter(el => boxes.some(b => over(b, el.getBoundingClientRect())))
            .map(el => el.outerHTML.slice(0, 60));
    }""")
    assert covered == []


def test_unticked_checkboxes_in_options_look_unticked(phone, site):
    page = phone
    open_app(page, site.url + "#deal=" + encode_code(5))
    open_panel(page, "options")
    box = page.locator("[data-testid=options] input[type=checkbox]:not(:checked)").first
    box.scroll_into_view_if_needed()
    # Drawn in the light scheme of the panel it sits on: an empty white square
    # (the page's dark scheme drew it as a dark square that read as ticked).
    assert box.evaluate("el => getComputedStyle(el).colorScheme") == "light"


@pytest.mark.parametrize("size", [
    *windows("small", "phone", "landscape", "small-landscape").values(),
    (667, 375), (732, 412),  # an iPhone 8 and a Pixel on their side
])
def test_the_watch_ai_bar_fits_the_screen_and_keeps_off_the_cards(warm_context, site, size):
    """Its controls all on the screen (Stop reachable without scrolling), over no card.
    Upright, in at most two rows above the toolbar (at 320x568 it lay over the toolbar and
    the foot of the stock and waste). On its side, a column at the left edge, off the
    toolbar at the right (beside the waste, it lay over the base row at 568x320 and 667x375
    and over the waste at 732x412; over the toolbar, it hid Menu)."""
    width, height = size
    context = phone_context(warm_context, width, height)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        open_app(page, site.url)
        tap(page, *centre(page, ".actions [data-action=menu]"))
        page.wait_for_selector("[data-testid=menu][open]")
        tap(page, *centre(page, "[data-testid=menu] [data-action=watch]"))
        page.wait_for_selector(".watch:not([hidden])")
        controls = page.evaluate("""() => [
            ...document.querySelectorAll('.watch button, .watch select')]
            .filter((e) => e.checkVisibility()).map((e) => {
                const r = e.getBoundingClientRect();
                return [e.textContent.trim().slice(0, 12), r.top, r.bottom, r.left, r.right]; })""")
        assert any(name.startswith("Stop") for name, *_ in controls)
        for name, top, bottom, left, right in controls:
            assert top >= 0 and bottom <= height and left >= 0 and right <= width, (name, controls)
        if width > height:  # a column at the left edge
            assert all(right <= 0.2 * width for *_, right in controls), controls
        else:
            assert len({round(top) for _, top, *_ in controls}) <= 2, controls  # two rows at most
        assert page.evaluate(COVERED, [".watch", "[data-slot]"]) == []
        pile = "[data-testid=stock], [data-testid=waste]"
        assert page.evaluate(COVERED, [".watch", pile]) == []
        assert page.evaluate(COVERED, [".watch", ".actions button"]) == []
        assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight + 1")
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080), (768, 1024)])
def test_on_a_computer_the_watch_strip_keeps_the_toolbar_in_the_window_and_notices_off_it(
        warm_context, site, size):
    """Laptops and a tablet: the strip takes a row (or two, as its controls wrap) and the
    table gives up that height, so the toolbar stays in the window (at 1280x720 it ran
    50 px below it); a notice comes above the strip, never over its buttons (one covered
    "Play this deal" and "Compare & race" for 15 s)."""
    width, height = size
    context = warm_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        open_app(page, site.url)
        open_panel(page, "watch")
        page.wait_for_selector(".watch:not([hidden])")
        page.evaluate("""() => tripeaks.notices.show('The AI plays this deal: a notice long enough'
            + ' to take two lines', { id: 'probe', action: { label: 'Do it', run: () => {} } })""")
        page.wait_for_function("""() => getComputedStyle(document.documentElement)
            .getPropertyValue('--strip') !== ''""")  # the strip measured
        settled(page, "html")
        assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight + 1")
        for selector in (".actions button", ".watch button:not([hidden]), .watch select"):
            hidden = page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
                .filter((e) => e.checkVisibility({ visibilityProperty: true })).filter((e) => {
                    const r = e.getBoundingClientRect();
                    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                    return r.bottom > innerHeight || !hit || !e.contains(hit); })
                .map((e) => e.textContent.trim())""", selector)
            assert hidden == [], (selector, hidden)
    finally:
        context.close()
