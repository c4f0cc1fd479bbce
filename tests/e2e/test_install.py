"""Installing on a phone: the offer and its rules, the iPhone steps, carrying
progress into the installed app, the install sheet (manifest) and the shortcuts."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest

from tests.e2e.app import (
    click_move,
    installed_manifest,
    notices,
    open_app,
    png_pixels,
    settled,
    wait_ready,
)
from tests.e2e.lines import winnable_deal

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")
PHONE = {"width": 390, "height": 844}

# A synthetic beforeinstallprompt: prompt() counts its calls, userChoice answers `outcome`.
PROMPT = """outcome => {
    window.prompted = 0;
    const event = new Event('beforeinstallprompt', {cancelable: true});
    event.prompt = () => { window.prompted += 1; return Promise.resolve(); };
    event.userChoice = Promise.resolve({outcome, platform: 'web'});
    window.dispatchEvent(event);
    return event.defaultPrevented;
}"""
DEAL_CHANGED = "d => document.querySelector('[data-testid=deal]').textContent !== d"
OFFER = "[data-testid=notices] [data-notice=install]"
MENU_ITEM = "[data-testid=menu-install]"


# Debian's Chromium 156 accepts Emulation.setEmulatedMedia's display-mode feature but
# matchMedia still answers "browser"; so the page's matchMedia answers standalone too.
STANDALONE_MATCH = """(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query) => /display-mode:\\s*standalone/.test(query)
        ? Object.assign(new EventTarget(),
            {matches: true, media: query, addListener() {}, removeListener() {}})
        : real(query);
})()"""


def as_installed(context, page) -> None:
    """Make ``page`` an installed window: display-mode standalone."""
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setEmulatedMedia",
             {"features": [{"name": "display-mode", "value": "standalone"}]})
    page.add_init_script(script=STANDALONE_MATCH)


def offer_prompt(page, outcome: str = "dismissed") -> None:
    assert page.evaluate(PROMPT, outcome), "the app keeps the browser's prompt for its own moment"


def new_game(page) -> None:
    """Tap New game (leaving the deal if asked) and wait for the next deal."""
    before = page.text_content("[data-testid=deal]")
    page.click(".actions [data-action=new]")
    if page.is_visible("[data-testid=confirm]"):
        page.click("[data-testid=confirm-yes]")
    page.wait_for_function(DEAL_CHANGED, arg=before)


def saved_game(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('tripeaks.game')"))


def remembered(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('tripeaks.install')") or "{}")


def test_offer_comes_at_the_third_game_once_and_not_now_sticks(page, site):
    page.set_viewport_size(PHONE)
    open_app(page, site.url)
    offer_prompt(page)
    assert page.is_hidden(OFFER)  # never at first sight
    page.click(".actions [data-action=menu]")
    assert page.is_visible(MENU_ITEM)  # always in the Menu
    page.click("[data-testid=menu] [data-close]")
    new_game(page)
    assert page.is_hidden(OFFER)  # the second game: not yet
    new_game(page)
    page.wait_for_selector(OFFER)  # the third
    assert any("home screen" in n for n in notices(page))
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-install-offer.png"))
    page.click(f"{OFFER} [data-notice-action=install-later]")
    assert page.is_hidden(OFFER)
    assert remembered(page)["dismissed"] is True

    page.reload()
    wait_ready(page)
    offer_prompt(page)
    for _ in range(3):
        new_game(page)
    assert page.is_hidden(OFFER)  # "Not now" holds after a reload
    page.click(".actions [data-action=menu]")
    assert page.is_visible(MENU_ITEM)  # and the Menu still offers it


def test_offer_comes_after_the_first_win_once_its_panel_is_closed(page, site):
    _, code, line = winnable_deal()
    open_app(page, f"{site.url}#deal={code}")
    offer_prompt(page)
    for move in line:
        click_move(page, move)
    page.locator("[data-testid=result]").wait_for(state="visible")
    assert page.locator(OFFER).count() == 0  # not over the result
    page.click("[data-testid=result] [data-action=close-result]")
    page.wait_for_selector(OFFER)
    page.click(f"{OFFER} [data-notice-action=install]")  # Install: the browser's own prompt
    page.wait_for_function("() => window.prompted === 1")
    assert page.locator(OFFER).count() == 0


def test_menu_install_prompts_and_appinstalled_hides_it_for_good(page, site):
    open_app(page, site.url)
    assert page.is_hidden(MENU_ITEM)  # no prompt, no way to explain: nothing offered
    offer_prompt(page, "accepted")
    page.click(".actions [data-action=menu]")
    page.click(MENU_ITEM)
    page.wait_for_function("() => window.prompted === 1")
    page.evaluate("window.dispatchEvent(new Event('appinstalled'))")
    page.wait_for_function("() => document.querySelector('[data-testid=menu-install]').hidden")
    assert remembered(page)["installed"] is True
    page.reload()
    wait_ready(page)
    offer_prompt(page)
    for _ in range(3):
        new_game(page)
    assert page.is_hidden(OFFER)
    page.click(".actions [data-action=menu]")
    assert page.is_hidden(MENU_ITEM)


def test_no_offer_in_the_installed_window(context, page, site):
    as_installed(context, page)
    open_app(page, site.url)
    assert page.evaluate("matchMedia('(display-mode: standalone)').matches")
    offer_prompt(page)
    for _ in range(3):
        new_game(page)
    assert page.is_hidden(OFFER)
    page.click(".actions [data-action=menu]")
    assert page.is_hidden(MENU_ITEM)
    page.click("[data-testid=menu] [data-close]")
    # Installed: the browser was asked to keep the saves, and Statistics says how it answered.
    page.wait_for_function("() => JSON.parse(localStorage['tripeaks.install']).persistAsked")
    page.click(".actions [data-action=stats]")
    kept = page.locator("[data-testid=stats-kept]")
    kept.wait_for()
    assert kept.text_content().startswith("Saved on this device")
    shown = kept.get_attribute("data-kept")
    persisted = page.evaluate("navigator.storage.persisted()")
    assert shown == str(persisted).lower()
    assert ("protected from clean-up" in kept.text_content()) == persisted


def test_iphone_gets_drawn_steps_and_carries_progress_into_the_app(warm_context, site):
    safari = warm_context(viewport=PHONE, user_agent=IPHONE, has_touch=True, is_mobile=True)
    try:
        page = safari.new_page()
        page.set_default_timeout(30_000)
        open_app(page, site.url)
        new_game(page)  # two games played: statistics worth carrying
        page.click(".actions [data-action=menu]")
        page.click(MENU_ITEM)
        panel = page.locator("[data-testid=install]")
        panel.wait_for()
        steps = panel.locator("[data-testid=install-steps] li")
        assert steps.count() == 3
        assert "Share" in steps.nth(0).text_content()
        assert "Add to Home Screen" in steps.nth(1).text_content()
        assert panel.locator("[data-testid=install-steps] svg").count() == 3  # drawn by the app
        assert "starts afresh" in panel.locator("[data-testid=carry-warning]").text_content()
        settled(page, "[data-testid=install]")  # the panel's opening
        page.screenshot(path=str(SHOTS / "phone-install-ios.png"))
        panel.locator("[data-testid=carry-copy]").click()
        code = panel.locator("[data-testid=carry-code]")
        page.wait_for_function("() => document.querySelector('[data-testid=carry-code]').value")
        link = code.input_value()
        assert link.startswith(site.url) and "#backup=" in link
        stats = page.evaluate("localStorage.getItem('tripeaks.stats')")
        game = saved_game(page)
    finally:
        safari.close()

    # The home-screen app: its own empty storage, standalone, the same phone (the same
    # warm context lent again: put back first, so with none of Safari's data).
    app = warm_context(viewport=PHONE, user_agent=IPHONE, has_touch=True, is_mobile=True)
    try:
        page = app.new_page()
        page.set_default_timeout(30_000)
        as_installed(app, page)
        open_app(page, site.url)
        page.wait_for_selector("[data-notice=install-welcome]")  # said once, at the start
        page.click(".actions [data-action=menu]")
        assert page.text_content(MENU_ITEM) == "Bring progress from Safari"
        page.click(MENU_ITEM)
        page.fill("[data-testid=carry-paste]", "not a code")
        page.click("[data-testid=carry-import]")
        assert "Nothing was imported" in page.text_content("[data-testid=carry-message]")
        page.fill("[data-testid=carry-paste]", link)
        page.click("[data-testid=carry-import]")
        if page.is_visible("[data-testid=confirm]"):
            page.click("[data-testid=confirm-yes]")
        page.wait_for_selector("[data-testid=stats]", state="visible")
        assert "Backup restored" in page.text_content("[data-testid=stats-message]")
        assert page.evaluate("localStorage.getItem('tripeaks.stats')") == stats
        assert saved_game(page)["gameId"] == game["gameId"]
    finally:
        app.close()


def test_a_backup_link_opens_ready_to_bring_in(warm_context, site):
    first = warm_context()
    try:
        page = first.new_page()
        open_app(page, site.url)
        page.evaluate("document.querySelector('[data-testid=install]').dataset.mode = 'browser'")
        page.evaluate("document.querySelector('[data-testid=carry-copy]').click()")
        page.wait_for_function("() => document.querySelector('[data-testid=carry-code]').value")
        link = page.input_value("[data-testid=carry-code]")
        game = saved_game(page)
    finally:
        first.close()
    second = warm_context()  # lent again: put back first, so a player with nothing saved
    try:
        page = second.new_page()
        open_app(page, link)
        page.wait_for_selector("[data-testid=install] [data-testid=carry-paste]", state="visible")
        assert "#backup" not in page.url  # a reload does not ask again
        # not mistaken for a bad deal link
        assert not [n for n in notices(page) if "link" in n.lower()]
        page.click("[data-testid=carry-import]")
        if page.is_visible("[data-testid=confirm]"):
            page.click("[data-testid=confirm-yes]")
        page.wait_for_selector("[data-testid=stats]", state="visible")
        assert saved_game(page)["gameId"] == game["gameId"]
    finally:
        second.close()


@pytest.mark.profile  # installable: a profile of its own, not an incognito one
def test_install_sheet_manifest_is_valid_and_its_files_are_served(context, page, site):
    """A persistent profile, as a browser that can install the app has."""
    data = installed_manifest(context, page, site.url)
    shots = data["screenshots"]
    assert {s["form_factor"] for s in shots} == {"narrow", "wide"}
    for shot in shots:
        head = page.evaluate("""src => fetch(src).then(async r => ({
            ok: r.ok, type: r.headers.get('content-type'),
            bytes: [...new Uint8Array(await r.arrayBuffer()).slice(0, 24)]}))""", shot["src"])
        assert head["ok"] and head["type"] == "image/png", shot["src"]
        width, height = struct.unpack(">II", bytes(head["bytes"][16:24]))
        assert shot["sizes"] == f"{width}x{height}"
        assert (width < height) == (shot["form_factor"] == "narrow")
    names = {s["name"]: s["url"] for s in data["shortcuts"]}
    assert set(names) == {"Daily deal", "New game"}
    for url in names.values():
        assert page.evaluate("u => fetch(u).then(r => r.ok)", url)
    # Not precached: only the browser's install sheet shows them.
    precache = page.evaluate("fetch('service-worker.js').then(r => r.text())")
    assert "screenshots/" not in precache
    assert data["display_override"][0] == "standalone"


def test_shortcuts_open_the_daily_deal_and_a_new_game(page, site):
    open_app(page, site.url + "?action=daily")
    page.wait_for_function("""() => [...document.querySelectorAll('.notice p')]
        .some(p => p.textContent.includes('Today’s deal'))""")
    assert "action=" not in page.url  # a reload does not deal again
    deal = page.text_content("[data-testid=deal]")
    page.goto(site.url + "?action=new")
    wait_ready(page)
    page.wait_for_function(DEAL_CHANGED, arg=deal)
    assert remembered(page)["games"] == 3  # the first deal, the daily one, then the new one


def test_status_bar_follows_the_theme(page, site):
    open_app(page, site.url)
    felt = page.get_attribute("meta[name=theme-color]", "content")
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    page.wait_for_function(
        "f => document.querySelector('meta[name=theme-color]').content !== f", arg=felt)
    assert page.get_attribute("meta[name=theme-color]", "content") == page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--felt').trim()")


def test_maskable_icon_keeps_its_drawing_in_the_safe_zone():
    """A maskable icon fills the whole square (no transparent edge) and its
    drawing stays inside the central circle of 80% diameter that every mask keeps."""
    icon = (ROOT / "web" / "icons" / "maskable-512.png").read_bytes()
    width, height, channels, rows = png_pixels(icon)
    assert channels == 4, "an RGBA icon expected"
    background = rows[0][0:4]
    assert background[3] == 255
    centre, radius = width / 2, 0.4 * width
    outside_drawn = 0
    for y in range(0, height, 4):
        for x in range(0, width, 4):
            pixel = rows[y][x * 4:x * 4 + 4]
            assert pixel[3] == 255, (x, y)  # full bleed
            if (x - centre) ** 2 + (y - centre) ** 2 > radius ** 2 and pixel != background:
                outside_drawn += 1
    assert outside_drawn == 0
