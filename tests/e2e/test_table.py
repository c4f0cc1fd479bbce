"""The table as a player meets it: taps, keys, the panels, the end of a game."""

from __future__ import annotations

import json
import re

from tests.e2e.app import (
    DRAW,
    SHAKES,
    board,
    click_move,
    hurry,
    next_frame,
    notices,
    open_app,
    open_panel,
    saved,
    settled,
    wait_face_up,
    wait_shaken,
    wait_text,
    walk_to,
)
from tests.e2e.lines import STUCK_DEAL, stuck_line, winnable_deal
from tripeaks.deals import encode_code
from tripeaks.game import Game


def wait_stock(page, count: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('[data-testid=stock]').dataset.count === String(n)", arg=count)


def moves_shown(page) -> int:
    return int(page.locator("[data-testid=moves]").text_content().split()[-1])


def wait_moves_and_waste(page, moves: int, card: str) -> None:
    """Wait until the status shows ``moves`` moves with ``card`` on the waste."""
    page.wait_for_function(
        """([n, card]) => document.querySelector('[data-testid=moves]').textContent.trim()
            .endsWith(' ' + n)
            && document.querySelector('[data-testid=waste]').dataset.card === card""",
        arg=[moves, card])


def test_a_card_that_cannot_be_played_shakes_and_says_why_unless_error_help_is_off(page, site):
    open_app(page, site.url + "#deal=" + encode_code(5))
    before = board(page)
    page.evaluate(SHAKES)
    page.click("[data-slot='0']")  # a face-down tip
    wait_shaken(page, 0)
    page.wait_for_selector("[data-testid=notices] .notice")
    assert "This card is blocked." in notices(page)
    assert board(page) == before
    page.locator("[data-notice=move] .close").click()
    # Error help off: the card still shakes, silently.
    open_panel(page, "options")
    page.uncheck("[data-testid=opt-error-help]")
    page.click("[data-testid=options] [data-close]")
    page.locator("[data-testid=options]").wait_for(state="hidden")
    page.click("[data-slot='1']")
    # The notice would be shown with the shake, in the same task; and said on the next frame.
    wait_shaken(page, 1)
    next_frame(page)
    assert notices(page) == [] or all("blocked" not in n for n in notices(page))
    assert saved(page, "tripeaks.options")["errorHelp"] is False


def test_a_fast_double_tap_plays_once(page, site):
    number = next(n for n in range(100) if Game.new(n).legal_moves() != [DRAW])
    open_app(page, site.url + "#deal=" + encode_code(number))
    game = Game.new(number)
    play = next(m for m in game.legal_moves() if m != DRAW)
    page.dblclick(f"[data-slot='{play}']")
    wait_text(page, "moves", "^Moves 1$")
    game.apply(play)
    assert board(page)["waste"] == game.view()["waste"]["card"]
    # Moves are played in turn: a draw now is the second move, on the stock's first card.
    # Had the second tap been played as well, the draw would be the third move.
    game.apply(DRAW)
    page.click("[data-testid=stock]")
    wait_moves_and_waste(page, 2, game.view()["waste"]["card"])
    assert moves_shown(page) == 2


def test_a_whole_game_by_keyboard_alone(page, site):
    """The arrow keys walk the peaks' grid, Enter plays, D draws (the grid itself is
    tested in test_keyboard_and_screen_reader.py); then the result panel by keyboard."""
    number, code, line = winnable_deal()
    open_app(page, f"{site.url}#deal={code}")
    game = Game.new(number)
    # A screen reader hears where each card is and whether it can be played.
    names = [page.locator(f"[data-slot='{slot}']").aria_snapshot() for slot in range(28)]
    playable = [page.locator(f"[data-slot='{slot}']").get_attribute("data-playable") is not None
                for slot in range(28)]
    assert all(name.startswith('- button "Face-down card, row ') for name in names[:18])
    assert all(re.search(r", row 4 column \d+", name) for name in names[18:])
    base = zip(names[18:], playable[18:], strict=True)
    assert all(('playable"' in name) == fits for name, fits in base)
    assert any(playable[18:])
    page.locator("main").focus()
    page.keyboard.press("Tab")  # into the grid
    for move in line:
        before = board(page)["waste"]
        if move == DRAW:
            page.keyboard.press("d")
        else:
            slot = game.view()["slots"][move]
            walk_to(page, slot["row"] + 1, slot["column"] + 1)
            assert page.evaluate("() => document.activeElement.dataset.slot") == str(move)
            assert page.evaluate("() => document.activeElement.hasAttribute('data-playable')")
            page.keyboard.press("Enter")
        game.apply(move)
        page.wait_for_function(
            "b => document.querySelector('[data-testid=waste]').dataset.card !== b", arg=before)
        if move != DRAW and move != line[-1]:
            # Focus stays on the table, so the next key plays or draws, never the page's.
            assert page.evaluate("""() => document.activeElement.closest(
                '[data-testid=peaks], [data-testid=stock]') !== null
                || document.activeElement.matches('[data-slot], [data-testid=stock]')""")
            page.wait_for_function("""() => /Played the .*Score \\d+\\./.test(
                document.querySelector('[data-testid=announce]').textContent)""")
    dialog = page.locator("[data-testid=result]")
    dialog.wait_for(state="visible")
    assert dialog.locator("h2").text_content() == "You cleared the peaks!"
    assert page.evaluate("() => document.activeElement.dataset.action") == "new"
    assert "Total" in dialog.locator("[data-testid=breakdown]").text_content()
    page.wait_for_function(
        "() => /Par/.test(document.querySelector('[data-testid=par]').textContent)", timeout=60_000)
    # The share link opens the same deal.
    page.click("[data-testid=share]")
    page.wait_for_selector("[data-notice=share]")
    assert any(f"#deal={code}" in n for n in notices(page))
    # Said above the panel, not behind it where nothing can reach it.
    page.click("[data-notice=share] .close", timeout=5000)
    assert page.locator("[data-notice=share]").count() == 0


def test_keys_undo_hint_new_and_restart(page, site):
    open_app(page, site.url + "#deal=" + encode_code(7))
    page.locator("main").focus()
    page.keyboard.press("Space")
    wait_stock(page, 22)
    page.keyboard.press("u")
    wait_stock(page, 23)
    page.keyboard.press("Control+z")  # nothing left to undo: said, not broken
    page.wait_for_selector("[data-notice=move]")
    page.keyboard.press("h")
    page.wait_for_selector("[data-hint]", state="attached")
    page.wait_for_selector("[data-notice=hint]")
    page.keyboard.press("d")
    wait_stock(page, 22)
    assert page.locator("[data-notice=hint]").count() == 0  # the hint was for the last position
    first = board(page)
    page.locator("main").focus()
    page.keyboard.press("r")  # restart: the same deal again, after asking
    page.click("[data-testid=confirm-yes]")
    wait_stock(page, 23)
    assert board(page)["slots"] == first["slots"]
    page.locator("main").focus()
    page.keyboard.press("n")  # a fresh deal at 0 moves: no question asked
    page.wait_for_function("s => document.querySelector('[data-testid=deal]').textContent !== s",
                           arg=first["status"].split("Deal ")[-1])


def test_leaving_a_started_game_asks_and_records_as_the_preset_says(page, site):
    # Classic (001): leaving drops the game.
    open_app(page, f"{site.url}#deal={encode_code(8)}&preset=classic")
    click_move(page, DRAW)
    page.click(".actions [data-action=new]")
    confirm = page.locator("[data-testid=confirm]")
    confirm.wait_for(state="visible")
    assert "will not be recorded" in confirm.text_content()
    page.click("[data-testid=confirm-no]")  # keep playing
    assert board(page)["stock"] == 22
    page.click(".actions [data-action=new]")
    page.click("[data-testid=confirm-yes]")
    wait_stock(page, 23)
    assert (saved(page, "tripeaks.stats") or {"played": 0})["played"] == 0
    # Relaxed (003): leaving records a loss.
    open_app(page, f"{site.url}#deal={encode_code(9)}&preset=relaxed")
    click_move(page, DRAW)
    page.click(".actions [data-action=new]")
    confirm.wait_for(state="visible")
    assert "counts as a loss" in confirm.text_content()
    page.click("[data-testid=confirm-yes]")
    wait_stock(page, 23)
    stats = saved(page, "tripeaks.stats")
    assert stats["presets"]["relaxed"]["played"] == 1 and stats["presets"]["relaxed"]["won"] == 0
    # Standard: a stuck game can still be undone, so it counts when left; the panel
    # already shows the figures with it, and says so.
    open_app(page, f"{site.url}#deal={encode_code(STUCK_DEAL)}&preset=standard")
    for move in stuck_line(STUCK_DEAL, "standard"):
        click_move(page, move)
    result = page.locator("[data-testid=result]")
    result.wait_for(state="visible")
    text = result.locator("[data-testid=result-stats]").text_content()
    assert "Standard statistics" in text and "Won0 of 1" in text
    assert "Undo can still save" in result.locator("[data-testid=result-pending]").text_content()
    assert "standard" not in (saved(page, "tripeaks.stats").get("presets") or {})
    page.keyboard.press("Escape")  # nothing left to play: the keyboard goes to the table itself
    page.wait_for_function("() => document.activeElement.id === 'table'")
    page.click(".actions [data-action=new]")
    wait_stock(page, 23)
    assert saved(page, "tripeaks.stats")["presets"]["standard"]["played"] == 1


def test_a_lost_game_says_which_move_lost_it_and_replays_a_winning_line(page, site):
    line = stuck_line(STUCK_DEAL, "classic")
    page.clock.install()  # the winning line's pace is jumped over (hurry)
    open_app(page, f"{site.url}#deal={encode_code(STUCK_DEAL)}&preset=classic")
    for move in line:
        click_move(page, move)
    dialog = page.locator("[data-testid=result]")
    dialog.wait_for(state="visible")
    assert dialog.locator("h2").text_content() == "No more moves available"  # reference 002's words
    assert dialog.locator("[data-testid=result-undo]").is_hidden()  # classic has no undo
    page.wait_for_function(
        "() => /Lost at move/.test(document.querySelector('[data-testid=analysis]').textContent)",
        timeout=60_000)
    assert re.search(r"Lost at move \d+, drawing from the stock\.Until then this deal could be won",
                     dialog.locator("[data-testid=analysis]").text_content())
    stats = saved(page, "tripeaks.stats")
    assert stats["presets"]["classic"]["played"] == 1 and stats["presets"]["classic"]["won"] == 0
    page.click("[data-testid=replay]")
    page.locator("[data-testid=watch]").wait_for(state="visible")
    hurry(page, "document.querySelectorAll('[data-slot][data-removed]').length === 28", 600)
    assert saved(page, "tripeaks.stats")["played"] == 1  # a replay is never counted


def test_watch_the_ai_then_come_back_to_your_own_game(page, site):
    page.clock.install()  # the AI's pace is jumped over (hurry)
    open_app(page, site.url + "#deal=" + encode_code(11))
    for _ in range(3):
        click_move(page, DRAW)
    wait_stock(page, 20)
    page.click(".actions [data-action=undo]")
    wait_stock(page, 21)
    page.click(".actions [data-action=redo]")  # the Redo button takes the draw again
    wait_stock(page, 20)
    mine = saved(page)
    open_panel(page, "watch")
    page.locator("[data-testid=watch]").wait_for(state="visible")
    wait_stock(page, 20)  # the AI plays on from your position...
    start = mine["board"]["moves"]
    for n in (1, 2):
        page.click("[data-action=ai-step]")
        wait_text(page, "moves", f"^Moves {start + n}$")
    page.click("[data-testid=watch-from-start]")  # ...or from the deal's start
    wait_stock(page, 23)
    for n in (1, 2, 3):
        page.click("[data-action=ai-step]")
        wait_text(page, "moves", f"^Moves {n}$")
    assert saved(page)["record"] == mine["record"]  # your game stays saved meanwhile
    page.keyboard.press("u")  # keys meant for your game say why they do nothing
    page.wait_for_function("() => /Stop watching to play/.test("
                           "document.querySelector('[data-testid=notices]').textContent)")
    page.select_option("[data-testid=ai-level]", "hard")
    page.click("[data-testid=ai-run]")
    hurry(page, "document.documentElement.classList.contains('over')", 600)
    page.click("[data-action=ai-stop]")
    page.locator("[data-testid=watch]").wait_for(state="hidden")
    wait_stock(page, 20)  # your game, as you left it
    assert moves_shown(page) == mine["board"]["moves"]
    assert saved(page, "tripeaks.stats") is None  # the AI's games are not yours

    open_panel(page, "watch")  # a link opened while watching ends the watch...
    page.locator("[data-testid=watch]").wait_for(state="visible")
    page.evaluate("code => { location.hash = '#deal=' + code; }", encode_code(12))
    page.locator("[data-testid=watch]").wait_for(state="hidden")
    confirm = page.locator("[data-testid=confirm]")  # ...and asks before leaving your game
    confirm.wait_for(state="visible")
    settled(page, "[data-testid=confirm]")  # its opening run to its end, as a player sees it
    page.click("[data-testid=confirm-no]")
    wait_stock(page, 20)
    assert page.evaluate("location.hash") == ""
    page.evaluate("code => { location.hash = '#deal=' + code; }", encode_code(12))
    confirm.wait_for(state="visible")
    settled(page, "[data-testid=confirm]")
    page.click("[data-testid=confirm-yes]")
    wait_text(page, "deal", encode_code(12)[-7:])
    click_move(page, DRAW)
    wait_stock(page, 22)
    assert saved(page)["board"]["moves"] == 1 and not saved(page).get("watched")


def test_a_panel_opened_again_at_once_is_not_closed_by_the_last_close(page, site):
    """A question answered, and at once another (a second link, a quick tap): the
    browser's close event for the first comes a task later (24 ms once, in
    test_watch_the_ai_then_come_back_to_your_own_game), and must neither answer the
    second nor close it."""
    open_app(page, site.url + "#deal=" + encode_code(11))
    click_move(page, DRAW)
    left_open = page.evaluate("""async () => {
        const panel = document.querySelector('[data-testid=confirm]');
        const first = tripeaks.dialogs.confirm('Open the linked deal?', 'A first link.');
        // Heard in the capture phase, before the panel's own listeners (which stop a
        // stale close from going further).
        const closed = new Promise((resolve) => document.addEventListener('close',
            (event) => { if (event.target === panel) resolve(); }, { capture: true }));
        panel.querySelector('[data-testid=confirm-no]').click();
        const firstAnswer = await first;
        let secondAnswer = 'none yet';
        tripeaks.dialogs.confirm('Open the linked deal?', 'A second link.')
            .then((answer) => { secondAnswer = answer; });
        await closed;  // the first close's event, come after the second question opened
        await new Promise((resolve) => setTimeout(resolve));  // every listener of it run
        return { firstAnswer, secondAnswer, open: panel.open };
    }""")
    assert left_open == {"firstAnswer": False, "secondAnswer": "none yet", "open": True}


def test_pause_then_play_at_once_in_the_watch_strip_keeps_one_pace(page, site):
    """Pause and Play within one step's wait: the AI goes on at its speed, one move
    a step, not two loops at twice the pace."""
    page.clock.install()  # the steps' waits run when the test says
    open_app(page, site.url + "#deal=" + encode_code(11))
    open_panel(page, "watch")
    page.locator("[data-testid=watch]").wait_for(state="visible")
    page.select_option("[data-testid=watch-speed]", "slow")  # 900 ms a step
    page.click("[data-testid=ai-run]")  # Play: a move at once, then one a step
    wait_text(page, "moves", "^Moves 1$")
    page.evaluate("""() => { const run = document.querySelector('[data-testid=ai-run]');
                             run.click(); run.click(); }""")  # Pause, Play
    wait_text(page, "moves", "^Moves 2$")  # Play moves at once
    for moves in (3, 4):
        page.clock.run_for(900)
        page.evaluate("() => tripeaks.queue.then(() => null)")
        wait_text(page, "moves", f"^Moves {moves}$")
        next_frame(page)
        assert moves_shown(page) == moves


def test_pause_stops_the_clock_and_hides_the_cards(page, site):
    page.clock.install()  # time flows as usual, and the test jumps it forward
    open_app(page, site.url + "#deal=" + encode_code(13))
    clock = page.locator("[data-testid=clock]")
    assert clock.text_content() == "0:00"
    page.clock.run_for(3000)
    next_frame(page)
    assert clock.text_content() == "0:00"  # the clock starts with the first move
    click_move(page, DRAW)
    page.clock.run_for(2000)
    wait_text(page, "clock", "^0:0[1-9]$", timeout=5000)
    clock.click()
    page.locator("[data-testid=pause]").wait_for(state="visible")
    peaks = page.locator("[data-testid=peaks]")
    assert peaks.evaluate("e => getComputedStyle(e).visibility") == "hidden"
    stopped = clock.text_content()
    page.clock.run_for(3000)
    next_frame(page)
    assert clock.text_content() == stopped
    page.click("[data-testid=resume]")
    page.clock.run_for(2000)
    page.wait_for_function("s => document.querySelector('[data-testid=clock]').textContent !== s",
                           arg=stopped, timeout=5000)
    open_panel(page, "rules")  # reading a panel is not playing time either
    page.get_by_role("dialog", name="How to play").wait_for()
    stopped = clock.text_content()
    page.clock.run_for(3000)
    next_frame(page)
    assert clock.text_content() == stopped
    page.keyboard.press("Escape")
    page.clock.run_for(2000)
    page.wait_for_function("s => document.querySelector('[data-testid=clock]').textContent !== s",
                           arg=stopped, timeout=5000)
    page.focus("[data-testid=stock]")  # P from the table, then Escape: back on the table
    page.keyboard.press("p")
    page.locator("[data-testid=pause]").wait_for(state="visible")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.activeElement.dataset.testid === 'stock'")


def test_options_presets_and_rules_apply_from_the_next_game(page, site):
    open_app(page, site.url + "#deal=" + encode_code(14))
    open_panel(page, "options")
    page.select_option("[data-testid=opt-preset]", "challenge")
    form = page.locator("[data-testid=options-form]")
    assert not form.locator("[name=wrap]").is_checked()  # the preset's own values
    assert form.locator("[name=undo_limit]").input_value() == "0"
    form.locator("[name=face_up]").check()
    summary = form.locator(".preset-summary").text_content()
    assert "Changed here: All peak cards face up: on." in summary  # not just the preset's words
    page.select_option("[data-testid=opt-speed]", "off")
    page.check("[data-testid=opt-four-colour]")
    page.click("[data-testid=options] [data-close]")
    assert page.evaluate("document.documentElement.dataset.deck") == "four"
    assert len([c for c in board(page)["slots"] if c]) == 10  # this game keeps its rules
    page.click(".actions [data-action=new]")
    wait_face_up(page, 28)  # face-up peaks: from the new game on
    shown = saved(page)["board"]["rules"]
    assert shown["wrap"] is False and shown["undo_limit"] == 0 and shown["face_up"] is True
    # The four-colour deck: each suit in a colour of its own on the table.
    colours = page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('[data-slot][data-card]')]
            .map(el => [el.dataset.card[1], getComputedStyle(el).color]))""")
    assert len(set(colours.values())) == len(colours) >= 3, colours  # (28 random cards)
    open_panel(page, "rules")
    text = page.locator("[data-testid=rules-text]").text_content()
    assert "Kings and aces are not next to each other" in text and "no undo" in text


def test_statistics_export_and_import_survive_a_wiped_browser(page, site, tmp_path):
    number, code, line = winnable_deal()
    open_app(page, f"{site.url}#deal={code}")
    for move in line:
        click_move(page, move)
    page.locator("[data-testid=result]").wait_for(state="visible")
    page.click("[data-testid=result] [data-action=close-result]")
    open_panel(page, "stats")
    grid = page.locator("[data-testid=stats-grid]")
    assert "Played1" in grid.text_content().replace(" ", "")
    assert "Clean wins1" in grid.text_content()
    assert page.locator("[data-testid=chart] rect.won").count() == 1
    with page.expect_download() as download:
        page.click("[data-testid=stats-export]")
    path = tmp_path / "backup.json"
    download.value.save_as(path)
    backup = json.loads(path.read_text())
    assert backup["format"] == "tripeaks-backup" and backup["stats"]["won"] == 1
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    open_panel(page, "stats")
    assert "Played0" in grid.text_content().replace(" ", "")
    page.set_input_files("[data-testid=stats-import]", str(path))
    wait_text(page, "stats-message", "restored")
    assert "Won1" in grid.text_content().replace(" ", "")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    page.set_input_files("[data-testid=stats-import]", str(bad))
    wait_text(page, "stats-message", "Nothing was imported")
    assert saved(page, "tripeaks.stats")["won"] == 1
    # A backup whose game the engine cannot read changes nothing, the game on the table included.
    mine = saved(page)
    backup["game"]["record"]["deal"] = "XX YY"
    backup["stats"]["won"] = 5
    bad.write_text(json.dumps(backup))
    page.set_input_files("[data-testid=stats-import]", str(bad))
    wait_text(page, "stats-message", "Nothing was imported: the game in this backup")
    assert saved(page) == mine and saved(page, "tripeaks.stats")["won"] == 1


def test_daily_deal_and_a_typed_deal(page, site):
    open_app(page, site.url)
    click_move(page, DRAW)  # a game in progress
    open_panel(page, "deals")
    days = page.locator("[data-testid=days] li")  # the month's calendar
    assert 28 <= days.count() <= 31 and page.locator("[data-testid=days] li.today").count() == 1
    page.fill("[data-testid=deal-code]", "TP1-E-AAABGU0")  # 0 is never a code character
    page.click("[data-action=deal-code]")
    page.wait_for_function(
        "() => /character 7/.test(document.querySelector('[data-testid=deal-error]').textContent)")
    assert page.locator("[data-testid=confirm]").is_hidden()  # a typo asks nothing
    page.fill("[data-testid=deal-code]", "TP1-E-AAAABGU")
    page.click("[data-action=deal-code]")
    page.click("[data-testid=confirm-yes]")  # a good code asks before leaving the game
    wait_text(page, "deal", "AAAABGU")
    # On a computer the word "Deal" stands apart from the code ("DealTP1-..." before).
    gap = page.evaluate("""() => { const deal = document.querySelector('[data-testid=deal]');
        const code = document.createRange();
        code.selectNodeContents(deal.lastChild);
        return code.getBoundingClientRect().left
            - deal.querySelector('.deal-word').getBoundingClientRect().right; }""")
    assert gap >= 2, gap
    open_panel(page, "deals")
    page.click("[data-testid=daily]")
    wait_text(page, "deal", "^Deal TP1-E-(?!AAAABGU)")
    today = page.evaluate("""() => { const d = new Date();
        return d.getFullYear() * 10000 + (d.getMonth() + 1) * 100 + d.getDate(); }""")
    assert saved(page)["board"]["deal_number"] >= today
    assert saved(page)["daily"]
    # An earlier day of the month plays that day's deal (the 1st, or yesterday on the 1st).
    open_panel(page, "deals")
    first = page.locator("[data-testid=days] li:not(.today) button[data-action=daily]").first
    if not first.count():
        page.click("[data-testid=calendar-prev]")
        first = page.locator("[data-testid=days] li button").last
        assert first.get_attribute("data-action") is None  # an earlier month's day: looked at only
        return
    day = first.get_attribute("data-date")
    first.click()
    page.wait_for_function("d => /The deal of/.test(document.querySelector("
                           "'[data-testid=notices]').textContent)", arg=day)
    assert saved(page)["daily"] == day
    assert saved(page)["board"]["deal_number"] >= int(day.replace("-", ""))


def test_drag_a_card_onto_the_waste(page, site):
    number = next(n for n in range(100) if Game.new(n).legal_moves() != [DRAW])
    open_app(page, site.url + "#deal=" + encode_code(number))
    game = Game.new(number)
    play = next(m for m in game.legal_moves() if m != DRAW)
    card = page.locator(f"[data-slot='{play}']").bounding_box()
    waste = page.locator("[data-testid=waste]").bounding_box()
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(card["x"] + (waste["x"] - card["x"]) * step / 10 + card["width"] / 2,
                        card["y"] + (waste["y"] - card["y"]) * step / 10 + card["height"] / 2)
    page.mouse.up()
    wait_text(page, "moves", "^Moves 1$")
    game.apply(play)
    assert board(page)["waste"] == game.view()["waste"]["card"]
    # A drag that ends away from the waste puts the card back and plays nothing.
    other = next((m for m in game.legal_moves() if m != DRAW), None)
    if other is not None:
        box = page.locator(f"[data-slot='{other}']").bounding_box()
        page.mouse.move(box["x"] + 5, box["y"] + 5)
        page.mouse.down()
        page.mouse.move(box["x"] + 60, box["y"] - 80, steps=5)
        page.mouse.up()
        # The card goes back to its place...
        page.wait_for_function(
            "s => ['', null].includes(document.querySelector(`[data-slot='${s}']`)"
            ".getAttribute('style'))", arg=other)
        # ...and nothing was played: a draw now is the second move (moves are played in turn).
        game.apply(DRAW)
        page.click("[data-testid=stock]")
        wait_moves_and_waste(page, 2, game.view()["waste"]["card"])
        assert moves_shown(page) == 2
        assert page.locator(f"[data-slot='{other}']").get_attribute("style") in (None, "")
