#!/usr/bin/env python3
"""Speed of the offline app in Chromium: Debian's headless shell, or CHROMIUM_PATH
(/usr/bin/chromium: the desktop browser, where boot figures count; bench_boot.py runs both).

    python bench/bench_app.py [--repeats 5] [--taps 20]

Builds the site into a temporary directory, serves it on 127.0.0.1 and measures,
each figure the median of ``--repeats`` runs:

  cold        a first visit in a fresh profile: navigation to engine ready, to
              the build's first deal drawn, and the bytes the server sent (every
              file, the wasm once)
  warm        a new tab on a warm service-worker cache, with a saved game:
              the saved board drawn, and the engine ready (both from navigation
              start), with the kept memory snapshot (read while the wasm compiles)
              and without it (to compare two ways of booting, build each with
              bench/bench_boot_ab.py); then where
              the warm boot's time went, stage by stage
  tap         a tap on the stock or a card to the board updated in the DOM, and
              to the next animation frame after that (p95 over --taps taps a run)
  deals       New game, Restart and the daily deal, for every preset: the tap
              (on the toolbar's button, the confirm panel's "Restart", the Deals
              panel's "Play today's deal") to the new board drawn (the app's
              tripeaks:drawn mark), p50, p95 and max over --games of each

    python bench/bench_app.py --only deals [--games 50]
    python bench/bench_app.py --only phone [--repeats 3 --games 20]
    python bench/bench_app.py --only taps [--repeats 5 --taps 20]   (the tap target alone)
    python bench/bench_app.py --only warm --site A [--against B]    (warm visits, A and B in turn)

--only phone runs cold, warm, tap and New game under a phone-like profile
(Chromium's CPU throttled 4x with CDP Emulation.setCPUThrottlingRate, and a
mobile network: 1.6 Mbps down, 750 kbps up, 150 ms round trip, with
Network.emulateNetworkConditions), set on each page before it navigates and
on every worker and service worker it starts (Target.setAutoAttach); it
prints, for each kind of target, which of the settings Chromium took.
Every warm run also prints where its boot went: the engine worker's own
timings, on the page's clock.

Nothing here is asserted; the figures go to docs/benchmarks.md ("## App").
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.e2e.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.server import LiveSite  # noqa: E402

READY = "html[data-engine=ready]"
BOOT = 600_000  # ms: a cold boot under the phone profile on a loaded machine

MARKS = """() => Object.fromEntries(performance.getEntriesByType('mark')
    .filter(m => m.name.startsWith('tripeaks:')).map(m => [m.name.slice(9), m.startTime]))"""

# One tap: click, wait for the waste to change (the board updated), then for the
# next animation frame (which paints it; up to one 60 Hz frame later).
TAP = """async (selector) => {
    const waste = document.querySelector('[data-testid=waste]');
    const before = waste.dataset.card;
    const start = performance.now();
    document.querySelector(selector).click();
    await new Promise((resolve) => {
        const seen = new MutationObserver(() => {
            if (waste.dataset.card !== before) { seen.disconnect(); resolve(); }
        });
        seen.observe(waste, { attributes: true });
    });
    const updated = performance.now() - start;
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    return [updated, performance.now() - start];
}"""


# The engine worker's boot timings (engine-worker.js), moved to the page's
# clock: ms from navigation start.
WORKER = """() => {
    const t = tripeaks.engine.info.timings, shift = t.origin - performance.timeOrigin;
    return Object.fromEntries(Object.entries(t)
        .filter(([k, v]) => typeof v === 'number' && k !== 'origin')
        .map(([k, v]) => [k, v + shift]));
}"""

# The warm boot's stages, in order: (worker timing, what ends there, the
# timing it runs from; None: navigation start). Two run side by side with the
# loader: the wasm's compile and the snapshot's lookup.
STAGES = [
    ("fetch", "worker started, its modules loaded (navigation to boot())", None),
    ("snapshot-found", "kept snapshot found and opened (its file in the private file system, "
     "while the cache says whether the build's failed)", "fetch"),
    ("precompiled", "wasm compiled (compileStreaming from the cache), in parallel", "fetch"),
    ("snapshot-read", "snapshot in hand (the file's reader; the bytes from Cache Storage where "
     "no file can be kept), in parallel", "snapshot-found"),
    ("snapshot-checked", "snapshot checked whole (its header and page map read, its pages "
     "counted)", "snapshot-read"),
    ("factory", "loadPyodide started, its settings made, the runtime's factory called",
     "snapshot-checked"),
    ("compile-start", "the runtime's module set up (Pyodide's and Emscripten's own script), "
     "ready to instantiate", "factory"),
    ("compile-end", "wasm instantiated", "compile-start"),
    ("loaded", "snapshot restored (its file's pages read into the runtime's memory), "
     "loadPyodide returned", "compile-end"),
    ("ready", "engine's hello answered, worker ready", "loaded"),
]

# A phone-like device: CPU 4x slower, a mobile network (bytes per second).
PHONE = {"cpu": 4, "latency": 150, "down": 1.6e6 / 8, "up": 0.75e6 / 8}
emulated: dict[str, dict[str, str]] = {}  # target type -> CDP method -> "ok" or its error
emulate = None  # set by --only phone: emulate(context, page) before each page navigates


def phone(context, page, network: bool = True) -> None:
    """PHONE on ``page`` and, through auto-attach, on every worker it starts; its CPU
    alone with ``network=False`` (a warm start, whose files come from the device)."""
    cdp = context.new_cdp_session(page)
    line = {"offline": False, "latency": PHONE["latency"],
            "downloadThroughput": PHONE["down"], "uploadThroughput": PHONE["up"]}
    settings = [("Emulation.setCPUThrottlingRate", {"rate": PHONE["cpu"]})]
    if network:
        settings[:0] = [("Network.enable", {}), ("Network.emulateNetworkConditions", line)]
    for method, params in settings:
        try:
            cdp.send(method, params)
            emulated.setdefault("page", {})[method] = "ok"
        except Exception as error:  # noqa: BLE001 - recorded, shown with the figures
            emulated.setdefault("page", {})[method] = str(error).splitlines()[0]
    sent: dict[int, tuple[str, str]] = {}

    def to_child(session: str, kind: str, method: str, params: dict) -> None:
        sent[len(sent) + 1] = (kind, method)
        cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(
            {"id": len(sent), "method": method, "params": params})})

    def attached(event) -> None:
        kind = event["targetInfo"]["type"]
        for method, params in settings:
            to_child(event["sessionId"], kind, method, params)
        to_child(event["sessionId"], kind, "Runtime.runIfWaitingForDebugger", {})

    def answered(event) -> None:
        reply = json.loads(event["message"])
        if reply.get("id") in sent:
            kind, method = sent[reply["id"]]
            if method != "Runtime.runIfWaitingForDebugger":
                emulated.setdefault(kind, {})[method] = reply.get("error", {}).get("message", "ok")

    cdp.on("Target.attachedToTarget", attached)
    cdp.on("Target.receivedMessageFromTarget", answered)
    cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True,
                                      "flatten": False})


def new_page(context):
    page = context.new_page()
    if emulate:
        emulate(context, page)
    return page


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def browser_name(version: str) -> str:
    """Which Chromium the figures come from: boot figures count in the desktop browser."""
    kind = "headless shell" if "headless-shell" in Path(CHROMIUM).name else "desktop, run headless"
    return f"Chromium {version} ({kind}, {CHROMIUM})"


first_cards: list[float] = []  # each cold visit's first deal drawn, from navigation


def cold_visit(browser, live: LiveSite, dist: Path) -> tuple[float, int]:
    context = browser.new_context()
    live.handler.downloads.clear()
    page = new_page(context)
    page.goto(live.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT)
    marks = page.evaluate(MARKS)
    ready = marks["engine-ready"]
    first_cards.append(marks.get("first-deal-drawn", float("nan")))
    page.wait_for_timeout(1500)  # let the snapshot be kept, as a player's first visit would
    sent = sum((dist / p.lstrip("/")).stat().st_size
               for p in live.handler.downloads if (dist / p.lstrip("/")).is_file())
    context.close()
    return ready, sent


def warm_visits(browser, live: LiveSite, repeats: int, query: str = "") -> list[dict]:
    context = browser.new_context()
    page = new_page(context)
    page.goto(live.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT)
    page.click("[data-testid=stock]")  # a game in progress to restore
    page.wait_for_timeout(2000)
    page.close()
    runs = []
    for _ in range(repeats + 1):  # the first warms the snapshot / code caches
        page = new_page(context)
        page.goto(live.url + query)
        page.wait_for_selector(READY, state="attached", timeout=BOOT)
        runs.append({**page.evaluate(MARKS), "worker": page.evaluate(WORKER)})
        page.close()
    context.close()
    return runs[1:]


def taps(browser, live: LiveSite, count: int) -> list[list[float]]:
    context = browser.new_context()
    page = new_page(context)
    page.goto(live.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT)
    page.mouse.click(2, 2)  # a real gesture first: the sounds are on, as for a player
    times = []
    while len(times) < count:
        playable = page.query_selector("[data-slot][data-playable]:not([disabled])")
        if playable is not None:
            selector = f"[data-slot='{playable.get_attribute('data-slot')}']"
        elif page.get_attribute("[data-testid=stock]", "data-count") != "0":
            selector = "[data-testid=stock]"
        else:
            page.click(".actions [data-action=new]")
            page.wait_for_function("() => !document.querySelector('.stock').disabled && "
                                   "document.querySelectorAll('[data-slot][data-card]')"
                                   ".length === 10")
            continue
        times.append(page.evaluate(TAP, selector))
    context.close()
    return times


PRESETS = ("standard", "classic", "countdown", "relaxed", "challenge")

# Tap `selector` and resolve with the time to the next board drawn by the app
# (its tripeaks:drawn mark); before the tap, wait as a player would look at the
# board: until the engine has no request in flight nor a next deal to prepare
# (tripeaks.preparing; 2 s at most) and the page is idle.
# One deal: the tap, then [the board drawn (the app's tripeaks:drawn mark), the board
# styled and laid out]. The second is a layout forced in the same task as the mark, so
# it counts the style and layout work the next frame would do, whichever the path: a
# closing modal panel (Deals, the confirm panel) does that work inside close(), before
# the mark, to put the focus back; New game leaves it to the frame, after the mark.
DEAL_TAP = """async (selector) => {
    const looking = () => tripeaks.engine.busy || tripeaks.preparing;
    for (let i = 0; i < 200 && looking(); i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => requestIdleCallback(r));
    const mark = performance.mark;
    const start = performance.now();
    const drawn = new Promise((resolve) => {
        performance.mark = function (name, ...rest) {
            const entry = mark.call(performance, name, ...rest);
            if (name === 'tripeaks:drawn') {
                performance.mark = mark;
                document.body.getBoundingClientRect();
                resolve([entry.startTime - start, performance.now() - start]);
            }
            return entry;
        };
    });
    document.querySelector(selector).click();
    const stuck = new Promise((resolve) => setTimeout(() => resolve(null), 20000));
    const result = await Promise.race([drawn, stuck]);  // null: no board within 20 s
    performance.mark = mark;
    return result;
}"""


def deal_times(browser, live: LiveSite, preset: str,
               games: int) -> dict[str, list[list[float] | None]]:
    """New game, Restart and today's deal under ``preset``, ``games`` of each."""
    context = browser.new_context()
    page = new_page(context)
    page.goto(live.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT)
    page.evaluate("""(preset) => { tripeaks.options.preset = preset; tripeaks.options.rules = {};
                      tripeaks.storage.save('options', tripeaks.options); }""", preset)
    new = ".actions [data-action=new]"
    page.evaluate(DEAL_TAP, new)  # the first deal under the preset
    times: dict[str, list[list[float] | None]] = {"new": [], "restart": [], "daily": []}
    for _ in range(games):
        times["new"].append(page.evaluate(DEAL_TAP, new))
        page.click("[data-testid=stock]")  # a move, so Restart has something to undo
        page.wait_for_function("() => !tripeaks.engine.busy && tripeaks.save.board.moves > 0")
        page.click(".actions [data-action=restart]")
        page.wait_for_selector("[data-testid=confirm][open]")
        times["restart"].append(page.evaluate(DEAL_TAP, "[data-testid=confirm-yes]"))
        page.click(".actions [data-action=deals]")
        page.wait_for_selector("[data-testid=deals][open]")
        times["daily"].append(page.evaluate(DEAL_TAP, "[data-testid=daily]"))
    context.close()
    return times


