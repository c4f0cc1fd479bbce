"""The app's smoke run in WebKit: Debian's WebKitGTK MiniBrowser, driven by Selenium.

    xvfb-run -a python tests/engines/webkit.py SITE NEWER [--bench N] [--out results.json]

SITE is a built site, NEWER a later build of it (the update to offer). Each
check prints ``ok`` or ``FAIL`` with the reason; the last line counts them, and
the exit status is 1 if any failed, 2 if the browser could not start at all.
WebKitWebDriver returns no console logs, so errors are caught three ways: the
page's own record from its first moment (boot.js keeps script errors and
unhandled rejections in ``tripeaksErrors``), a collector this script installs
once the page has loaded (adding console.error), and what the app reports in
the DOM (a failed engine, error notices).
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from serve import LiveSite, TrapProxy, quiet, strangers  # noqa: E402

# Debian puts MiniBrowser in the webkit2gtk-4.1 library folder of the machine's architecture.
MINIBROWSER = os.environ.get("MINIBROWSER_PATH") or next(
    iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))),
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
DRIVER = os.environ.get("WEBKIT_DRIVER_PATH", "/usr/bin/WebKitWebDriver")
BOOT_TIMEOUT = 180  # s: a cold boot on a loaded 2-core CI machine

COLLECT_ERRORS = (HERE / "collect-errors.js").read_text()
REPORTED_ERRORS = """return [
  ...(window.tripeaksErrors || []),
  ...(window.smokeErrors || []),
  ...[...document.querySelectorAll(".notice.error p")].map((p) => `notice: ${p.textContent}`),
  ...(document.documentElement.dataset.engine === "failed" ? ["the engine failed to start"] : []),
]"""
BOARD = """return {
  slots: [...document.querySelectorAll('[data-slot]')].map(el =>
    el.hasAttribute('data-removed') ? '' : (el.dataset.card || null)),
  stock: Number(document.querySelector('[data-testid=stock]').dataset.count),
  waste: document.querySelector('[data-testid=waste]').dataset.card || null,
}"""
PAGE_STATE = (HERE.parent / "page-state.js").read_text()
READY_MS = ("const m = performance.getEntriesByName('tripeaks:engine-ready')[0];"
            " return m ? Math.round(m.startTime) : null")
SNAPSHOT_KEPT = "return (" + (HERE.parent / "snapshot-kept.js").read_text() + ")()"


def start_browser(proxy_port: int = 9):
    """A fresh MiniBrowser session (its own empty profile), or SystemExit(2) saying why not.

    Every host but 127.0.0.1 goes through the proxy at ``proxy_port`` (by
    default one that is not there: nothing leaves)."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    for path in (MINIBROWSER, DRIVER):
        if not os.access(path, os.X_OK):
            print(f"FAIL webkit: {path} is missing (apt-get install webkit2gtk-driver)", flush=True)
            sys.exit(2)
    options = Options()
    options.binary_location = MINIBROWSER
    options.set_capability("browserName", "MiniBrowser")
    options.add_argument("--automation")
    options.add_argument(f"--proxy=http://127.0.0.1:{proxy_port}")
    options.add_argument("--ignore-host=127.0.0.1")
    service = Service(executable_path=DRIVER, service_args=["--host=127.0.0.1"])
    try:
        driver = webdriver.WebKitGTK(options=options, service=service)
    except Exception as error:
        print(f"FAIL webkit: the browser could not start: {error}", flush=True)
        sys.exit(2)
    driver.set_script_timeout(60)
    return driver


