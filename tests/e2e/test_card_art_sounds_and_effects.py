"""A table that feels alive: card art, sounds and the effects of play.

What a move earned (points, a longer streak, a cleared peak) is the engine's
``last_action``; these tests replay the same moves in Python and check that the
page showed and played exactly that.
"""

from __future__ import annotations

import pytest

from tests.e2e.app import (
    DRAW,
    SHAKES,
    board,
    click_move,
    open_app,
    open_panel,
    png_pixels,
    saved,
    wait_shaken,
)
from tests.e2e.lines import winnable_deal
from tripeaks.deals import encode_code
from tripeaks.game import Game
from tripeaks.rules import preset_rules

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}

# Records every effect element the page adds, every sound it starts and when
# the result panel opens, before the app's own scripts run.
RECORDER = """
window.__fx = {pops: [], bursts: [], celebrations: [], celebrationEnd: null, resultOpen: null};
new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === 'attributes') {
      if (r.target.dataset.testid === 'result' && r.target.open && window.__fx.resultOpen === null)
        window.__fx.resultOpen = performance.now();
      continue;
    }
    for (const n of r.addedNodes) {
      if (!(n instanceof HTMLElement)) continue;
      if (n.dataset.testid === 'points-pop') window.__fx.pops.push(n.textContent);
      if (n.dataset.testid === 'peak-burst') window.__fx.bursts.push(Number(n.dataset.peak));
      if (n.dataset.testid === 'celebration') window.__fx.celebrations.push(
        {style: n.dataset.style, at: performance.now(), resultOpen: window.__fx.resultOpen,
         cards: 0});
    }
    for (const n of r.removedNodes) {
      if (n instanceof HTMLElement && n.dataset.testid === 'celebration') {
        window.__fx.celebrationEnd = performance.now();
        window.__fx.celebrations.at(-1).cards = n.querySelectorAll('.cascade-card').length;
      }
    }
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['open']});
window.__audio = {contexts: 0, started: 0};
const RealAudioContext = window.AudioContext;
window.AudioContext = class extends RealAudioContext {
  constructor(...args) { super(...args); window.__audio.contexts += 1; }
  count(node) { const start = node.start.bind(node);
    node.start = (...a) => { window.__audio.started += 1; return start(...a); }; return node; }
  createOscillator() { return this.count(super.createOscillator()); }
  createBufferSource() { return this.count(super.createBufferSource()); }
};
"""

SOUNDS = """() => performance.getEntriesByType('mark').map(m => m.name)
    .filter(n => n.startsWith('tripeaks:sound:')).map(n => n.slice(15))"""


def sounds(page) -> list[str]:
    return page.evaluate(SOUNDS)


def fx(page) -> dict:
    return page.evaluate("() => window.__fx")


def court_deal() -> tuple[int, list[int]]:
    """A deal whose face-up base row holds a jack, a queen or a king: (number, their slots)."""
    for number in range(1, 500):
        slots = [s["slot"] for s in Game.new(number).view()["slots"]
                 if s["face_up"] and s["card"][0] in "JQK"]
        if slots:
            return number, slots
    raise AssertionError("no deal with a face-up court card")


SKIN = (0xF7, 0xDC, 0xBC)  # the court figures' faces and hands (web/courts.svg)

# How many of a card's pictures there are, once each has loaded (rejects if one cannot).
PICTURES_LOAD = """async (slot) => {
    const pictures = [...document.querySelectorAll(`[data-slot="${slot}"] image`)];
    await Promise.all(pictures.map((picture) => {
        const image = new Image();
        image.src = picture.href.baseVal;
        return image.decode();
    }));
    return pictures.length;
}"""