def deals_report(browser, live: LiveSite, games: int, presets: list[str]) -> None:
    print("| preset | action | drawn: p50 | p95 | max | styled and laid out: p50 | p95 | max |")
    print("|---|---|---|---|---|---|---|---|")
    for preset in presets:
        times = deal_times(browser, live, preset, games)
        for action, all_values in times.items():
            values = [v for v in all_values if v is not None]
            if len(values) < len(all_values):
                print(f"<!-- {preset} {action}: {len(all_values) - len(values)} with no board "
                      "within 20 s -->")
            cells = []
            for part in (0, 1):
                each = [v[part] for v in values]
                cells += [f"{statistics.median(each):.1f} ms", f"{p95(each):.1f} ms",
                          f"{max(each):.1f} ms"]
            print(f"| {preset} | {action} | " + " | ".join(cells) + " |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--games", type=int, default=50, help="deals of each kind per preset")
    parser.add_argument("--only", choices=("all", "deals", "phone", "taps", "warm"),
                        default="all")
    parser.add_argument("--against", type=Path,
                        help="for --only warm: another built site, its warm visits alternated")
    parser.add_argument("--presets", default=",".join(PRESETS), help="for --only deals")
    parser.add_argument("--site", type=Path, help="serve this built site instead of building one")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        dist = args.site or Path(tmp) / "site"
        if not args.site:
            build.build(dist, quiet=True)
        live = LiveSite(dist)
        with sync_playwright() as playwright:
            browser = launch(playwright)
            version = browser.version
            if args.only == "deals":
                print(f"# {time.strftime('%Y-%m-%d')}, {browser_name(version)}, "
                      f"{platform.machine()}, {os.cpu_count()} cores; {args.games} of each")
                deals_report(browser, live, args.games, args.presets.split(","))
                browser.close()
                live.close()
                return 0
            if args.only == "phone":
                phone_report(browser, live, dist, args.repeats, args.taps, args.games)
                browser.close()
                live.close()
                return 0
            if args.only == "warm":
                warm_report(browser, [live] + ([LiveSite(args.against)] if args.against else []),
                            args.repeats)
                browser.close()
                live.close()
                return 0
            if args.only == "taps":
                tap_runs = [taps(browser, live, args.taps) for _ in range(args.repeats)]
                browser.close()
                live.close()
                print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
                      f"{browser_name(version)}, {os.cpu_count()} cores, load average "
                      f"{os.getloadavg()[0]:.1f}; {args.repeats} runs of {args.taps} taps")
                for name, part in (("tap to updated board (DOM), p95", 0),
                                   ("tap to the next frame after it, p95", 1)):
                    values = [p95([t[part] for t in r]) for r in tap_runs]
                    print(f"| {name} | {statistics.median(values):.1f} ms | "
                          + ", ".join(f"{v:.1f}" for v in values) + " |")
                return 0
            cold = [cold_visit(browser, live, dist) for _ in range(args.repeats)]
            warm = warm_visits(browser, live, args.repeats)
            plain = warm_visits(browser, live, args.repeats, "?snapshot=off")
            tap_runs = [taps(browser, live, args.taps) for _ in range(args.repeats)]
            browser.close()
        live.close()

    med = statistics.median
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {browser_name(version)}, "
          f"{platform.machine()}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}; median of {args.repeats}")
    print("| measure | median | runs |")
    print("|---|---|---|")

    def row(name: str, values: list[float], unit: str = "s", scale: float = 1000) -> None:
        shown = ", ".join(f"{v / scale:.2f}" for v in values)
        print(f"| {name} | {med(values) / scale:.2f} {unit} | {shown} |")

    row("cold first visit: navigation to engine ready", [c[0] for c in cold])
    row("cold first visit: bytes sent by the server", [c[1] for c in cold], "MB", 1e6)
    row("cold first visit: real cards drawn (the build's first deal)", first_cards)
    row("warm: saved board drawn (from navigation)", [r["saved-board-drawn"] for r in warm])
    row("warm: engine ready, memory snapshot", [r["engine-ready"] for r in warm])
    row("warm: engine ready, no snapshot (?snapshot=off)", [r["engine-ready"] for r in plain])
    row("tap to updated board (DOM), p95", [p95([t[0] for t in r]) for r in tap_runs], "ms", 1)
    row("tap to the next frame after it, p95", [p95([t[1] for t in r]) for r in tap_runs], "ms", 1)
    breakdown(warm)
    return 0


