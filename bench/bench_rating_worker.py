#!/usr/bin/env python3
"""Time the difficulty rating in the app's own worker (Pyodide in Chromium), as a player's
deal is rated: the page asks ``rate`` for deals 0..N-1 one after another, timed from the
request to the answer (wall time; the worker's own solver cache kept, as in the app).

    python build.py --out .cache/site-bench
    python bench/bench_rating_worker.py .cache/site-bench --deals 100 [--preset challenge]

Serves the built site on 127.0.0.1 and opens Debian's Chromium (or CHROMIUM_PATH) at
390x844. Prints one JSON object: the times (mean, median, p95, p99, max, in ms), the
playouts won per deal (the same as ``bench_rating.py --timing`` prints in CPython) and
the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.app import wait_ready  # noqa: E402
from tests.e2e.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 - nothing leaves 127.0.0.1
from tests.e2e.server import LiveSite  # noqa: E402

RATE_ALL = """async ([deals, preset]) => {
    const times = [], wins = [];
    for (let number = 0; number < deals; number++) {
        const start = performance.now();
        const rating = await tripeaks.engine.call('rate', { number, preset });
        times.push(performance.now() - start);
        wins.push(rating.playouts_won);
    }
    return { times, wins };
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a site built by build.py --out")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--preset", default="standard")
    args = parser.parse_args()
    live = LiveSite(args.site.resolve())  # the tests' own server of the site
    load_before = os.getloadavg()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(live.url)
            wait_ready(page)
            found = page.evaluate(RATE_ALL, [args.deals, args.preset])
            browser.close()
    finally:
        live.close()
    times = sorted(found["times"])

    def at(share: float) -> float:
        return round(times[round(share * (len(times) - 1))], 1)

    print(json.dumps({
        "where": "the app's worker, Chromium", "preset": args.preset, "deals": len(times),
        "wall_ms": {"mean": round(sum(times) / len(times), 1), "median": at(0.5),
                    "p95": at(0.95), "p99": at(0.99), "max": round(times[-1], 1)},
        "wins": found["wins"], "load_before": load_before, "load_after": os.getloadavg()}))


if __name__ == "__main__":
    main()
