"""Saves written by earlier versions load in this one: the game in progress comes back as it
stood (same game, same moves, its rating), the options with it, and play goes on."""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.app import open_app, saved, wait_ready

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "saves-2026-12-05.json"


def test_a_game_saved_before_the_page_had_one_owner_plays_on(page, site):
    items = {key: value for key, value in json.loads(FIXTURE.read_text()).items()
             if key.startswith("tripeaks.")}
    before = json.loads(items["tripeaks.game"])
    open_app(page, site.url)
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items))"
                  " localStorage.setItem(k, v); }", items)
    page.reload()
    wait_ready(page)
    page.wait_for_function("id => tripeaks.save && tripeaks.save.gameId === id",
                           arg=before["gameId"])
    game = page.evaluate("() => tripeaks.save")
    assert game["board"]["deal_code"] == before["board"]["deal_code"]
    assert game["board"]["moves"] == 2
    assert game["rating"] == "Easy"
    rating = page.evaluate("() => document.querySelector('[data-testid=rating]').textContent")
    assert rating == "Easy"
    assert page.evaluate("() => tripeaks.options.fourColour") is True
    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    page.evaluate("() => tripeaks.move(28)")  # a draw: the stock holds cards
    page.wait_for_function("() => tripeaks.save.board.moves === 3")
    page.evaluate("() => tripeaks.queue")
    after = saved(page)
    assert after["gameId"] == before["gameId"]
    assert after["record"]["actions"].startswith(before["record"]["actions"])
