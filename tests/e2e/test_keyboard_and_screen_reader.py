"""A blind player's game, by keyboard alone, reading only what a screen reader
gets: the accessibility tree (Playwright's aria snapshots) and the live regions.
Also the keys that ask first, the verbosity setting, the low-vision card size and
highlight, and axe-core on the grid."""

from __future__ import annotations

import re

import pytest

from tests.e2e.accessibility import (
    OUTLINE,
    SPOKEN,
    audit,
    said,
    spoken,
    spoken_log,
    wait_said,
)
from tests.e2e.app import (
    DRAW,
    FOCUS,
    POSITION,
    card_said,
    focused,
    next_frame,
    open_app,
    open_panel,
    walk_to,
)
from tests.e2e.lines import winnable_deal
from tests.e2e.touch import phone_context
from tests.e2e.windows import windows
from tripeaks.deals import encode_code
from tripeaks.game import Game


def test_a_whole_game_by_keyboard_reading_only_the_accessibility_tree(page, site):
    number, code, line = winnable_deal()
    game = Game.new(number)
    open_app(page, f"{site.url}#deal={code}")
    grid = page.get_by_role("grid", name="Peaks")
    # 1. A grid of 4 rows by 10 columns, empty cells where no card lies.
    rows = grid.get_by_role("row")
    assert rows.count() == 4
    assert [rows.nth(i).get_by_role("gridcell").count() for i in range(4)] == [10] * 4
    tree = grid.aria_snapshot()
    assert 'gridcell "Empty, row 1 column 1"' in tree
    # A face-down card says what covers it; a bottom card where it is and what it does.
    assert 'button "Face-down card, row 1 column 2, covered by 2 face-down cards"' in tree
    view = game.view()
    playable = next(s for s in view["slots"] if s["fits"])
    name = card_said(playable["card"])
    assert f'button "{name}, row 4 column {playable["column"] + 1}, playable' in tree
    # One cell of the grid in the tab order (a roving tabindex): Tab goes in, then out to the stock.
    page.locator("main").focus()
    page.keyboard.press("Tab")
    assert "playable" in focused(page) and POSITION.search(focused(page))
    page.keyboard.press("Tab")
    assert "Stock" in focused(page)
    page.keyboard.press("Shift+Tab")
    spoken_log(page)
    for i, move in enumerate(line):
        before = view
        if move == DRAW:
            page.keyboard.press("d")
            game.apply(move)
            view = game.view()
            text = wait_said(page, f"^Drew the {card_said(view['waste']['card'])}\\.")
            # 4. After a draw: which cards are now playable (or that none is).
            assert "Playable: " in text or "No card fits" in text
        else:
            slot = before["slots"][move]
            walk_to(page, slot["row"] + 1, slot["column"] + 1)
            assert "playable" in focused(page) and card_said(slot["card"]) in focused(page)
            page.keyboard.press("Enter" if i % 2 else "Space")  # 3. both play the focused card
            game.apply(move)
            view = game.view()
            if not view["over"]:
                played = card_said(slot["card"])
                wait_said(page, f"^Played the {played}, row {slot['row'] + 1} column "
                                f"{slot['column'] + 1}\\.")
                # 1. The played card's cell stays, empty: positions never shift.
                assert (f'gridcell "Played, row {slot["row"] + 1} column {slot["column"] + 1}"'
                        in grid.aria_snapshot())
        if not view["over"]:
            # 3. Focus never falls to the page.
            assert page.locator(FOCUS).count() == 1 and focused(page).startswith("- ")
            assert page.evaluate("() => document.activeElement !== document.body")
    result = page.get_by_role("dialog", name="You cleared the peaks!")
    result.wait_for(state="visible")
    # 4. No announcement said twice in a row.
    log = spoken(page)
    assert all(a != b for a, b in zip(log, log[1:], strict=False)), log


