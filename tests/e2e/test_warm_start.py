"""A warm start restores the engine's kept memory snapshot, the runtime set up while
the snapshot is read (its length is kept beside it); a damaged snapshot still
falls back to Python's start the slow way, the game kept."""

from __future__ import annotations

from tests.e2e.app import DRAW, click_move, notices, open_app, wait_ready
from tests.e2e.test_app import assert_clean, expected, seen
from tripeaks.deals import encode_code
from tripeaks.game import Game

KEPT = """async () => {
    const url = new URL('pyodide/snapshot.bin', location.href).href;
    for (const name of await caches.keys()) {
        const kept = await (await caches.open(name)).match(url);
        if (kept) return { length: kept.headers.get('X-Snapshot-Length'),
                           packed: (await kept.arrayBuffer()).byteLength };
    }
    return null;
}"""

# The kept snapshot's packed bytes damaged in the middle, its headers (its length) kept:
# the runtime is set up for it before the damage is found.
DAMAGE = """async () => {
    const url = new URL('pyodide/snapshot.bin', location.href).href;
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const kept = await cache.match(url);
        if (!kept) continue;
        const bytes = new Uint8Array(await kept.arrayBuffer());
        await cache.put(url, new Response(bytes.subarray(0, bytes.length >> 1),
                                          { headers: kept.headers }));
        return Number(kept.headers.get('X-Snapshot-Length'));
    }
    return 0;
}"""

FILES = """async () => {
    const found = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const file of ['snapshot.bin', 'snapshot.failed']) {
            const url = new URL('pyodide/' + file, location.href).href;
            if (await cache.match(url)) found[file] = true;
        }
    }
    return found;
}"""


def test_a_warm_start_restores_the_snapshot_kept_with_its_length(page, site, watch):
    open_app(page, site.url + "#deal=" + encode_code(12))
    page.wait_for_function(f"({KEPT})().then((kept) => kept !== null)")
    kept = page.evaluate(KEPT)
    # Packed (its empty pages left out): fewer bytes than the length it says it unpacks to.
    assert int(kept["length"]) > kept["packed"] > 0
    page.reload()
    wait_ready(page)
    timings = page.evaluate("tripeaks.engine.info.timings")
    assert timings["snapshot"] == "used"
    assert timings["snapshot-unpacked"] <= timings["loaded"]
    assert_clean(watch, site)


def test_a_snapshot_damaged_after_its_length_was_read_falls_back_to_the_slow_start(
        page, site, watch):
    open_app(page, site.url + "#deal=" + encode_code(12))
    game = Game.new(12)
    game.apply(DRAW)
    click_move(page, DRAW)
    before = seen(page)
    page.wait_for_function(f"({KEPT})().then((kept) => kept !== null)")
    assert page.evaluate(DAMAGE) > 0
    page.reload()
    wait_ready(page)
    assert page.evaluate("tripeaks.engine.info.timings.snapshot") is None  # not used, none made
    assert seen(page) == before == expected(game)
    click_move(page, DRAW)
    game.apply(DRAW)
    assert seen(page) == expected(game)
    assert page.evaluate(FILES) == {"snapshot.failed": True}
    assert notices(page) == []
    assert_clean(watch, site)
