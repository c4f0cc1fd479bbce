#!/usr/bin/env python3
"""The engine's start in Debian's desktop Chromium and in its headless shell, side
by side in one run: warm starts (a saved game reloaded), first visits, and a phone.

    .venv/bin/python bench/bench_boot.py [--repeats 5] [--site DIR] [--against DIR]
    .venv/bin/python bench/bench_boot.py --only cold [--repeats 3]
    .venv/bin/python bench/bench_boot.py --only phone [--repeats 3] [--browsers desktop]
    .venv/bin/python bench/bench_boot.py --phone-cpu --browsers desktop --site A --against B
    .venv/bin/python bench/bench_boot.py --only trace --out boot-trace.json

warm   each browser (and each site, with --against) gets one profile with the app
       and a game in progress, played until its starts read the runtime's compiled
       code the browser keeps (a returning player's state; --compiled-code); the warm
       starts are then taken by turns, one of each browser (and site) a round, so the
       machine's load falls on all alike. With profiles on disk (--profile disk) the
       starts are taken in browsers no test tool is attached to, as a player's
       (bench/bare_browser.py; --attached: with Playwright attached, as before).
       Per browser: the saved board drawn and the engine ready (from navigation
       start, the page's own marks), and every stage of the worker's boot
       (engine-worker.js timings, on the page's clock).
cold   a first visit in a fresh profile, by turns: navigation to engine ready, and
       the bytes the server sent.
phone  the first visit and the warm start under a slow phone (bench_app.PHONE:
       CPU 4x slower, 1.6 Mbps down, 150 ms round trip; set on the page, its
       workers and its service worker), and what the boot bar said on the way.
       The warm start twice: with the CPU alone (its files come from the device;
       the files the server sent meanwhile are listed) and with the network's
       emulation too (Chromium delays even what Cache Storage answers).
trace  one warm start in the desktop browser (a profile on disk, played until its
       compiled code is kept, no test tool attached) with a performance trace of the
       whole browser (Chrome's trace format, for chrome://tracing or Perfetto) written
       to --out, and the longest events summed by thread and name.

Desktop Chromium runs in its own headless mode (the whole browser, as a player's,
without a window: there is no display here); the shell is Playwright's usual
headless Chromium. Nothing is asserted; the figures go to docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from bench import bench_app  # noqa: E402
from bench.bare_browser import BareBrowser  # noqa: E402
from bench.bench_app import BOOT, MARKS, READY, STAGES, WORKER, new_page  # noqa: E402
from tests.e2e.app import SNAPSHOT_KEPT, wait_until  # noqa: E402
from tests.e2e.browser import CHROMIUM_ARGS  # noqa: E402
from tests.e2e.server import LiveSite  # noqa: E402

BROWSERS = {"desktop": "/usr/bin/chromium", "shell": "/usr/bin/chromium-headless-shell"}
NAMES = {"desktop": "desktop Chromium", "shell": "headless shell"}

# The boot bar's states as the page shows them (for the phone's first visit).
BAR = """(() => {
    window.__bar = [];
    new MutationObserver(() => {
        const boot = document.querySelector('[data-testid=boot]');
        const bar = boot && boot.querySelector('progress');
        if (!bar || boot.hidden) return;
        const now = [performance.now(), Number(bar.value),
                     boot.querySelector('.boot-text').textContent];
        const last = window.__bar[window.__bar.length - 1];
        if (!last || last[1] !== now[1] || last[2] !== now[2]) window.__bar.push(now);
    }).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
})()"""


def launch(playwright, which: str):
    return playwright.chromium.launch(executable_path=BROWSERS[which], args=CHROMIUM_ARGS)


PROFILES: list[tempfile.TemporaryDirectory] = []  # the on-disk profiles, removed at exit


def launch_profile(playwright, which: str, profile: str):
    """A browser for one warmed profile: an incognito context in a shared browser
    ("incognito": Cache Storage in memory), or a browser of its own on a profile on
    disk ("disk": as a player's browser keeps the app)."""
    if profile == "incognito":
        return launch(playwright, which)
    PROFILES.append(tempfile.TemporaryDirectory())
    return reopened(playwright, which, PROFILES[-1].name)


def reopened(playwright, which: str, path: str):
    """A browser of its own on the profile at ``path`` (launched anew: a new process)."""
    context = playwright.chromium.launch_persistent_context(
        path, executable_path=BROWSERS[which], args=CHROMIUM_ARGS)
    context.profile_path = path
    return context


def come_back(playwright, which: str, context, live: LiveSite):
    """The browser closed and opened again on its profile, the app's tab open: a player
    coming back later. (A reload keeps the process, where V8 may reuse the module the
    page before compiled, and Chromium keeps no compiled code for a reused module.)"""
    path = context.profile_path
    context.close()
    context = reopened(playwright, which, path)
    page = context.pages[0] if context.pages else new_page(context)
    page.goto(live.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT)
    return context


class OnDisk:
    """A profile on disk's browser, as header() names it (Playwright gives a persistent
    context no Browser): its version, read from the browser itself."""

    def __init__(self, context) -> None:
        cdp = context.new_cdp_session(context.pages[0])
        self.version = cdp.send("Browser.getVersion")["product"].split("/")[-1]
        cdp.detach()

    def is_connected(self) -> bool:
        return False  # closed with its context


# The app kept on the device: its service worker active and the engine's snapshot kept.
INSTALLED = ("""async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(registration && registration.active) && await (""" + SNAPSHOT_KEPT + """)();
}""")


# A player's warm start follows a game: the engine has worked for minutes. So the apps
# are played this long (--played, 0: not at all) before their starts are measured.
PLAYED_S = 20.0
DRAW_EVERY_MS = 1500

# Chromium keeps a wasm module's compiled code beside its cached file (V8's rule: once
# some of it has been optimised and then no more for 2 s): a first visit's compile (from
# the download's stream) is never kept, but a returning player's session, its moves and
# its pauses, gets there, and their starts read it (traced: the wasm's functions are then
# not compiled again as they are called, 3 of them instead of 1077, nor all the others
# checked). Played after reloads alone, whether the apps got there was chance: a reload's
# compile often reuses the module the page before compiled, which nothing is kept for.
# And a fresh compile is kept only some of the time (traced: one session of two). So by
# default (--compiled-code kept) each app's browser is closed and opened again after the
# warm-up, as a player comes back, played and left idle IDLE_S, as a player pauses, and
# that is done again (a new session) until one of its starts reads the kept code (a
# traced reload), COMPILED_ROUNDS sessions at most; the header says which session got
# there. "as-played" measures the apps as the play left them.
COMPILED_ROUNDS = 5
IDLE_S = 3.0
CODE_READ = "v8.wasm.moduleCacheHit"  # Blink's trace event: a wasm compile read kept code


def reads_compiled_code(context, live: LiveSite) -> bool:
    """Whether the app's start reads the runtime's compiled code the browser keeps: one
    reload of its tab, traced (Blink says so in a trace event for each wasm it reads)."""
    page = context.pages[0]
    cdp = context.new_cdp_session(page)
    events: list[dict] = []
    done: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda sent: events.extend(sent["value"]))
    cdp.on("Tracing.tracingComplete", lambda _: done.append(True))
    cdp.send("Tracing.start", {"transferMode": "ReportEvents", "traceConfig": {
        "includedCategories": ["disabled-by-default-devtools.timeline"]}})
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT)
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(50)
    cdp.detach()
    wasm = live.url + "pyodide/pyodide.asm.wasm"
    return any(e.get("name") == CODE_READ and e.get("args", {}).get("url") == wasm
               for e in events)