def test_keys_that_ask_and_one_letter_keys_that_can_be_turned_off(page, site):
    number, code, line = winnable_deal()
    game = Game.new(number)
    view = game.view()
    open_app(page, f"{site.url}#deal={code}")
    page.locator("main").focus()
    # 2. W the waste, S the figures, L the playable cards, B the board with positions.
    page.keyboard.press("w")
    assert wait_said(page, "^Waste") == f"Waste: {card_said(view['waste']['card'])}."
    page.keyboard.press("s")
    text = wait_said(page, "^Score")
    assert "stock 23 cards" in text and "28 cards left on the table" in text
    page.keyboard.press("l")
    text = wait_said(page, "^Playable")
    for s in view["slots"]:
        if s["fits"]:
            assert f"{card_said(s['card'])}, row 4 column {s['column'] + 1}" in text
    page.keyboard.press("b")
    text = wait_said(page, "^Row 1")
    assert text.startswith("Row 1: column 2 face-down card; column 5 face-down card")
    assert f"Row 4: column 1 {card_said(view['slots'][18]['card'])}" in text
    # The Read the board panel shows the very words B says, for one board.
    open_panel(page, "read")
    assert page.locator("[data-testid=reader-text]").text_content() == text
    page.keyboard.press("Escape")
    page.locator("main").focus()
    # The Rules panel lists every key, in its section for a keyboard (closed until opened).
    open_panel(page, "rules")
    page.keyboard.press("Tab")  # from the panel's title to the Keys section
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=rules-keys-section][open]")
    keys = page.get_by_role("dialog", name="How to play").aria_snapshot()
    for words in ("W reads the waste", "S the score", "L the cards you can play",
                  "B the whole board", "Home and End", "Enter or Space plays the focused card",
                  "Space when no card has focus", "turn them off"):
        assert words in keys, words
    page.keyboard.press("Escape")
    # One-letter keys off (WCAG 2.1.4): D draws nothing, W says nothing; Ctrl+Z still undoes.
    open_panel(page, "options")
    page.get_by_role("combobox", name="One-letter keys").select_option("off")
    page.keyboard.press("Escape")
    page.locator("main").focus()
    stock = page.get_by_role("button", name=re.compile("^Stock"))
    assert 'button "Stock: 23 cards' in stock.aria_snapshot()
    page.keyboard.press("d")
    page.keyboard.press("w")
    next_frame(page)  # W's words would be in the live region by now
    assert 'button "Stock: 23 cards' in stock.aria_snapshot()
    assert not said(page).startswith("Waste")
    stock.focus()
    page.keyboard.press("Enter")  # Enter on the stock still draws
    page.wait_for_function("() => /Stock: 22/.test(document.querySelector('[data-testid=stock]')"
                           ".getAttribute('aria-label'))")
    page.keyboard.press("Control+z")
    # Moves are played in turn: had D drawn, Enter would have drawn the second stock
    # card and Undo would put that one back, not the first.
    game.apply(DRAW)
    first = re.escape(card_said(game.view()["waste"]["card"]))
    wait_said(page, f"^Undone: the {first} is back in the stock")
    # Only on the table: keys act there, not on the toolbar.
    open_panel(page, "options")
    page.get_by_role("combobox", name="One-letter keys").select_option("table")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Undo").focus()
    page.keyboard.press("w")
    next_frame(page)
    assert not said(page).startswith("Waste")
    page.locator("main").focus()
    page.keyboard.press("w")
    wait_said(page, "^Waste")


def drawn_out_deal() -> int:
    """A deal whose stock can be drawn to its end with cards still to play."""
    for number in range(1, 400):
        game = Game.new(number)
        for _ in range(23):
            game.apply(DRAW)
        if not game.over:
            return number
    raise AssertionError("no such deal")


def test_focus_never_falls_to_the_page_when_the_stock_runs_out(page, site):
    number = drawn_out_deal()
    open_app(page, f"{site.url}#deal={encode_code(number)}")
    stock = page.get_by_role("button", name=re.compile("^Stock"))
    stock.focus()
    for left in range(22, -1, -1):
        page.keyboard.press("Enter")  # 3. Enter on the stock draws; focus stays while it lasts
        page.wait_for_function(
            "n => document.querySelector('[data-testid=stock]').dataset.count === String(n)",
            arg=left)
    # The stock's last card: the stock is disabled, and focus is on a playable card of the grid.
    page.wait_for_function("() => document.activeElement.matches('[data-slot]')")
    assert page.evaluate("() => document.activeElement !== document.body")
    assert "playable" in focused(page) and POSITION.search(focused(page)), focused(page)
    # Space on a focused card plays it (as the Rules say), never draws.
    page.keyboard.press("Space")
    wait_said(page, "^Played the ")


