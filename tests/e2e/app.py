"""Driving the app as a player does: through the DOM hooks only."""

from __future__ import annotations

import json
import re
import struct
import time
import zlib
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.browser import BOOT_TIMEOUT

DRAW = 28
READY = "html[data-engine=ready]"
# Whether the app keeps the engine's memory snapshot (made after a first boot).
SNAPSHOT_KEPT = (Path(__file__).resolve().parents[1] / "snapshot-kept.js").read_text()
# What the page shows and its service worker is doing, for a failed wait's message.
PAGE_STATE = (Path(__file__).resolve().parents[1] / "page-state.js").read_text()

# The engine's worker starts and never says a word (a download or a runtime that stalls),
# until the test calls window.__failEngine(): then it reports that it could not start.
SILENT_ENGINE = """(() => {
    const RealWorker = Worker;
    window.Worker = function (url, options) {
        if (!String(url).includes('engine-worker')) return new RealWorker(url, options);
        const fake = Object.assign(new EventTarget(), { postMessage() {}, terminate() {} });
        window.__failEngine = () => fake.dispatchEvent(new MessageEvent('message', { data: {
            type: 'boot-error', step: 'runtime',
            error: { kind: 'boot', message: 'runtime: failed for the test' } } }));
        return fake;
    };
})()"""


def open_app(page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def open_deal(page, url: str, code: str) -> None:
    """Open a deal link and wait until that deal is on the table.

    On a page already open, a new fragment deals without a reload, so the engine
    is ready before the deal is: wait for the status bar to name it.
    """
    open_app(page, url)
    page.wait_for_function(
        "code => document.querySelector('[data-testid=deal]').textContent.includes(code)",
        arg=code.upper(),
    )


def wait_ready(page) -> None:
    try:
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
    except Exception as error:  # say what the page shows instead
        raise AssertionError(f"the engine never got ready: {page_state(page)}") from error


def page_state(page) -> object:
    """What the page shows and its service workers are doing (PAGE_STATE), for a failed
    wait's message; or why that could not be read."""
    try:
        return page.evaluate(PAGE_STATE)
    except Exception as error:  # the page gone, or navigating
        return f"unreadable: {error}"


def board(page) -> dict:
    """What a player sees: each slot's card (None face down, "" cleared), stock, waste."""
    return page.evaluate("""() => ({
        slots: [...document.querySelectorAll('[data-slot]')].map(el =>
            el.hasAttribute('data-removed') ? '' : (el.dataset.card || null)),
        stock: Number(document.querySelector('[data-testid=stock]').dataset.count),
        waste: document.querySelector('[data-testid=waste]').dataset.card || null,
        status: document.querySelector('.status').textContent.replace(/\\s+/g, ' ').trim(),
    })""")


WASTE_CHANGED = "before => document.querySelector('[data-testid=waste]').dataset.card !== before"

# Records, in the page, where each pointer event of a tap landed: when a tap
# does not play, the failure says which element took it instead.
TAP_LOG = """() => {
    if (window.__tapLog) { window.__tapLog.length = 0; return; }
    const log = window.__tapLog = [];
    const name = (el) => !el ? 'none' : el.nodeType !== 1 ? el.nodeName
        : el.tagName.toLowerCase()
          + (el.dataset.slot !== undefined ? `[slot=${el.dataset.slot}]` : '')
          + (el.dataset.testid ? `[${el.dataset.testid}]` : '')
          + (typeof el.className === 'string' ? '.' + el.className.split(' ').join('.') : '');
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
        window.addEventListener(type, (e) => log.push(
            `${type} ${name(e.target)} at ${Math.round(e.clientX)},${Math.round(e.clientY)}`
            + ` over ${name(document.elementFromPoint(e.clientX, e.clientY))}`
            + ` t=${Math.round(performance.now())}`), true);
    }
}"""
TAP_STATE = """() => ({
    log: window.__tapLog, busy: tripeaks.busy, paused: tripeaks.clock.paused,
    interactive: tripeaks.renderer.interactive,
    taken: performance.getEntriesByName('tripeaks:input').length,
    animations: document.getAnimations().map(a => (a.effect.target?.dataset?.testid
        || a.effect.target?.className) + ':' + a.playState)})"""


def click_move(page, move: int, touch: bool = False) -> None:
    """Click (or, with ``touch``, tap) a peak card or the stock, and wait until the
    waste shows the result.

    A tap the app does not play fails here, naming the elements each pointer
    event of the tap reached.
    """
    before = page.get_attribute("[data-testid=waste]", "data-card")
    target = "[data-testid=stock]" if move == DRAW else f"[data-slot='{move}']"
    page.evaluate(TAP_LOG)
    (page.tap if touch else page.click)(target)
    try:
        page.wait_for_function(WASTE_CHANGED, arg=before, timeout=30_000)
    except PlaywrightTimeoutError as error:
        state = page.evaluate(TAP_STATE)
        raise AssertionError(f"the tap on {target} did not play: {state}") from error


def saved(page, key: str = "tripeaks.game"):
    text = page.evaluate("key => localStorage.getItem(key)", key)
    return None if text is None else json.loads(text)


def notices(page) -> list[str]:
    return page.locator("[data-testid=notices] .notice p").all_text_contents()


def open_panel(page, action: str, touch: bool = False) -> None:
    """Open a panel as the window offers it: a toolbar button, or through the menu
    (clicked, or with ``touch`` tapped)."""
    direct = page.locator(f".actions [data-action={action}]")
    if direct.count() and direct.is_visible():
        direct.tap() if touch else direct.click()
    else:
        press = page.tap if touch else page.click
        press(".actions [data-action=menu]")
        press(f"[data-testid=menu] [data-action={action}]")


def dismiss_notices(page) -> None:
    """Each notice's Dismiss button pressed: the picture shows the table, not what was said."""
    page.evaluate("() => document.querySelectorAll('.notice button.close')"
                  ".forEach((b) => b.click())")
    page.wait_for_function("() => !document.querySelector('.notice p')")


def wait_text(page, testid: str, pattern: str, timeout: int = 30_000) -> None:
    """Wait until the element's text matches a regular expression."""
    page.wait_for_function(
        "([id, p]) => new RegExp(p).test("
        "document.querySelector(`[data-testid=${id}]`).textContent)",
        arg=[testid, pattern], timeout=timeout)


def waiting(page) -> dict:
    return page.evaluate("""() => ({
        line: document.querySelector('[data-testid=boot-waiting]').hidden ? ''
            : document.querySelector('[data-testid=boot-waiting]').textContent,
        marked: [...document.querySelectorAll('[data-waiting]')].map(el =>
            el.dataset.slot ?? el.dataset.testid ?? el.dataset.action),
    })""")


# Each card that shakes, noted as its class is added: the shake lasts half a second,
# which a loaded machine's polling can miss.
SHAKES = """() => { window.__shaken = [];
    new MutationObserver((changes) => changes.map((c) => c.target)
        .filter((t) => t.matches('[data-slot].shake'))
        .forEach((t) => window.__shaken.push(t.dataset.slot)))
    .observe(document.querySelector('[data-testid=peaks]'),
             { subtree: true, attributes: true, attributeFilter: ['class'] }); }"""


def wait_shaken(page, slot: int) -> None:
    page.wait_for_function("s => window.__shaken.includes(s)", arg=str(slot))


def wait_controlled(page) -> None:
    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=BOOT_TIMEOUT)


