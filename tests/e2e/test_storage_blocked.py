"""Where the browser refuses localStorage (a privacy setting, a private mode in
some engines), the game still plays, from memory, and the player is told that
nothing will be kept: never a silent loss."""

from __future__ import annotations

from tests.e2e.app import DRAW, click_move, notices, open_app

BLOCK_STORAGE = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});"""


def test_blocked_storage_is_said_and_the_game_still_plays(page, site):
    page.clock.install()  # time flows as usual, and the test jumps it forward
    page.add_init_script(BLOCK_STORAGE)
    open_app(page, site.url)
    assert any("does not let TriPeaks save" in text and "lasts as long as this page" in text
               for text in notices(page)), notices(page)
    before = page.get_attribute("[data-testid=stock]", "data-count")
    click_move(page, DRAW)
    assert page.get_attribute("[data-testid=stock]", "data-count") == str(int(before) - 1)
    # Said while it lasts: the notice does not go by itself, as passing ones do.
    page.click("[data-slot='0']")  # a face-down tip: a notice that goes by itself
    page.wait_for_selector("[data-notice=move]")
    page.clock.run_for(21_000)  # longer than any notice that goes by itself (20 s at most)
    page.wait_for_selector("[data-notice=move]", state="detached")  # the passing one went
    assert any("does not let TriPeaks save" in text for text in notices(page)), notices(page)