class Run:
    def __init__(self, driver) -> None:
        self.driver = driver
        self.passed = self.failed = 0
        self.errors: list[str] = []
        self.results: dict = {"engine": "WebKit", "checks": {}}

    def check(self, name: str, ok: bool, detail: object = "") -> bool:
        self.results["checks"][name] = bool(ok)
        if ok:
            self.passed += 1
            print(f"ok   webkit: {name}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL webkit: {name}: {detail}", flush=True)
        return ok

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, script: str, *args, timeout: float = 30, what: str = "") -> bool:
        end = time.monotonic() + timeout
        last_error = None
        while time.monotonic() < end:
            try:
                if self.js(script, *args):
                    return True
                last_error = None
            except Exception as error:  # the page is between documents (or gone)
                last_error = error
            time.sleep(0.1)
        said = (f"; the last try raised {type(last_error).__name__}: {last_error}"
                if last_error else "")
        raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what or script}{said};"
                           f" the page then: {self.state()}")

    def state(self) -> object:
        """What a failed wait saw: engine, version, notices, service workers, errors."""
        try:
            return self.js("return (" + PAGE_STATE + ")")
        except Exception as error:
            return f"unreadable ({type(error).__name__}: {error})"

    def wait_ready(self) -> int:
        try:
            self.wait("return document.documentElement.dataset.engine === 'ready'"
                      " || document.documentElement.dataset.engine === 'failed'",
                      timeout=BOOT_TIMEOUT, what="the engine to be ready")
        except TimeoutError:
            state = self.js("return [document.documentElement.dataset.engine,"
                            " document.querySelector('.boot-text')?.textContent]")
            raise AssertionError(f"the engine never got ready: {state}") from None
        self.js(COLLECT_ERRORS)
        if self.js("return document.documentElement.dataset.engine") == "failed":
            raise AssertionError(f"the engine failed: {self.js(REPORTED_ERRORS)}")
        return self.js(READY_MS)

    def keep_errors(self) -> None:
        """Take the page's errors before it goes away (a reload forgets them)."""
        self.errors += self.js(REPORTED_ERRORS)

    def reload(self) -> int:
        self.keep_errors()
        self.driver.refresh()
        return self.wait_ready()

    def tap(self, selector: str) -> None:
        from selenium.webdriver.common.by import By
        before = self.js("return document.querySelector('[data-testid=waste]').dataset.card")
        self.driver.find_element(By.CSS_SELECTOR, selector).click()
        self.wait("return document.querySelector('[data-testid=waste]').dataset.card"
                  " !== arguments[0]", before, what=f"the waste to change after tapping {selector}")

    def board(self) -> dict:
        return self.js(BOARD)

    def build(self) -> str:
        return self.js("return tripeaks.engine.info.build")