# An init script for a page that never hears controllerchange, as in WebKit at times
# (webkit.org/b/199110): an update must reach it all the same.
DEAF_TO_CONTROLLERCHANGE = """{
    const listen = ServiceWorkerContainer.prototype.addEventListener;
    ServiceWorkerContainer.prototype.addEventListener = function (type, ...rest) {
        if (type !== "controllerchange") return listen.call(this, type, ...rest);
    };
}"""


def installed_manifest(context, page, url: str) -> dict:
    """Open the app in a persistent profile, wait for its service worker, check that
    Chromium finds it installable with a clean manifest, and give the manifest."""
    open_app(page, url)
    wait_controlled(page)
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    return json.loads(manifest["data"])


def wait_face_up(page, count: int) -> None:
    """Wait until exactly ``count`` peak cards show their face."""
    page.wait_for_function(
        "n => document.querySelectorAll('[data-slot][data-card]').length === n", arg=count)


# -- the peaks' grid, as a keyboard player walks it ------------------------------------

FOCUS = ":focus"
POSITION = re.compile(r"row (\d+) column (\d+)")


def focused(page) -> str:
    """The focused element as the accessibility tree has it: '- button "name"'."""
    return page.locator(FOCUS).aria_snapshot()


def position(page) -> tuple[int, int] | None:
    match = POSITION.search(focused(page))
    return (int(match[1]), int(match[2])) if match else None


def walk_to(page, row: int, column: int) -> None:
    """Arrow keys from wherever focus is on the table to a cell (rows and columns from 1)."""
    if "Stock" in focused(page):
        page.keyboard.press("ArrowUp")
    for _ in range(30):
        here = position(page)
        assert here, f"focus is not on the grid: {focused(page)}"
        if here == (row, column):
            return
        key = ("ArrowDown" if here[0] < row else "ArrowUp") if here[0] != row else (
            "ArrowRight" if here[1] < column else "ArrowLeft")
        page.keyboard.press(key)
    raise AssertionError(f"never reached row {row} column {column}: {focused(page)}")


