"""Settings for the whole suite, in CPython and inside Pyodide (tests/pyodide)."""

import pytest
from hypothesis import settings

from tripeaks import bridge

# No per-example deadline: a wall-clock limit is not something a player notices, and on a
# loaded 2-core machine (or inside WebAssembly, about 3x slower) one example of a cheap
# property took 536 ms once and failed a run (hypothesis's default is 200 ms). Speed is
# measured in bench/, never asserted in tests.
settings.register_profile("tripeaks", deadline=None)
settings.load_profile("tripeaks")


@pytest.fixture(autouse=True)
def _no_game_held_before_a_test():
    """Each test starts with the bridge's engine holding no game (its caches stay:
    they change no answer, only how soon it comes)."""
    for name in bridge.ENGINE.names:
        bridge.ENGINE.drop(name)