def until_compiled_code_kept(playwright, contexts: dict, sites: dict, seconds: float) -> dict:
    """Each app left idle IDLE_S (a player's pause), then, until its start reads the
    runtime's compiled code (COMPILED_ROUNDS times at most), its browser opened again (on
    a profile on disk) and the app played ``seconds`` more; ``contexts`` is updated with
    the browsers opened. Returns how many sessions each took, or None for one that never
    got there."""
    sessions = {}
    for key, context in contexts.items():
        sessions[key] = None
        for round_ in range(COMPILED_ROUNDS):
            if round_:
                if hasattr(context, "profile_path"):
                    context = contexts[key] = come_back(playwright, key[0], context, sites[key[1]])
                played([context], seconds)
            context.pages[0].wait_for_timeout(IDLE_S * 1000)
            if reads_compiled_code(context, sites[key[1]]):
                sessions[key] = round_ + 1
                break
    return sessions


def played(contexts, seconds: float) -> None:
    """The warmed apps played ``seconds`` together: a card drawn from each one's stock
    every DRAW_EVERY_MS, as a player's first moves (the engine answers each, and rates
    the next deals in the pauses)."""
    pages = [page for context in contexts for page in context.pages[:1]]
    end = time.monotonic() + seconds
    while pages and time.monotonic() < end:
        for page in pages:
            page.evaluate("() => document.querySelector('[data-testid=stock]')?.click()")
        pages[0].wait_for_timeout(DRAW_EVERY_MS)