# -- waiting for what is on the screen, never for a fixed time -------------------------

NEXT_FRAME = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def wait_for(page, check, what: str, timeout: float = 30_000) -> None:
    """Wait until ``check()`` holds, asking again every 100 ms: for a condition Playwright
    cannot wait on itself (an async predicate, what the test's server has seen)."""
    deadline = time.monotonic() + timeout / 1000
    while not check():
        if time.monotonic() > deadline:
            raise PlaywrightTimeoutError(f"not so in {timeout / 1000:g} s: {what}")
        page.wait_for_timeout(100)


def wait_until(page, predicate: str, arg=None, timeout: float = 30_000) -> None:
    """Wait until an async JS predicate (one that awaits Cache Storage or the service
    worker's registration) holds. Playwright's wait_for_function takes such a
    predicate's promise for a truthy value and returns at once (conftest.py refuses it
    there)."""
    wait_for(page, lambda: page.evaluate(predicate, arg), predicate.strip()[:100], timeout)


def next_frame(page) -> None:
    """Wait until the page has drawn two more frames. Whatever the last key,
    click or message set going for the screen in its own task (a live region's
    words are set on the next frame) is on the screen by then: what has not
    appeared by now was never going to appear."""
    page.evaluate(NEXT_FRAME)


def resize(page, width: int, height: int) -> None:
    """The window resized (a phone turned, another phone), and the page drawn at the
    new size."""
    page.set_viewport_size({"width": width, "height": height})
    next_frame(page)


def each_size(page, sizes: dict, at_rest) -> Iterator[str]:
    """Each size's name in turn (``sizes``: name -> (width, height)), the window resized
    to it and ``at_rest(page)`` waited for: one device's screens, one game."""
    for name, (width, height) in sizes.items():
        resize(page, width, height)
        at_rest(page)
        yield name


def settled(page, selector: str) -> None:
    """Wait until an element's own animations and transitions (an opening
    panel) have run to their end."""
    page.locator(selector).evaluate("""el => Promise.all(el.getAnimations({subtree: true})
        .filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
        .map(a => a.finished.catch(() => null)))""")


def hurry(page, done: str, step_ms: int = 300, timeout_s: float = 120) -> None:
    """Until ``done`` (a JS expression) holds, jump the page's clock (``page.clock``,
    installed before the app opened) ``step_ms`` at a time, each jump's work done
    before the next: what waits on the app's own timers (the watch strip's pace
    between moves) takes no real time, and every move is still played and drawn."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(f"() => Boolean({done})"):
        if time.monotonic() > deadline:
            raise AssertionError(f"not so within {timeout_s} s of jumps: {done}")
        page.clock.fast_forward(step_ms)
        page.evaluate("() => tripeaks.queue.then(() => null)")


def png_pixels(data: bytes) -> tuple[int, int, int, list[bytes]]:
    """An 8-bit RGB or RGBA PNG (an icon, a screenshot) decoded: its width, height,
    bytes per pixel and rows of pixels."""
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert depth == 8 and colour in (2, 6), (depth, colour)
    channels = 3 if colour == 2 else 4
    raw, pos = b"", 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            raw += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(raw)
    stride, rows, prev = width * channels, [], bytearray(width * channels)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, channels, rows


def covered(page, over: str, selector: str) -> list:
    """The elements of ``selector`` that the box of ``over`` lies on (by their boxes)."""
    return page.evaluate("""([over, selector]) => {
        const bar = document.querySelector(over).getBoundingClientRect();
        return [...document.querySelectorAll(selector)].filter((c) => {
            const r = c.getBoundingClientRect();
            return r.width && r.left < bar.right - 0.5 && bar.left < r.right - 0.5
                && r.top < bar.bottom - 0.5 && bar.top < r.bottom - 0.5;
        }).map((c) => c.dataset.slot || c.dataset.testid || c.dataset.action);
    }""", [over, selector])


def unreachable(page, selector: str) -> list:
    """The shown controls of ``selector`` a finger cannot reach: out of the window, or with
    something else on their middle."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
        .filter((e) => e.checkVisibility({ visibilityProperty: true })).filter((e) => {
            const r = e.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5
                || r.right > innerWidth + 0.5 || !hit || !e.contains(hit);
        }).map((e) => e.dataset.action || e.dataset.testid || e.textContent.trim())""", selector)


def card_said(code: str | None) -> str:
    """A card's name as the page says it in English, from its code ("KC": "king of clubs")."""
    from tripeaks import catalogs

    english = catalogs.load("en")
    if not code:
        return english.text("card-face-down")
    return english.text("card-name", rank=english.text(f"rank-{code[0]}"),
                        suit=english.text(f"suit-{code[1]}"))