def warm_report(browser, sites: list[LiveSite], repeats: int) -> None:
    """Warm visits alone, of one site or of two in turn (two rounds of ``repeats``
    each, so the machine's load falls on both alike): engine ready, and its stages."""
    runs: list[list[dict]] = [[] for _ in sites]
    for _ in range(2):
        for site, kept in zip(sites, runs, strict=True):
            kept.extend(warm_visits(browser, site, repeats))
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"{browser_name(browser.version)}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}; "
          f"{2 * repeats} warm visits a site, in two rounds")
    for site, warm in zip(sites, runs, strict=True):
        ready = [r["engine-ready"] for r in warm]
        print(f"\n{site.root}: engine ready, median {statistics.median(ready) / 1000:.2f} s "
              "(" + ", ".join(f"{v / 1000:.2f}" for v in ready) + ")")
        breakdown(warm)
    for site in sites[1:]:
        site.close()


def breakdown(warm: list[dict]) -> None:
    """Where the warm boots went: each stage's end from navigation, and how long it took."""
    print("\n| warm boot, worker timings | from navigation, median | stage, median | runs (end) |")
    print("|---|---|---|---|")
    for key, what, since in STAGES:
        runs = [r for r in warm if key in r["worker"] and (since is None or since in r["worker"])]
        if not runs:
            continue
        ends = [r["worker"][key] for r in runs]
        took = [r["worker"][key] - (r["worker"][since] if since else 0) for r in runs]
        print(f"| {key}: {what} | {statistics.median(ends):.0f} ms | "
              f"{statistics.median(took):.0f} ms | " + ", ".join(f"{v:.0f}" for v in ends) + " |")
    ends = [r["engine-ready"] for r in warm]
    took = [r["engine-ready"] - r["worker"]["ready"] for r in warm]
    print(f"| app: engine ready (board shown, input on) | {statistics.median(ends):.0f} ms | "
          f"{statistics.median(took):.0f} ms | " + ", ".join(f"{v:.0f}" for v in ends) + " |")