def warmed(browser, live: LiveSite):
    """A profile with the app, its snapshot kept, and a game in progress (``browser``:
    a Browser, whose new incognito context it is, or a persistent context, itself)."""
    context = browser.new_context() if hasattr(browser, "new_context") else browser
    blank = list(context.pages)  # a profile on disk opens with a blank tab: not the app's
    page = new_page(context)
    for tab in blank:
        tab.close()
    page.goto(live.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT)
    page.click("[data-testid=stock]")
    wait_until(page, INSTALLED, timeout=BOOT)  # the game saved, the snapshot kept
    page.close()
    page = new_page(context)  # kept open: the tab a warm start reloads
    for _ in range(2):  # the first restores warm the code cache
        page.goto(live.url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT)
    return context


QUIET_BUSY = 0.10  # of the machine's CPU time: at rest below this
QUIET_WINDOW_S = 0.2
QUIET_TIMEOUT_S = 5.0
unquiet: list[float] = []  # the busy share at each start that found no rest in time


def cpu_times() -> tuple[int, int]:
    """(busy, total) jiffies of the whole machine so far (Linux's /proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return sum(fields) - idle, sum(fields)


def at_rest() -> None:
    """Wait until the machine has been at rest for QUIET_WINDOW_S (its cores busy under
    QUIET_BUSY of the time), QUIET_TIMEOUT_S at most: each start begins on a device at
    rest, as a player's is when they open the app, not on what the last start (the
    other site's, by turns) left running: its tiering-up, its code caches written. A
    start that found no rest in time is counted (``unquiet``)."""
    if not Path("/proc/stat").exists():
        return
    end = time.monotonic() + QUIET_TIMEOUT_S
    share = 1.0
    while time.monotonic() < end:
        busy, total = cpu_times()
        time.sleep(QUIET_WINDOW_S)
        busy2, total2 = cpu_times()
        share = (busy2 - busy) / max(1, total2 - total)
        if share < QUIET_BUSY:
            return
    unquiet.append(share)


def warm_start(context, live: LiveSite, tab: str = "reload") -> dict:
    """One warm start, on a machine at rest (at_rest): the app's tab reloaded
    (tab="reload", as a player reloads, or comes back to a tab the browser discarded),
    or opened in a new tab ("new")."""
    at_rest()
    if isinstance(context, BareBrowser):
        return context.reload_start(MARKS, WORKER)
    page = next(iter(context.pages), None) if tab == "reload" else None
    if page is None:
        page = new_page(context)
        page.goto(live.url)
    else:
        page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT)
    run = {**page.evaluate(MARKS), "worker": page.evaluate(WORKER)}
    if tab != "reload":
        page.close()
    return run


def cold_visit(browser, live: LiveSite, dist: Path, bar: bool = False) -> dict:
    context = browser.new_context()
    live.handler.downloads.clear()
    page = new_page(context)
    if bar:
        page.add_init_script(BAR)
    page.goto(live.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT)
    run = {**page.evaluate(MARKS), "bar": page.evaluate("window.__bar || []"),
           "worker": page.evaluate(WORKER)}
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT)
    sent = sum((dist / p.lstrip("/")).stat().st_size
               for p in set(live.handler.downloads) if (dist / p.lstrip("/")).is_file())
    run["sent"] = sent
    context.close()
    return run


def header(browsers: dict, what: str) -> str:
    names = "; ".join(f"{NAMES[k]} {b.version}" for k, b in browsers.items())
    rest = (f"; {len(unquiet)} starts found no rest in {QUIET_TIMEOUT_S:g} s "
            f"(busy {statistics.median(unquiet):.0%})" if unquiet else "")
    return (f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {names}; "
            f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end{rest}; "
            f"{what}")


def row(name: str, values: list[float], unit: str = "s", scale: float = 1000) -> str:
    values = [v for v in values if v is not None]
    shown = ", ".join(f"{v / scale:.2f}" for v in values)
    return f"| {name} | {len(values)} | {statistics.median(values) / scale:.2f} {unit} | {shown} |"


def stages_table(runs_by: dict[str, list[dict]]) -> None:
    """Each stage of the warm boot, median ms from navigation and the stage's own length,
    one column pair per browser."""
    keys = list(runs_by)
    print("\n| stage (worker timing) | " + " | ".join(
        f"{NAMES.get(k, k)}: end | took" for k in keys) + " |")
    print("|---|" + "---|---|" * len(keys))
    for key, what, since in STAGES:
        cells = []
        for k in keys:
            runs = [r for r in runs_by[k]
                    if key in r["worker"] and (since is None or since in r["worker"])]
            if not runs:
                cells += ["", ""]
                continue
            ends = [r["worker"][key] for r in runs]
            took = [r["worker"][key] - (r["worker"][since] if since else 0) for r in runs]
            cells += [f"{statistics.median(ends):.0f} ms", f"{statistics.median(took):.0f} ms"]
        print(f"| {key}: {what} | " + " | ".join(cells) + " |")
    cells = []
    for k in keys:
        ends = [r["engine-ready"] for r in runs_by[k]]
        took = [r["engine-ready"] - r["worker"]["ready"] for r in runs_by[k]]
        cells += [f"{statistics.median(ends):.0f} ms", f"{statistics.median(took):.0f} ms"]
    print("| app: engine ready (board live) | " + " | ".join(cells) + " |")


def unattached(contexts: dict, sites: dict[str, LiveSite]) -> dict:
    """Each app's browser (a profile on disk) closed and opened again with no test tool
    attached (bare_browser), the app's tab open and booted: a player's browser."""
    bare = {}
    for (k, s), context in contexts.items():
        path = context.profile_path
        context.close()
        bare[(k, s)] = BareBrowser(BROWSERS[k], path, sites[s].url, CHROMIUM_ARGS,
                                   headless=(k == "desktop"), timeout_s=BOOT / 1000)
    return bare


def warm_report(playwright, which: list[str], sites: dict[str, LiveSite], repeats: int,
                tab: str, profile: str = "incognito", seconds: float = PLAYED_S,
                compiled: str = "kept", attached: bool = False) -> None:
    if profile == "incognito":
        browsers = {k: launch(playwright, k) for k in which}
        contexts = {(k, s): warmed(b, live) for k, b in browsers.items()
                    for s, live in sites.items()}
    else:
        contexts = {(k, s): warmed(launch_profile(playwright, k, profile), live)
                    for k in which for s, live in sites.items()}
        if compiled == "kept":
            contexts = {(k, s): come_back(playwright, k, context, sites[s])
                        for (k, s), context in contexts.items()}
        browsers = {k: OnDisk(contexts[(k, next(iter(sites)))]) for k in which}
    played(contexts.values(), seconds)
    sessions = {}
    if compiled == "kept":
        sessions = until_compiled_code_kept(playwright, contexts, sites, seconds or PLAYED_S)
    # A player's browser has no test tool attached: Playwright's own work during a start
    # (each request reported, each worker paused until it is attached, its scripts in
    # the page) falls on the same two cores. So the starts are taken without it, where
    # a profile on disk allows (and nothing is emulated, which takes Playwright's hooks).
    attached = attached or profile != "disk" or bench_app.emulate is not None or tab != "reload"
    if not attached:
        contexts = unattached(contexts, sites)
    runs: dict[tuple[str, str], list[dict]] = defaultdict(list)
    # By turns, each round in the order opposite to the last (ABBA): whichever goes
    # first after the other's start pays for what that start left running.
    order = list(contexts.items())
    for _ in range(repeats):
        for (k, s), context in order:
            runs[(k, s)].append(warm_start(context, sites[s], tab))
        order.reverse()
    how = "the tab reloaded" if tab == "reload" else "each in a new tab"
    if bench_app.emulate:
        how += f", the page's CPU {bench_app.PHONE['cpu']}x slower"
    where = "incognito profiles" if profile == "incognito" else "profiles on disk"
    where += f", the apps played {seconds:g} s first" if seconds else ", the apps only warmed"
    if sessions:
        kept = [f"{NAMES[k]}{', ' + s if len(sites) > 1 else ''}: "
                + ("not in time" if n is None else f"session {n}")
                for (k, s), n in sessions.items()]
        where += (", then until their starts read the runtime's compiled code the browser "
                  f"keeps ({'; '.join(kept)})")
    where += (f", each start on a machine at rest (under {QUIET_BUSY:.0%} busy for "
              f"{QUIET_WINDOW_S:g} s)")
    where += (", Playwright attached during the starts" if attached else
              ", no test tool attached during the starts (each browser opened again on its "
              "profile, driven by one DevTools pipe: the reload, then the page's marks)")
    print(header(browsers, f"{repeats} warm starts each ({how}, {where}), by turns, ABBA"))
    print("| measure | runs | median | each run |")
    print("|---|---|---|---|")
    for (k, s), got in runs.items():
        label = NAMES[k] + (f", {s}" if len(sites) > 1 else "")
        print(row(f"{label}: engine ready", [r["engine-ready"] for r in got]))
        print(row(f"{label}: saved board drawn", [r.get("saved-board-drawn") for r in got]))
    stages_table({(NAMES[k] + (f", {s}" if len(sites) > 1 else "")): got
                  for (k, s), got in runs.items()})
    for context in contexts.values():
        context.close()
    for b in browsers.values():
        if b.is_connected():
            b.close()


def cold_report(playwright, which: list[str], live: LiveSite, dist: Path, repeats: int) -> None:
    browsers = {k: launch(playwright, k) for k in which}
    runs: dict[str, list[dict]] = defaultdict(list)
    for _ in range(repeats):
        for k, b in browsers.items():
            runs[k].append(cold_visit(b, live, dist))
    print(header(browsers, f"{repeats} first visits each, by turns"))
    print("| measure | runs | median | each run |")
    print("|---|---|---|---|")
    for k, got in runs.items():
        print(row(f"{NAMES[k]}: first visit, engine ready", [r["engine-ready"] for r in got]))
        print(row(f"{NAMES[k]}: first visit, first deal drawn",
                  [r.get("first-deal-drawn") for r in got]))
        print(row(f"{NAMES[k]}: bytes sent", [r["sent"] for r in got], "MB", 1e6))
    for b in browsers.values():
        b.close()


def phone_report(playwright, which: list[str], live: LiveSite, dist: Path, repeats: int,
                 seconds: float = PLAYED_S, profile: str = "incognito") -> None:
    bench_app.emulate = bench_app.phone
    browsers = {k: launch(playwright, k) for k in which}

    def kept_apps():
        """Each browser's app warmed and played: in an incognito context of the browser
        the first visits ran in, or in a browser on a profile on disk of its own."""
        contexts = {k: warmed(b if profile == "incognito"
                              else launch_profile(playwright, k, profile), live)
                    for k, b in browsers.items()}
        played(contexts.values(), seconds)
        return contexts

    cold: dict[str, list[dict]] = defaultdict(list)
    for _ in range(repeats):
        for k, b in browsers.items():
            cold[k].append(cold_visit(b, live, dist, bar=True))
    # The warm start as the issue measures it, the CPU alone (its files come from the
    # device: the server must see none of them), then under the network's emulation
    # too, which Chromium applies even to what comes from Cache Storage.
    bench_app.emulate = functools.partial(bench_app.phone, network=False)
    contexts = kept_apps()
    warm_cpu: dict[str, list[dict]] = defaultdict(list)
    live.handler.downloads.clear()
    for _ in range(repeats):
        for k, context in contexts.items():
            warm_cpu[k].append(warm_start(context, live))
    fetched = sorted(set(live.handler.downloads))
    for context in contexts.values():
        context.close()
    bench_app.emulate = bench_app.phone
    contexts = kept_apps()
    warm: dict[str, list[dict]] = defaultdict(list)
    for _ in range(repeats):
        for k, context in contexts.items():
            warm[k].append(warm_start(context, live))
    for context in contexts.values():
        context.close()
    phone = bench_app.PHONE
    kept = "incognito profiles" if profile == "incognito" else "profiles on disk"
    print(header(browsers, f"a phone: CPU {phone['cpu']}x, {phone['down'] * 8 / 1e6:.1f} "
                           f"Mbps down, {phone['latency']} ms round trip; {repeats} runs each, "
                           f"by turns; the warm starts on {kept}"))
    for kind, methods in sorted(bench_app.emulated.items()):
        print(f"<!-- {kind}: " + "; ".join(f"{m} {r}" for m, r in methods.items()) + " -->")
    print("| measure | runs | median | each run |")
    print("|---|---|---|---|")
    for k in browsers:
        print(row(f"{NAMES[k]}: first visit, engine ready", [r["engine-ready"] for r in cold[k]]))
        print(row(f"{NAMES[k]}: first visit, first deal drawn",
                  [r.get("first-deal-drawn") for r in cold[k]]))
        for name, runs in (("4x CPU", warm_cpu[k]), ("4x CPU and the network emulated", warm[k])):
            print(row(f"{NAMES[k]}: warm start ({name}), engine ready",
                      [r["engine-ready"] for r in runs]))
            print(row(f"{NAMES[k]}: warm start ({name}), saved board drawn",
                      [r.get("saved-board-drawn") for r in runs]))
    print(f"\nFiles the server sent during the CPU-only warm starts: {fetched or 'none'}")
    for k in browsers:
        print(f"\n{NAMES[k]}, the boot bar on the last first visit "
              "(s from navigation, value, words):")
        states = cold[k][-1]["bar"]
        for i, (at, value, words) in enumerate(states):
            # Every change of words, and the download about every fifth of the way.
            before = states[i - 1] if i else None
            if (before is None or not words.startswith("Downloading")
                    or not before[2].startswith("Downloading") or i + 1 == len(states)
                    or int(value * 10) != int(before[1] * 10)):
                print(f"    {at / 1000:6.1f}  {value:.2f}  {words}")
        worker = cold[k][-1]["worker"]
        stages = sorted(worker.items(), key=lambda kv: kv[1])
        print(f"\n{NAMES[k]}, the engine's worker on the last first visit (s from navigation): "
              + ", ".join(f"{name} {at / 1000:.2f}" for name, at in stages))
    stages_table({f"{NAMES[k]}, 4x CPU": got for k, got in warm_cpu.items()})
    for b in browsers.values():
        b.close()


def trace_report(playwright, live: LiveSite, out: Path, which: str,
                 seconds: float = PLAYED_S) -> None:
    contexts = {(which, "site"): warmed(launch_profile(playwright, which, "disk"), live)}
    played(contexts.values(), seconds)
    sessions = until_compiled_code_kept(playwright, contexts, {"site": live}, seconds or PLAYED_S)
    browser = unattached(contexts, {"site": live})[(which, "site")]
    at_rest()
    run, events = browser.traced_reload_start(MARKS, WORKER, [
        "devtools.timeline", "v8", "v8.execute", "disabled-by-default-v8.compile",
        "disabled-by-default-devtools.timeline", "blink", "loading", "ServiceWorker",
        "CacheStorage", "toplevel", "disabled-by-default-v8.wasm.detailed", "v8.wasm"])
    browser.close()
    out.write_text(json.dumps({"traceEvents": events}))
    worker = run.pop("worker")  # what is left: the page's marks
    session = sessions[(which, "site")]
    kept = "not in time" if session is None else f"session {session}"
    print(header({which: browser}, "one traced warm start (the tab reloaded, a profile on disk, "
                 f"the compiled code kept: {kept}; no test tool attached, the browser's own "
                 f"tracing), written to {out}"))
    print(f"engine ready {run['engine-ready']:.0f} ms; worker: "
          + ", ".join(f"{k} {v:.0f}" for k, v in worker.items()))
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    totals: dict[tuple[str, str], list[float]] = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and e.get("dur", 0) >= 1000:
            thread = names.get((e["pid"], e["tid"]), str(e["tid"]))
            totals[(thread, e["name"])].append(e["dur"] / 1000)
    print("\n| thread | event | count | total ms | longest ms |")
    print("|---|---|---|---|---|")
    for (thread, name), durs in sorted(totals.items(), key=lambda kv: -sum(kv[1]))[:40]:
        print(f"| {thread} | {name} | {len(durs)} | {sum(durs):.0f} | {max(durs):.0f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("warm", "cold", "phone", "trace"), default="warm")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--browsers", default="desktop,shell")
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--against", type=Path, help="for warm: a second site, by turns")
    parser.add_argument("--out", type=Path, default=Path("boot-trace.json"))
    parser.add_argument("--tab", choices=("reload", "new"), default="reload",
                        help="warm: reload the app's tab (default) or open a new tab each time")
    parser.add_argument("--profile", choices=("incognito", "disk"), default="incognito",
                        help="warm, phone's warm starts: incognito contexts (default) or "
                        "profiles on disk, as players'")
    parser.add_argument("--played", type=float, default=PLAYED_S, metavar="S",
                        help="warm, phone, trace: the apps played S seconds (a card drawn "
                        "every 1.5 s) before the measured starts (default "
                        f"{PLAYED_S:g}; 0: only warmed)")
    parser.add_argument("--compiled-code", choices=("kept", "as-played"), default="kept",
                        help="warm: the apps played on until their starts read the runtime's "
                        "compiled code the browser keeps, as a returning player's (default), "
                        "or measured as the play left them")
    parser.add_argument("--attached", action="store_true",
                        help="warm: Playwright stays attached during the measured starts (as "
                        "before 2026-12-06; always so for incognito, --tab new, --phone-cpu)")
    parser.add_argument("--phone-cpu", action="store_true",
                        help="warm: each page's CPU throttled as the phone's (4x), the network not")
    args = parser.parse_args()
    if args.phone_cpu:
        bench_app.emulate = functools.partial(bench_app.phone, network=False)
    which = args.browsers.split(",")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        dist = args.site or Path(tmp) / "site"
        if not args.site:
            build.build(dist, quiet=True)
        sites = {"site": LiveSite(dist)}
        if args.against:
            sites = {str(args.site or "built"): sites["site"],
                     str(args.against): LiveSite(args.against)}
        live = next(iter(sites.values()))
        with sync_playwright() as playwright:
            if args.only == "warm":
                warm_report(playwright, which, sites, args.repeats, args.tab, args.profile,
                            args.played, args.compiled_code, args.attached)
            elif args.only == "cold":
                cold_report(playwright, which, live, dist, args.repeats)
            elif args.only == "phone":
                phone_report(playwright, which, live, dist, args.repeats, args.played,
                             args.profile)
            else:
                trace_report(playwright, live, args.out, which[0], args.played)
        for site in sites.values():
            site.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