def test_announcements_say_enough_once(page, site):
    number = next(n for n in range(1, 200)
                  if not any(s["fits"] for s in Game.new(n).view()["slots"]))
    game = Game.new(number)
    open_app(page, f"{site.url}#deal={encode_code(number)}")
    spoken_log(page)
    # A new deal: said once, not "face-down card" 18 times.
    page.locator("main").focus()
    page.keyboard.press("n")
    text = wait_said(page, "^New deal")
    assert text.lower().count("face-down card") <= 1 and "18 cards face down" in text
    open_app(page, f"{site.url}#deal={encode_code(number)}")
    spoken_log(page)
    # An illegal move names the blocking cards, and the reason is said once.
    view = game.view()
    blocked = view["slots"][9]  # the first card of row 3, under two bottom cards
    page.locator("main").focus()
    page.keyboard.press("Tab")
    walk_to(page, 3, 1)
    page.keyboard.press("Enter")
    left, right = (card_said(view["slots"][q]["card"]) for q in blocked["covered_by"])
    text = wait_said(page, "^Blocked by")
    assert text == (f"Blocked by the {left} and the {right} (row 4 column 1 and row 4 column 2).")
    next_frame(page)
    # Said by the notice, not by the status too.
    assert sum("This card is blocked." in t for t in spoken(page)) == 1
    # After a draw: which cards are now playable.
    page.keyboard.press("d")
    game.apply(DRAW)
    text = wait_said(page, "^Drew")
    fits = [s for s in game.view()["slots"] if s["fits"]]
    if fits:
        named = [f"{card_said(s['card'])}, row 4 column {s['column'] + 1}" for s in fits]
        assert all(one in text for one in named), text
    else:
        assert "No card fits: draw from the stock." in text
    # Undo names what came back and the waste card.
    page.keyboard.press("u")
    text = wait_said(page, "^Undone")
    back = card_said(game.view()["waste"]["card"])
    assert text.startswith(f"Undone: the {back} is back in the stock. "
                           f"Waste: {card_said(view['waste']['card'])}.")
    # A hint is said once: by its notice, not again by the status.
    page.keyboard.press("h")
    page.wait_for_selector("[data-notice=hint]")
    next_frame(page)  # the notice's words, and any the status would add, are said by now
    hint = page.locator("[data-notice=hint] p").text_content()
    first = re.sub(r"^Fair hint: ", "", hint).split(".")[0]  # "Play the 7 of spades", "Draw ..."
    assert sum(first in t for t in spoken(page)) == 1, spoken(page)
    assert first not in said(page)


def test_the_clocks_name_holds_still_while_it_has_focus(page, site):
    """Item 4: a screen reader on the clock hears its name once, not every second."""
    open_app(page, f"{site.url}#deal={encode_code(5)}")
    page.locator("main").focus()
    page.keyboard.press("d")  # the clock runs from the first move
    clock = page.locator("[data-testid=clock]")
    page.wait_for_function("() => document.querySelector('[data-testid=clock]')"
                           ".textContent !== '0:00'")
    clock.focus()
    name = clock.get_attribute("aria-label")
    shown = clock.text_content()
    page.wait_for_function("t => document.querySelector('[data-testid=clock]')"
                           ".textContent !== t", arg=shown)  # a second later, on screen
    assert clock.get_attribute("aria-label") == name
    assert re.fullmatch(r"Time \d+:\d\d\. Pause", name), name
    # Off the clock, its name keeps time again.
    page.locator("main").focus()
    page.wait_for_function("n => document.querySelector('[data-testid=clock]')"
                           ".getAttribute('aria-label') !== n", arg=name)


def test_the_boot_status_speaks_a_few_times(browser, site):
    context = browser.new_context()
    context.add_init_script(script=SPOKEN)
    page = context.new_page()
    try:
        open_app(page, site.url)  # a first visit: the files are saved for offline play
        next_frame(page)
        log = [t for t in page.evaluate("() => window.__spoken") if not t.startswith("New deal")]
        log = [t for i, t in enumerate(log) if not i or t != log[i - 1]]  # what changed
        # 5. A few steps, each said once (not each file or megabyte of the download).
        assert 1 <= len(log) <= 8, log
    finally:
        context.close()