FACES = """() => [...document.querySelectorAll('[data-slot][data-card]')].map(el => {
    const shown = (sel) => { const e = el.querySelector(sel);
        return Boolean(e) && getComputedStyle(e).display !== 'none'; };
    return {slot: Number(el.dataset.slot), code: el.dataset.card,
            width: el.getBoundingClientRect().width,
            rankPx: parseFloat(getComputedStyle(el.querySelector('.rank')).fontSize),
            art: shown('.art'), court: shown('.art.court'), pip: shown('.pip'),
            portrait: shown('.pip.portrait'), far: shown('.idx.far')};
})"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390x844", "1440x900"])
def test_cards_have_a_big_index_and_art_that_suits_their_size(page, site, site_dir, size):
    number, courts = court_deal()
    page.set_viewport_size(size)
    open_app(page, f"{site.url}#deal={encode_code(number)}")
    faces = page.evaluate(FACES)
    assert len(faces) == 10
    for face in faces:
        court = face["slot"] in courts
        if face["width"] < 72:  # a phone: the corner index and a big suit or a portrait
            assert face["rankPx"] >= 0.4 * face["width"], face
            assert face["pip"] and not face["art"] and not face["far"], face
            assert face["portrait"] == court, face
        else:  # a desktop: pips or the framed court figure, an index in two corners
            assert face["art"] and face["far"] and not face["pip"], face
            assert face["court"] == court, face
    # Each court card shows its figure, a picture from courts.svg: the picture loads
    # and, on a card wide enough to show it whole, the figure's skin tone (which
    # nothing else on a card has) covers part of the card.
    for slot in courts:
        assert page.evaluate(PICTURES_LOAD, slot) >= 1, slot
        if next(f for f in faces if f["slot"] == slot)["width"] >= 72:
            shot = page.locator(f'[data-slot="{slot}"]').screenshot()
            width, height, channels, rows = png_pixels(shot)
            skin = sum(1 for row in rows for x in range(0, len(row), channels)
                       if all(abs(row[x + i] - tone) <= 12 for i, tone in enumerate(SKIN)))
            assert skin >= 0.005 * width * height, (slot, skin, width, height)
    back = page.evaluate(
        """() => getComputedStyle(document.querySelector('[data-slot="0"]')).backgroundImage""")
    assert "card-back.svg" in back
    # All of the art is cached for offline play: it is in the service worker's precache.
    # (The page's modules, which draw the cards and make the sounds, are main/main.js.)
    precache = (site_dir / "service-worker.js").read_text()
    for name in ("main/main.js", "courts.svg", "card-back.svg"):
        assert f'"url": "{name}"' in precache


def test_a_card_changes_face_as_the_window_grows_and_shrinks(page, site):
    """A phone turned, a window resized: each card shows the face its new width asks
    for by the next frame, the waste as the peaks."""
    number, courts = court_deal()
    page.set_viewport_size(PHONE)
    open_app(page, f"{site.url}#deal={encode_code(number)}")
    large = """() => [...document.querySelectorAll(
            '.peaks [data-card], [data-testid=waste][data-card]')]
        .map(el => getComputedStyle(el.querySelector('.idx.far')).display !== 'none')"""
    on_phone = page.evaluate(large)
    assert len(on_phone) == 11 and not any(on_phone[:10]) and on_phone[10]  # the waste is wider
    next_frame = f"""() => new Promise(r => requestAnimationFrame(
        () => requestAnimationFrame(() => r(({large})()))))"""
    page.set_viewport_size(DESKTOP)
    assert page.evaluate(next_frame) == [True] * 11
    page.set_viewport_size(PHONE)
    assert page.evaluate(next_frame) == on_phone


def test_each_move_sounds_right_mute_silences_it_and_a_hidden_page_is_quiet(page, site):
    page.add_init_script(RECORDER)
    number, code, line = winnable_deal()
    open_app(page, f"{site.url}#deal={code}")
    game = Game.new(number, preset_rules("standard"))
    assert sounds(page) == []  # nothing before the player's first gesture
    plays = 0
    for move in line[:12]:
        heard = len(sounds(page))
        click_move(page, move)
        game.apply(move)
        page.wait_for_function(f"() => ({SOUNDS})().length > {heard}")
        new = sounds(page)[heard:]
        last = game.last_action
        expected = ["draw" if move == DRAW else "play"]
        if last["streak_grew"] and game.streak >= 2:
            expected.append("streak")
        if last["peak_cleared"] is not None:
            expected.append("peak")
        assert new == expected, (move, new)
        plays += move != DRAW
    assert "streak" in sounds(page) and plays >= 2
    assert page.evaluate("() => window.__audio.contexts") == 1
    assert page.evaluate("() => window.__audio.started") > 0
    # A card that cannot be played buzzes.
    heard = len(sounds(page))
    page.click("[data-slot='0']")  # a face-down tip
    page.wait_for_function(f"() => ({SOUNDS})().length > {heard}")
    assert sounds(page)[heard:] == ["illegal"]

    # The table's button mutes, and says so; the choice is saved with the options.
    page.click("[data-testid=sound]")
    assert page.get_attribute("[data-testid=sound]", "aria-pressed") == "true"
    assert saved(page, "tripeaks.options")["sound"] is False
    heard, started = len(sounds(page)), page.evaluate("() => window.__audio.started")
    click_move(page, DRAW)  # a draw's sound starts as its card is drawn
    page.wait_for_selector("[data-slot='0'].shake", state="detached")  # the last shake is over
    page.evaluate(SHAKES)
    page.click("[data-slot='0']")
    # The buzz starts as the card starts to shake, in the same task: it would be heard by now.
    wait_shaken(page, 0)
    assert len(sounds(page)) == heard and page.evaluate("() => window.__audio.started") == started
    # Options shows the same switch; turning it on there brings sound back.
    open_panel(page, "options")
    box = page.locator("[data-testid=opt-sound]")
    assert not box.is_checked()
    box.check()
    page.click("[data-testid=options] [data-close]")
    assert page.get_attribute("[data-testid=sound]", "aria-pressed") == "false"
    page.click("[data-slot='0']")
    page.wait_for_function(f"() => ({SOUNDS})().length > {heard}")
    assert sounds(page)[heard:] == ["illegal"]

    # A hidden page plays nothing.
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {value: true, configurable: true});
        document.dispatchEvent(new Event('visibilitychange')); }""")
    heard, started = len(sounds(page)), page.evaluate("() => window.__audio.started")
    stock = board(page)["stock"]
    page.evaluate("() => tripeaks.move(28)")
    # The draw's sound would start as its card is drawn: once the stock shows one card fewer.
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=stock]').dataset.count) === n",
        arg=stock - 1)
    assert len(sounds(page)) == heard and page.evaluate("() => window.__audio.started") == started


