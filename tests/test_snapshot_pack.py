"""The engine's kept memory snapshot, packed without its empty pages: read back whole,
and written straight into the runtime's memory from any heap offset, empty pages as
zeros; a damaged one refused before the runtime starts (web/worker/snapshot-pack.js,
run by Node as the worker runs it)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

CHECK = Path(__file__).with_name("snapshot_pack_check.mjs")


@pytest.fixture(scope="module")
def found() -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (tests/run installs it)")
    out = subprocess.run([node, str(CHECK)], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


@pytest.mark.parametrize("length", ["1000", "65536", "196608", "327803", "589823"])
def test_a_packed_snapshot_comes_back_byte_for_byte(found, length):
    assert found[length] == {"length": True, "head": True, "restored": True, "beyond": True,
                             "smaller": True}


def test_a_damaged_snapshot_is_refused_before_the_runtime_starts(found):
    assert found["damaged"] == {"cut": True, "spare": True, "form": True, "tooSmallHeap": True}


def test_a_kept_file_is_read_into_place_a_run_of_pages_at_a_time(found):
    assert found["reader"] == {"restored": True, "oneReadARun": True, "closed": True}


def test_memory_known_to_hold_zeros_gets_no_empty_page_written(found):
    """Restored into a runtime whose memory holds zeros from some address on (untouchedFrom;
    the Pyodide stage checks that address against the real runtime): the snapshot's empty
    pages written below it, none above it, and every kept page written wherever it is."""
    assert found["zeros"] == {"keptWritten": True, "emptyBelow": True, "emptyAbove": True}
