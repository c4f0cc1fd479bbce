"""Playing on a phone (390x844, touch): the fair hint, deal codes against the
player's saved options, and the clock after a reload."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.e2e.app import (
    DRAW,
    click_move,
    each_size,
    open_app,
    open_deal,
    open_panel,
    saved,
    settled,
    wait_ready,
    wait_text,
)
from tests.e2e.browser import BOOT_TIMEOUT
from tests.e2e.lines import STUCK_DEAL, stuck_line, winnable_deal, winning_line
from tests.e2e.windows import windows
from tripeaks import analysis as services
from tripeaks.deals import encode_code
from tripeaks.game import Game
from tripeaks.rules import preset_rules

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, **PHONE}


def tap_move(page, move: int) -> None:
    click_move(page, move, touch=True)


def tap_panel(page, action: str) -> None:
    open_panel(page, action, touch=True)


def notice_with(page, text: str) -> str:
    """Wait for a notice containing ``text`` and return it."""
    page.wait_for_function(
        "t => [...document.querySelectorAll('[data-testid=notices] .notice p')]"
        ".some(p => p.textContent.includes(t))", arg=text)
    return next(t for t in page.locator("[data-testid=notices] .notice p").all_text_contents()
                if text in t)


def hinted(page) -> int | None:
    """The peak slot the hint points at (DRAW for the stock), once one is shown."""
    page.wait_for_selector("[data-hint]", state="attached")
    return page.evaluate("""() => { const el = document.querySelector('[data-hint]');
        return el.dataset.testid === 'stock' ? 28 : Number(el.dataset.slot); }""")


def clock_text(page) -> str:
    return page.locator("[data-testid=clock]").text_content()


def seconds(text: str) -> int:
    minutes, secs = text.split(":")[-2:]
    return int(minutes) * 60 + int(secs)


def wait_clock_past(page, shown: str) -> None:
    """Wait until the clock shows a time other than ``shown``."""
    page.wait_for_function("s => document.querySelector('[data-testid=clock]').textContent !== s",
                           arg=shown)


# -- item 2: the fair hint ------------------------------------------------------------------


def test_challenge_hint_uses_only_the_cards_you_can_see_and_says_so(page, site):
    number = 12
    code = encode_code(number, wrap=False)
    open_deal(page, f"{site.url}#deal={code}&preset=challenge", code)
    game = Game.new(number, preset_rules("challenge"))
    fair = services.hint(game, fair=True)
    full = services.hint(game)
    page.tap(".actions [data-action=hint]")
    said = notice_with(page, "Fair hint")
    assert said.startswith("Fair hint: ") and len(said) <= 48, said  # one short line
    wait_text(page, "announce", "cards you can see")  # why, for a screen reader
    assert "winning line" not in said  # the full-information solver's words
    assert hinted(page) == fair.move
    if fair.move != full.move:
        print("the fair hint and the solver's differ here:", fair.text, full.text)

    # Under Standard the hint sees every card, unless the player asks for fair hints.
    standard = encode_code(number)
    open_deal(page, f"{site.url}#deal={standard}&preset=standard", standard)
    page.tap(".actions [data-action=hint]")
    hinted(page)  # the new deal's hint (a new deal clears the last one's mark)
    said = page.locator("[data-testid=notices] [data-notice=hint] p").text_content()
    assert said and "Fair hint" not in said
    tap_panel(page, "options")
    page.locator("[data-testid=opt-fair-hint]").tap()
    assert saved(page, "tripeaks.options")["fairHint"] is True
    page.tap("[data-testid=options] [data-close]")
    page.tap(".actions [data-action=hint]")
    notice_with(page, "Fair hint")
    assert hinted(page) == services.hint(Game.new(number, preset_rules("standard")), fair=True).move


# -- item 13: the hint aims for par ----------------------------------------------------------


def test_following_standards_hint_by_touch_scores_par_and_says_so(page, site):
    """Standard deal 8: following the app's hint used to win 110 points against a par
    of 276; now every hint keeps a line to par, and says so (to a screen reader: the
    card's highlight and one short line show it)."""
    number = 8
    code = encode_code(number)
    par = services.par(Game.new(number, preset_rules("standard"))).score
    game = Game.new(number, preset_rules("standard"))
    open_deal(page, f"{site.url}#deal={code}&preset=standard", code)
    for turn in range(80):
        if game.over:
            break
        page.tap(".actions [data-action=hint]")
        move = hinted(page)
        assert move == services.hint(game).move  # the engine's own hint, move by move
        if turn == 0:  # the card shows the hint, one short line names it, the reason is said
            said = notice_with(page, "Hint: ")
            assert "points" not in said, said
            wait_text(page, "announce", f"keeps a line to {par} points")
        tap_move(page, move)
        game.apply(move)
        page.wait_for_selector("[data-hint]", state="detached")
    assert game.won
    page.wait_for_selector("[data-testid=result]", state="visible")
    assert page.locator("[data-testid=result] h2").text_content() == "You cleared the peaks!"
    assert page.locator("[data-tile=score] .tile-value").text_content() == str(par)


# -- item 3: a deal code carries its rules -----------------------------------------------------


def use_options(page, site, options: dict) -> None:
    """Saved options as a player left them, and no game in progress."""
    open_app(page, site.url)
    page.evaluate("""o => { localStorage.setItem('tripeaks.options', o);
                           localStorage.removeItem('tripeaks.game'); }""",
                  json.dumps({"v": 1, **options}))
    page.reload()
    wait_ready(page)


def test_a_deal_code_plays_under_its_rules_whatever_the_saved_options(page, site):
    code = "TP1-E-AAAAAAB"  # deal 1, King-Ace wrap on
    use_options(page, site, {"preset": "countdown", "rules": {"wrap": False}})
    assert saved(page)["preset"] == "custom"  # Countdown without wrap: the player's own rules
    tap_move(page, DRAW)  # a game in progress

    # By a link: asked first, then Countdown with the code's wrap: Countdown.
    page.goto(f"{site.url}#deal={code}")
    confirm = page.locator("[data-testid=confirm]")
    confirm.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    page.tap("[data-testid=confirm-yes]")
    page.wait_for_function("c => document.querySelector('[data-testid=deal]').textContent"
                           ".includes(c)", arg=code)
    game = saved(page)
    assert game["preset"] == "countdown" and game["board"]["rules"]["wrap"] is True
    assert "Countdown" in page.locator("[data-testid=preset]").text_content()
    assert not any("does not open" in n for n in
                   page.locator("[data-testid=notices] .notice p").all_text_contents())

    # By the Deals panel, over a game in progress: asked, played, and a win is
    # filed under Countdown, not under "Custom rules".
    tap_move(page, DRAW)
    tap_panel(page, "deals")
    page.locator("[data-testid=deal-code]").fill(code)
    page.tap("[data-testid=deals] [data-action=deal-code]")
    confirm.wait_for(state="visible")
    assert page.locator("[data-testid=deal-error]").text_content() == ""
    page.tap("[data-testid=confirm-yes]")
    page.wait_for_function("() => document.querySelector('[data-testid=moves]').textContent"
                           ".trim().endsWith(' 0')")
    assert saved(page)["preset"] == "countdown"
    for move in winning_line(Game.new(1, preset_rules("countdown"))):
        tap_move(page, move)
    page.locator("[data-testid=result]").wait_for(state="visible")
    stats = saved(page, "tripeaks.stats")
    assert stats["presets"]["countdown"]["won"] == 1
    assert "custom" not in stats["presets"]
    # The player's options are what they were: the code changed only its own game.
    assert saved(page, "tripeaks.options")["rules"] == {"wrap": False}


# -- item 4: the clock after a reload -----------------------------------------------------------


def test_a_reloaded_game_keeps_its_clock_stopped_until_the_next_move(page, site):
    page.clock.install()  # time flows as usual, and the test can jump it forward
    code = encode_code(13)
    open_deal(page, f"{site.url}#deal={code}", code)
    tap_move(page, DRAW)
    page.clock.fast_forward("00:40")
    wait_clock_past(page, "0:00")

    page.reload()  # a normal reload: the game comes back with its clock stopped
    wait_ready(page)
    shown = clock_text(page)
    assert seconds(shown) >= 40
    page.clock.fast_forward("05:00")  # five minutes away from the game (the clock's ticks ran)...
    assert clock_text(page) == shown  # ...do not count
    tap_move(page, DRAW)  # the next move starts it again
    page.clock.fast_forward("01:00")
    wait_clock_past(page, shown)
    assert seconds(clock_text(page)) >= seconds(shown) + 60
    assert seconds(clock_text(page)) < seconds(shown) + 5 * 60  # the time away never came back


def test_a_game_paused_before_a_reload_comes_back_paused(page, site):
    page.clock.install()
    code = encode_code(14)
    open_deal(page, f"{site.url}#deal={code}", code)
    tap_move(page, DRAW)
    page.clock.fast_forward("00:20")
    page.tap("[data-testid=clock]")  # the pause control
    page.locator("[data-testid=pause]").wait_for(state="visible")
    stopped = clock_text(page)

    page.reload()
    wait_ready(page)
    page.locator("[data-testid=pause]").wait_for(state="visible")  # still paused
    peaks = page.locator("[data-testid=peaks]")
    assert peaks.evaluate("e => getComputedStyle(e).visibility") == "hidden"
    assert clock_text(page) == stopped
    page.clock.fast_forward("10:00")
    assert clock_text(page) == stopped
    page.tap("[data-testid=resume]")
    page.locator("[data-testid=pause]").wait_for(state="hidden")
    assert peaks.evaluate("e => getComputedStyle(e).visibility") == "visible"
    assert not saved(page).get("paused")  # and a reload now would not pause it again
    tap_move(page, DRAW)
    page.clock.fast_forward("00:30")
    wait_clock_past(page, stopped)
    assert seconds(stopped) + 30 <= seconds(clock_text(page)) < seconds(stopped) + 10 * 60


# -- item 11: end screens read at a glance ------------------------------------------------------

SIZES = windows("small", "phone", "desktop")
SHOTS = Path(os.environ.get("TRIPEAKS_SCREENSHOTS", "test-results/screens"))


def result_context(warm_context, axe_source, size):
    width, height = SIZES[size]
    touch = size != "desktop"
    context = warm_context(viewport={"width": width, "height": height},
                           has_touch=touch, is_mobile=touch)
    context.add_init_script(script=axe_source)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return context, page, (tap_move if touch else click_move)


def panel_shape(page) -> dict:
    """Whether the result panel lies inside the window without a sideways scroll,
    and what its parts show."""
    return page.evaluate("""() => {
        const d = document.querySelector('[data-testid=result]');
        const r = d.getBoundingClientRect();
        const text = (el, sel) => el.querySelector(sel).textContent;
        const tiles = Object.fromEntries([...d.querySelectorAll('.tile:not([hidden])')].map(t =>
            [text(t, '.tile-label'),
             [text(t, '.tile-value'), text(t, '.tile-note')].filter(Boolean).join(' ')]));
        const bars = [...d.querySelectorAll('.breakdown tr')].map(tr => [text(tr, 'th'),
            text(tr, 'td.num'), tr.querySelector('td.bar span').getBoundingClientRect().width]);
        const chips = [...d.querySelectorAll('.changes li')].map(li => ({text: li.textContent,
            best: li.classList.contains('best'),
            background: getComputedStyle(li).backgroundColor}));
        const buttons = [...d.querySelectorAll('.result-actions button:not([hidden])')]
            .map(b => b.getBoundingClientRect())
            .map(b => b.bottom <= innerHeight + 0.5 && b.height >= 44);
        return {inside: r.left >= 0 && r.right <= innerWidth + 0.5 && r.top >= 0
                        && r.bottom <= innerHeight + 0.5,
                sideways: d.scrollWidth > d.clientWidth + 1, tiles, bars, chips, buttons};
    }""")


# A device and the window sizes its result panels are checked at: a phone's two (one
# game, the window resized after it: a smaller phone, the panel laid out again).
DEVICES = {"phone": ("small", "phone"), "desktop": ("desktop",)}


def result_sizes(page, names):
    """Each size of ``names`` in turn, the window resized and the result panel at rest."""
    return each_size(page, {name: SIZES[name] for name in names},
                     lambda page: settled(page, "[data-testid=result]"))


@pytest.mark.parametrize("device", list(DEVICES))
def test_the_win_panel_shows_figures_bars_par_and_what_the_statistics_gained(
        warm_context, site, axe_source, device):
    context, page, play = result_context(warm_context, axe_source, DEVICES[device][-1])
    try:
        number, code, line = winnable_deal()
        open_deal(page, f"{site.url}#deal={code}", code)
        for move in line:
            play(page, move)
        page.locator("[data-testid=result]").wait_for(state="visible")
        page.wait_for_selector("[data-testid=breakdown] tr.par", state="attached", timeout=60_000)
        game = Game.new(number)
        for move in line:
            game.apply(move)
        page.locator("[data-testid=result-more-toggle]").click()  # the rest, a tap away
        for size in result_sizes(page, DEVICES[device]):
            shape = panel_shape(page)
            assert shape["inside"] and not shape["sideways"] and all(shape["buttons"]), size
            assert shape["tiles"]["Score"] == str(game.score)
            assert shape["tiles"]["Moves"] == str(game.moves)
            draws = line.count(DRAW)
            assert shape["tiles"]["Draws"].startswith(f"{draws} fewest ")
            rows = {label: (text, width) for label, text, width in shape["bars"]}
            assert rows["Total"][0] == str(game.score)
            par = int(rows["Par"][0].lstrip("≥ "))
            assert par >= game.score
            # The bars are drawn to one scale: the total's and par's lengths compare.
            assert abs(rows["Total"][1] / rows["Par"][1] - game.score / par) < 0.05, size
            assert all(width > 0 for _, width in rows.values()), size
            chips = {c["text"]: c for c in shape["chips"]}
            assert chips["Won1 of 1+1 win"]
            assert chips["Winning run1New best"]["best"]  # the first win is a new best run...
            assert chips[f"Best score{game.score}New best"]["best"]  # ...and a new best score
            assert (chips["Winning run1New best"]["background"]
                    != chips["Won1 of 1+1 win"]["background"])
            assert page.evaluate("""() => axe.run(document.querySelector('[data-testid=result]'))
                .then(r => r.violations.map(v => v.id))""") == [], size
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{size}-win.png"))
    finally:
        context.close()


def test_the_loss_panel_names_the_move_that_lost_and_offers_its_replay(
        warm_context, site, axe_source):
    """On a phone (390x844, then 320x568): the move that lost, its replay beside it."""
    context, page, play = result_context(warm_context, axe_source, "phone")
    try:
        number = STUCK_DEAL
        code = encode_code(number)
        open_deal(page, f"{site.url}#deal={code}&preset=classic", code)
        line = stuck_line(number, "classic")
        for move in line:
            play(page, move)
        dialog = page.locator("[data-testid=result]")
        dialog.wait_for(state="visible")
        page.wait_for_function("() => /Lost at move/.test(document.querySelector("
                               "'[data-testid=analysis]').textContent)", timeout=60_000)
        analysis = services.analyse(replayed(number, "classic", line), with_par=False)
        game = replayed(number, "classic", line)
        replay = dialog.locator(".callout [data-testid=replay]")  # the replay sits with it
        for size in result_sizes(page, ("phone", "small")):
            head = dialog.locator(".callout-head").text_content()
            what = ("drawing from the stock" if analysis.turning_move == "D"
                    else f"playing the {analysis.turning_name}")
            assert head == f"Lost at move {analysis.turning_point + 1}, {what}."
            assert replay.is_visible(), size
            shape = panel_shape(page)
            assert shape["inside"] and not shape["sideways"] and all(shape["buttons"]), size
            assert shape["tiles"]["Cards left"] == str(game.cards_left)
            assert shape["tiles"]["Score"] == str(game.score)
            rows = {label: text for label, text, _ in shape["bars"]}
            assert rows["Cards left"] == str(-5 * game.cards_left)
            assert rows["Total"] == str(game.score)
            assert any(c["text"] == "Won0 of 1" for c in shape["chips"])
            assert page.evaluate("""() => axe.run(document.querySelector('[data-testid=result]'))
                .then(r => r.violations.map(v => v.id))""") == [], size
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{size}-loss.png"))
        replay.tap()  # at 320x568
        page.locator("[data-testid=watch]").wait_for(state="visible")
    finally:
        context.close()


def replayed(number: int, preset: str, line: list[int]) -> Game:
    game = Game.new(number, preset_rules(preset))
    for move in line:
        game.apply(move)
    return game
