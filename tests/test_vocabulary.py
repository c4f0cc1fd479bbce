"""One vocabulary across the worker boundary: the page's defaults are the engine's hello."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tripeaks import bridge
from tripeaks.notation import DRAW
from tripeaks.rules import RULE_KEYS, Rules

WEB = Path(__file__).resolve().parent.parent / "web"
JS_ONLY_KINDS = {"boot"}  # web/main/model/engine-client.js: the worker could not start


def page_defaults() -> dict[str, object]:
    text = (WEB / "main" / "model" / "vocabulary.js").read_text()
    found = re.search(r"export const DEFAULTS = (\{.*?\n\});", text, re.S)
    assert found, "web/main/model/vocabulary.js holds its DEFAULTS as a JSON object"
    return json.loads(re.sub(r",\n\}$", "\n}", found.group(1)))


def test_the_pages_defaults_are_the_engines_vocabulary():
    hello = bridge.handle({"type": "hello"})
    assert hello["ok"]
    vocabulary = hello["result"]["vocabulary"]
    assert page_defaults() == vocabulary
    assert vocabulary["draw_move"] == DRAW
    assert vocabulary["rule_keys"] == list(RULE_KEYS) == list(Rules().to_json())


def test_no_other_module_of_the_page_keeps_its_own_copy():
    for path in WEB.rglob("*.js"):
        if path.name == "vocabulary.js":
            continue
        text = path.read_text()
        assert not re.search(r"\bDRAW\s*=", text), f"{path.name} defines DRAW"
        assert not re.search(r"\bRULE_KEYS\s*=", text), f"{path.name} defines RULE_KEYS"
        assert not re.search(r"===?\s*28\b", text), f"{path.name} compares with 28, not DRAW"


def test_every_error_kind_the_page_checks_is_one_the_engine_sends():
    kinds = set(bridge.ERROR_KINDS) | JS_ONLY_KINDS
    for path in WEB.rglob("*.js"):
        for kind in re.findall(r"error\.kind\s*[!=]==\s*\"([^\"]+)\"", path.read_text()):
            assert kind in kinds, f"{path.name} checks an error kind the engine never sends: {kind}"
