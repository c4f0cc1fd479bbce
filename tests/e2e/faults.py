"""Storage faults for the end-to-end tests.

``storage_faults(context, ...)`` wraps ``localStorage.setItem`` in every page of
a context so that it throws a QuotaExceededError at chosen calls, for chosen
keys, or at random (seeded); ``set_faults(page, ...)`` changes the plan in a
running page. ``fill_origin(context, origin)`` fills an origin's whole
localStorage quota from another page of that origin, as a neighbour on a
shared host (every GitHub Pages site of one account) can; ``free_origin``
gives the space back.
"""

from __future__ import annotations

import json

FAULTS = """
(() => {
  // The plan set in this tab lasts across its reloads (kept in sessionStorage).
  const plan = Object.assign({match: 'tripeaks', at: [], every: false, rate: 0, seed: 1}, %s,
                             JSON.parse(sessionStorage.getItem('__faults') || '{}'));
  let seed = plan.seed >>> 0;
  const random = () => {  // mulberry32: the same failures for the same seed
    seed = (seed + 0x6D2B79F5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const faults = window.__faults = {plan, calls: 0, failed: []};
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && String(key).includes(faults.plan.match)) {
      faults.calls += 1;
      const p = faults.plan;
      if (p.every || p.at.includes(faults.calls) || (p.rate && random() < p.rate)) {
        faults.failed.push(String(key));
        throw new DOMException('injected: the quota is exceeded', 'QuotaExceededError');
      }
    }
    return real.call(this, key, value);
  };
})();
"""


def storage_faults(context, **plan) -> None:
    """Make ``setItem`` fail in every page of ``context`` from its first script.

    plan: match (a substring of the keys concerned), at (call numbers, from 1,
    that fail), every (all fail), rate (the chance each call fails), seed.
    """
    context.add_init_script(FAULTS % json.dumps(plan))


def set_faults(page, **plan) -> None:
    """Change a running page's plan (its init script must be in place)."""
    page.evaluate("""plan => {
        Object.assign(window.__faults.plan, plan);
        sessionStorage.setItem('__faults', JSON.stringify(window.__faults.plan)); }""", plan)


def failed_writes(page) -> list[str]:
    return page.evaluate("window.__faults ? window.__faults.failed : []")


FILL = """() => {
  const chunk = (n) => 'x'.repeat(n);
  let i = 0, size = 1 << 20, stored = 0;
  while (size >= 1) {
    try {
      localStorage.setItem('filler-' + i, chunk(size));
      stored += size;
      i += 1;
    } catch {
      size = Math.floor(size / 2);
    }
  }
  return stored;
}"""


def fill_origin(context, url: str, *pages) -> int:
    """Fill the localStorage of ``url``'s origin to the last byte from a page
    of its own (``url``: any page of the origin that is not the app), then top
    it up from each of ``pages``: Chromium lets each renderer go a little over
    the quota another one filled. Returns the characters stored."""
    page = context.new_page()
    page.goto(url)
    stored = page.evaluate(FILL)
    page.close()
    return stored + sum(p.evaluate(FILL) for p in pages)


def free_origin(context, url: str) -> None:
    page = context.new_page()
    page.goto(url)
    page.evaluate("""() => { for (const k of Object.keys(localStorage))
                             if (k.startsWith('filler-')) localStorage.removeItem(k); }""")
    page.close()