def test_short_and_full_verbosity(page, site):
    number, code, _ = winnable_deal()
    view = Game.new(number).view()
    open_app(page, f"{site.url}#deal={code}")
    grid = page.get_by_role("grid", name="Peaks")
    card = next(s for s in view["slots"] if s["fits"])
    named = f'"{card_said(card["card"])}, row 4 column {card["column"] + 1}, playable'
    assert named in grid.aria_snapshot()
    open_panel(page, "options")
    page.get_by_role("combobox", name="Announce").select_option("short")  # 7.
    page.keyboard.press("Escape")
    tree = grid.aria_snapshot()
    assert f'button "{card_said(card["card"])}, playable"' in tree
    assert "row 4" not in tree.split("gridcell")[-1]
    assert 'button "Face-down card, covered"' in tree
    page.locator("main").focus()
    page.keyboard.press("l")
    text = wait_said(page, "^Playable")
    assert "row" not in text and card_said(card["card"]) in text


def test_low_vision_card_size_hint_look_and_playable_highlight(page, site):
    number, code, _ = winnable_deal()
    # A wide, short window: the height decides the cards' size (page zoom no longer
    # shrinks them: tests/e2e/test_screen_reader_results_and_low_vision.py), and Card
    # size makes them larger.
    page.set_viewport_size({"width": 1440, "height": 640})
    open_app(page, f"{site.url}#deal={code}")
    width = page.locator("[data-slot='18']").bounding_box()["width"]
    open_panel(page, "options")
    page.get_by_role("combobox", name="Card size").select_option("larger")  # 6.
    page.get_by_role("checkbox", name="Highlight playable cards").check()
    page.keyboard.press("Escape")
    assert page.locator("[data-slot='18']").bounding_box()["width"] > width * 1.1
    shadow = page.locator("[data-slot][data-playable]").first.evaluate(
        "e => getComputedStyle(e).boxShadow")
    assert "rgb(10, 125, 71)" in shadow
    # The hint's look is not the focus ring.
    page.locator("main").focus()
    page.keyboard.press("h")
    hinted = page.locator("[data-hint]")
    hinted.wait_for(state="attached")
    ring = page.locator(":focus").evaluate(OUTLINE)  # the hinted card takes focus
    page.keyboard.press("Tab")  # then leaves it
    hint_style = hinted.evaluate(OUTLINE)
    assert hint_style != ring and hint_style.startswith("dashed")


@pytest.mark.parametrize("size", windows("phone", "desktop").values())
@pytest.mark.parametrize("theme", ["felt", "dark"])
def test_axe_finds_nothing_on_the_grid(warm_context, site, axe_source, size, theme):
    width, height = size
    context = (phone_context(warm_context, width, height) if width < 900
               else warm_context(viewport={"width": width, "height": height}))
    context.add_init_script(script=axe_source)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        number, code, line = winnable_deal()
        open_app(page, f"{site.url}#deal={code}")
        if theme == "dark":
            open_panel(page, "options")
            page.get_by_role("combobox", name="Theme").select_option("dark")
            page.keyboard.press("Escape")
        assert page.get_by_role("grid", name="Peaks").count() == 1
        assert audit(page) == []
        first = next(m for m in line if m != DRAW)
        page.click(f"[data-slot='{first}']")
        page.wait_for_function("s => document.querySelector(`[data-slot='${s}']`)"
                               ".hasAttribute('data-removed')", arg=first)
        page.locator("main").focus()
        page.keyboard.press("Tab")
        page.keyboard.press("Home")  # an empty cell, focused
        assert focused(page).startswith('- gridcell "Empty') or "column 1" in focused(page)
        page.keyboard.press("h")
        page.wait_for_selector("[data-notice=hint]")
        assert audit(page) == []
        open_panel(page, "options")
        page.get_by_role("dialog", name="Options").wait_for(state="visible")
        assert audit(page) == []
    finally:
        context.close()