def test_a_lost_game_sounds_the_loss(page, site):
    page.add_init_script(RECORDER)
    number = 20261130  # lost by drawing the whole stock first
    game = Game.new(number, preset_rules("standard"))
    line = []
    while not game.over:
        legal = game.legal_moves()
        line.append(DRAW if DRAW in legal else legal[0])
        game.apply(line[-1])
    assert game.stuck
    open_app(page, f"{site.url}#deal={encode_code(number)}")
    for move in line:
        click_move(page, move)
    page.wait_for_function(f"() => ({SOUNDS})().includes('loss')")
    assert "win" not in sounds(page)
    assert fx(page)["celebrations"] == []  # a loss is not celebrated


def test_points_rise_from_the_card_peaks_burst_and_a_win_is_celebrated_first(page, site):
    page.add_init_script(RECORDER)
    page.set_viewport_size(PHONE)
    number, code, line = winnable_deal()
    open_app(page, f"{site.url}#deal={code}")
    game = Game.new(number, preset_rules("standard"))
    pops, bursts, streaks = [], [], []
    for i, move in enumerate(line):
        click_move(page, move)
        game.apply(move)
        last = game.last_action
        if last["points"]:
            pops.append(f"+{last['points']}" if last["points"] > 0 else str(last["points"]))
        if last["peak_cleared"] is not None:
            bursts.append(last["peak_cleared"])
        if i < 6 and last["streak_grew"]:
            # The counter swells with each card of a streak.
            page.wait_for_function(
                "n => document.querySelector('[data-testid=streak]').dataset.streak === String(n)",
                arg=min(game.streak, 10))
            streaks.append(game.streak)
        if i < 8:  # and glows brighter as it grows; a draw puts the glow out
            level = next((str(k) for k, n in ((3, 8), (2, 5), (1, 3)) if game.streak >= n), None)
            page.wait_for_function(
                "l => (document.querySelector('[data-testid=streak]').dataset.level || null) === l",
                arg=level)
    page.wait_for_function("() => window.__fx.celebrations.length === 1")
    seen = fx(page)
    assert seen["pops"] == pops and len(pops) >= len(line) - line.count(DRAW)
    assert seen["bursts"] == bursts and sorted(bursts) == [0, 1, 2]
    assert streaks
    # The celebration runs; the result panel waits for it, then a tap ends it.
    assert seen["celebrations"][0]["style"] == "cascade"
    assert seen["celebrations"][0]["resultOpen"] is None
    # The cards cascade; the result panel is not open while they do (and, below, it
    # opened only once the celebration ended).
    page.wait_for_function("() => document.querySelectorAll('.cascade-card').length > 5")
    assert not page.locator("[data-testid=result]").is_visible()
    page.mouse.click(5, 5)
    page.locator("[data-testid=result]").wait_for(state="visible", timeout=5000)
    seen = fx(page)
    assert seen["resultOpen"] >= seen["celebrationEnd"]
    assert page.locator("[data-testid=celebration]").count() == 0
    assert "win" in sounds(page)


def test_reduced_motion_fades_instead_of_the_cascade(page, site):
    page.add_init_script(RECORDER)
    page.emulate_media(reduced_motion="reduce")
    number, code, line = winnable_deal()
    open_app(page, f"{site.url}#deal={code}")
    for move in line:
        click_move(page, move)
    page.locator("[data-testid=result]").wait_for(state="visible")
    seen = fx(page)
    assert [c["style"] for c in seen["celebrations"]] == ["fade"]
    assert seen["celebrations"][0]["cards"] == 0
    assert seen["resultOpen"] >= seen["celebrationEnd"]  # the glow, then the panel by itself
    assert seen["pops"] and sorted(seen["bursts"]) == [0, 1, 2]  # still told, as a fade in place