def phone_report(browser, live: LiveSite, dist: Path, repeats: int, taps_count: int,
                 games: int) -> None:
    global emulate
    emulate = phone
    med = statistics.median
    cold = [cold_visit(browser, live, dist) for _ in range(repeats)]
    warm = warm_visits(browser, live, repeats)
    tap_runs = [taps(browser, live, taps_count) for _ in range(repeats)]
    deals = deal_times(browser, live, "standard", games)
    emulate = None
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"{browser_name(browser.version)}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}; "
          f"CPU {PHONE['cpu']}x, {PHONE['down'] * 8 / 1e6:.1f} Mbps down, "
          f"{PHONE['latency']} ms round trip; median of {repeats}")
    for kind, methods in sorted(emulated.items()):
        print(f"<!-- {kind}: " + "; ".join(f"{m} {r}" for m, r in methods.items()) + " -->")
    print("| measure | median | runs |")
    print("|---|---|---|")

    def row(name: str, values: list[float], unit: str = "s", scale: float = 1000) -> None:
        values = [v for v in values if v is not None]
        shown = ", ".join(f"{v / scale:.2f}" for v in values)
        print(f"| {name} | {med(values) / scale:.2f} {unit} | {shown} |")

    row("cold first visit: navigation to engine ready", [c[0] for c in cold])
    row("cold first visit: real cards drawn", first_cards)
    row("warm: saved board drawn", [r["saved-board-drawn"] for r in warm])
    row("warm: engine ready, memory snapshot", [r["engine-ready"] for r in warm])
    row("tap to updated board (DOM), p95", [p95([t[0] for t in r]) for r in tap_runs], "ms", 1)
    row("tap to the next frame after it, p95", [p95([t[1] for t in r]) for r in tap_runs], "ms", 1)
    news = [v[0] for v in deals["new"] if v is not None]
    print(f"| New game (standard), {len(news)} games: p50 / p95 / max | "
          f"{med(news):.1f} / {p95(news):.1f} / {max(news):.1f} ms | |")
    breakdown(warm)


if __name__ == "__main__":
    sys.exit(main())