def smoke(site_dir: Path, newer: Path) -> Run:
    live = quiet(LiveSite(site_dir))
    trap = TrapProxy()  # another origin's request lands here, and is named
    driver = start_browser(trap.port)
    run = Run(driver)
    try:
        run.results["version"] = driver.capabilities.get("browserVersion")
        driver.set_window_size(390, 844)
        driver.get(live.url)
        run.results["cold_ms"] = run.wait_ready()
        run.check("boots to ready", True)

        # Draw until a peak card fits the waste (most deals allow one at once), then play it.
        playable = 0
        while not playable and run.board()["stock"] > 1:
            playable = run.js("return document.querySelectorAll('[data-playable]').length")
            if not playable:
                run.tap("[data-testid=stock]")
        if playable:
            run.tap("[data-slot][data-playable]")
        played = run.board()
        run.check("plays a card", playable and played["slots"].count("") == 1, played)
        run.tap("[data-testid=stock]")
        drawn = run.board()
        run.check("draws from the stock", drawn["stock"] == played["stock"] - 1, drawn)

        run.wait("return navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT,
                 what="the service worker to control the page")
        run.wait(SNAPSHOT_KEPT, timeout=60, what="the engine's memory snapshot to be kept")
        run.results["warm_ms"] = run.reload()
        run.check("a reload finds the same game", run.board() == drawn, run.board())
        run.results["probes"] = probes = run.js("return (" + (HERE / "probe.js").read_text() + ")")
        run.check("the reload boots from the memory snapshot",
                  probes["memorySnapshot"] == "used", probes["memorySnapshot"])
        run.check("Web Locks work (or are absent: storage runs without)",
                  probes["webLocks"] in ("granted", "absent"), probes["webLocks"])
        run.check("DecompressionStream decodes gzip",
                  isinstance(probes["decompressionStream"], dict)
                  and probes["decompressionStream"]["gzip"], probes["decompressionStream"])
        run.check("saves go to localStorage", probes["appStorage"] == "localStorage",
                  probes["appStorage"])
        pictures = probes["courtPictures"]
        run.check("the court figures' pictures load",
                  isinstance(pictures, dict) and len(pictures) == 6 and all(pictures.values()),
                  pictures)

        # Another language, for this visit only: Arabic, right to left, the same game.
        arabic = json.loads((site_dir / "locales" / "ar.json").read_text(encoding="utf-8"))
        driver.get(live.url + "?lang=ar")
        run.wait_ready()
        html = run.js("return [document.documentElement.lang, document.documentElement.dir]")
        run.check("?lang=ar reads right to left", html == ["ar", "rtl"], html)
        label = run.js("return document.querySelector('.actions [data-action=new] .label')"
                       ".textContent")
        run.check("the toolbar speaks Arabic", label == arabic["messages"]["toolbar-new"], label)
        run.check("the same game in Arabic", run.board() == drawn, run.board())
        driver.get(live.url)
        run.wait_ready()

        old_build = run.build()
        live.swap(newer)
        run.js("return navigator.serviceWorker.getRegistration().then(r => r.update())")
        run.wait("return document.querySelector('[data-notice=update]') !== null",
                 timeout=BOOT_TIMEOUT, what="the update offer")
        run.keep_errors()
        from selenium.webdriver.common.by import By
        driver.find_element(By.CSS_SELECTOR, "[data-notice-action=update]").click()
        run.wait("try { return tripeaks.engine.info.build !== arguments[0]"
                 " && document.documentElement.dataset.engine === 'ready' } catch { return false }",
                 old_build, timeout=BOOT_TIMEOUT, what="the new version to be ready")
        run.wait_ready()
        run.check("a new version installs and keeps the game", run.board() == drawn, run.board())

        run.wait(SNAPSHOT_KEPT, timeout=60, what="the new version's memory snapshot to be kept")
        live.close()  # offline: nothing can come from the server now
        run.reload()
        run.check("offline, a reload finds the same game", run.board() == drawn, run.board())

        run.keep_errors()
        run.check("no script error, console error or error notice", not run.errors, run.errors)
        odd = strangers(live.requests, [site_dir, newer])
        run.check("the server saw only the site's own files", not odd, odd)
        run.check("no request to another origin", not trap.requests, trap.requests)
    except Exception as error:
        run.check("the smoke run finished", False, f"{type(error).__name__}: {error}")
    finally:
        driver.quit()
        live.close()
        trap.close()
    return run


def bench(site_dir: Path, repeats: int) -> dict:
    """Cold (a fresh profile) and warm (a reload from the snapshot) boots, ``repeats`` each."""
    cold, warm = [], []
    for _ in range(repeats):
        live = quiet(LiveSite(site_dir))
        driver = start_browser()
        run = Run(driver)
        try:
            driver.get(live.url)
            cold.append(run.wait_ready())
            run.wait("return navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
            run.wait(SNAPSHOT_KEPT, timeout=60)
            warm.append(run.reload())
        finally:
            driver.quit()
            live.close()
    return {"cold_ms": cold, "warm_ms": warm,
            "cold_median_ms": statistics.median(cold), "warm_median_ms": statistics.median(warm)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("newer", type=Path)
    parser.add_argument("--bench", type=int, default=0, help="also time N cold and warm boots")
    parser.add_argument("--out", type=Path, help="write the results (probes, timings) here")
    args = parser.parse_args()
    run = smoke(args.site, args.newer)
    if args.bench:
        run.results["bench"] = bench(args.site, args.bench)
        print("webkit boot times:", json.dumps(run.results["bench"]), flush=True)
    if args.out:
        args.out.write_text(json.dumps(run.results, indent=1))
    print(f"webkit: {run.passed} passed, {run.failed} failed", flush=True)
    sys.exit(1 if run.failed else 0)


if __name__ == "__main__":
    main()
