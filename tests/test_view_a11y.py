"""The view says where each card lies and what lies on it, so the app can
describe the table as a grid without knowing the layout itself."""

from __future__ import annotations

import json

from tripeaks.game import Game
from tripeaks.layout import COVERED_BY, ROW_SIZES


def test_every_slot_has_its_own_cell_on_a_4_by_10_grid():
    slots = Game.new(1).view()["slots"]
    cells = [(s["row"], s["column"]) for s in slots]
    assert len(set(cells)) == 28
    assert all(0 <= r < 4 and 0 <= c < 10 for r, c in cells)
    assert [sum(1 for r, _ in cells if r == row) for row in range(4)] == list(ROW_SIZES)
    # Row by row, left to right, as the positions run.
    assert cells == sorted(cells)
    # The tips stand in columns 2, 5 and 8 (counted from 1), the base row fills all ten.
    assert [c for r, c in cells if r == 0] == [1, 4, 7]
    assert [c for r, c in cells if r == 3] == list(range(10))


def test_a_card_lies_between_the_two_that_cover_it():
    slots = Game.new(1).view()["slots"]
    for s in slots:
        if s["covered_by"]:
            left, right = (slots[q]["column"] for q in s["covered_by"])
            assert left <= s["column"] <= right and right == left + 1


def test_covered_by_and_uncovers_follow_the_game():
    game = Game.new(1, None)
    view = game.view()["slots"]
    assert [s["covered_by"] for s in view] == [list(c) for c in COVERED_BY]
    assert all(s["uncovers"] == [] for s in view)  # no single card frees anything yet
    game.removed |= 1 << 18  # the first base card gone (set directly: only the cover matters)
    view = game.view()["slots"]
    assert view[9]["covered_by"] == [19]
    assert view[19]["uncovers"] == [9]
    assert view[18]["uncovers"] == [] and view[18]["removed"]
    assert view[20]["uncovers"] == []  # 10 is still under 19 as well


def test_the_view_stays_plain_json():

    view = Game.new(3).view()
    assert json.loads(json.dumps(view)) == view
