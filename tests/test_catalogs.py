"""The catalogs: every language holds every message, with the same placeholders and
the right number of plural forms; the page's list of languages and its plural
categories agree with gettext's rules; and the command line picks a language as
gettext does."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tripeaks import catalogs
from tripeaks.catalogs import LANGUAGES, PSEUDO, SOURCE, Entry

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [code for code in LANGUAGES if code != SOURCE]
TEMPLATE = {e.key: e for e in catalogs.template()}


def test_the_template_has_english_for_every_message_and_keys_in_one_form():
    assert TEMPLATE
    for key, entry in TEMPLATE.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-zA-Z0-9]+)*", key), key
        assert entry.english.strip(), key
        if entry.plural:
            assert "{count}" in entry.english_plural, f"{key}: a plural chooses by {{count}}"
            plural = catalogs.placeholders(entry.english_plural)
            assert catalogs.placeholders(entry.english) <= plural | {"count"}, key


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_holds_every_message_and_no_other(code):
    header, entries = catalogs.read_po(catalogs.po_path(code))
    assert [e.key for e in entries] == list(TEMPLATE), "run: python -m tripeaks.catalogs sync"
    assert header["Plural-Forms"] == LANGUAGES[code].plural_forms
    for entry in entries:
        source = TEMPLATE[entry.key]
        assert (entry.english, entry.english_plural) == (source.english, source.english_plural), \
            f"{code} {entry.key}: its English is out of date (sync, then check the translation)"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_translates_everything_with_the_same_placeholders(code):
    language = LANGUAGES[code]
    problems = []
    for entry in catalogs.read_po(catalogs.po_path(code))[1]:
        source = TEMPLATE[entry.key]
        if entry.fuzzy:
            problems.append(f"{entry.key}: fuzzy (its English changed): check it, drop the flag")
            continue
        wanted = len(language.categories) if source.plural else 1
        if len(entry.forms) != wanted or not all(f.strip() for f in entry.forms):
            problems.append(f"{entry.key}: {wanted} form(s) wanted, found {entry.forms!r}")
            continue
        expected = catalogs.placeholders(source.english_plural or source.english)
        for form in entry.forms:
            found = catalogs.placeholders(form)
            # A form for exactly one may say "one" in words instead of {count}.
            if found != expected and found != expected - {"count"}:
                problems.append(f"{entry.key}: {sorted(found)}, not {sorted(expected)}")
        if entry.key == "card-letters" and len(entry.forms[0].split()) != 13:
            problems.append("card-letters: thirteen letters, space-separated")
    assert problems == [], f"{code}:\n" + "\n".join(problems)


def test_the_pseudo_locale_changes_every_message_and_keeps_its_placeholders():
    page = catalogs.page_catalog(PSEUDO)["messages"]
    assert set(page) == set(TEMPLATE)
    for key, message in page.items():
        for form in message if isinstance(message, list) else [message]:
            if key != "card-letters":
                assert form.startswith("[") and form.endswith("]"), (key, form)
            source = TEMPLATE[key]
            assert catalogs.placeholders(form) <= catalogs.placeholders(
                (source.english_plural or "") + source.english)


def test_every_page_catalog_has_one_form_per_plural_category():
    for code in [*LANGUAGES, PSEUDO]:
        page = catalogs.page_catalog(code)
        assert page["direction"] == ("rtl" if code == "ar" else "ltr")
        for key, message in page["messages"].items():
            if isinstance(message, list):
                assert len(message) == len(page["plurals"]), (code, key)


def test_the_page_lists_the_same_languages_in_the_same_order():
    source = (ROOT / "web/main/model/i18n.js").read_text()
    listed = re.findall(r'\{ code: "([^"]+)", name: "([^"]+)" \}', source)
    assert listed == [(lang.code, lang.name) for lang in LANGUAGES.values()]
    assert f'PSEUDO = "{PSEUDO}"' in source


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node for Intl.PluralRules")
def test_gettext_plural_forms_and_the_pages_plural_categories_agree():
    """The page picks a form by Intl.PluralRules' category; the command line by the
    gettext rule in the .po header. For every count they must pick the same form."""
    numbers = list(range(0, 1201))
    script = ("const [langs, ns] = JSON.parse(process.argv[1]); const out = {};"
              "for (const l of langs) out[l] = ns.map((n) => new Intl.PluralRules(l).select(n));"
              "console.log(JSON.stringify(out));")
    answer = subprocess.run(["node", "-e", script, json.dumps([list(LANGUAGES), numbers])],
                            capture_output=True, text=True, check=True)
    categories = json.loads(answer.stdout)
    for code, language in LANGUAGES.items():
        for n, category in zip(numbers, categories[code], strict=True):
            index = language.categories.index(category) if category in language.categories \
                else len(language.categories) - 1
            assert catalogs.plural_index(language, n) == index, (code, n, category)


@pytest.mark.parametrize(("wanted", "chosen"), [
    (["fr-CA"], "fr"), (["pt-PT"], "pt-BR"), (["pt_BR.UTF-8"], "pt-BR"), (["xx", "de"], "de"),
    (["sw"], "en"), ([], "en"), (["C"], "en"), (["zh-TW"], "zh-CN"), (["ar-EG"], "ar"),
])
def test_the_best_language_is_the_exact_one_then_the_same_primary_language_then_english(
        wanted, chosen):
    assert catalogs.best_language(wanted) == chosen


def test_the_command_line_follows_language_then_lc_all_lc_messages_and_lang():
    pick = catalogs.environment_languages
    assert pick({"LANGUAGE": "de:fr", "LANG": "ru_RU.UTF-8"}) == ["de", "fr"]
    everything = {"LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "ru_RU"}
    assert pick(everything) == ["ja_JP.UTF-8"]
    assert pick({"LC_MESSAGES": "fr_FR", "LANG": "ru_RU"}) == ["fr_FR"]
    assert catalogs.for_environment({"LANG": "pl_PL.UTF-8"}).language.code == "pl"
    assert catalogs.for_environment({}).language.code == "en"


@given(st.integers(min_value=0, max_value=10**6))
def test_a_plural_message_always_reads_its_count(n):
    english = catalogs.load(SOURCE)
    key = next(k for k, e in TEMPLATE.items() if e.plural)
    assert str(n) in english.text(key, count=n)


def test_a_broken_catalog_says_where(tmp_path):
    bad = tmp_path / "xx.po"
    bad.write_text('msgctxt "a"\nmsgid "A"\nmsgstr "B\n', encoding="utf-8")
    with pytest.raises(catalogs.CatalogError, match=r"xx.po:3"):
        catalogs.read_po(bad)
    bad.write_text('msgid "no key"\nmsgstr "x"\n', encoding="utf-8")
    with pytest.raises(catalogs.CatalogError, match="no msgctxt"):
        catalogs.read_po(bad)


def test_sync_keeps_translations_drops_gone_messages_and_flags_changed_english(
        tmp_path, monkeypatch):
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(catalogs, "TEMPLATE", tmp_path / "messages.pot")
    french = LANGUAGES["fr"]
    catalogs.write_po(tmp_path / "messages.pot", LANGUAGES[SOURCE], [
        Entry("kept", "Close"), Entry("changed", "New game now"), Entry("new", "Undo")])
    catalogs.write_po(tmp_path / "fr.po", french, [
        Entry("kept", "Close", forms=["Fermer"]),
        Entry("changed", "New game", forms=["Nouvelle partie"]),
        Entry("gone", "Hint", forms=["Indice"])])
    assert catalogs.sync("fr") == (1, 1, 1)
    entries = {e.key: e for e in catalogs.read_po(tmp_path / "fr.po")[1]}
    assert list(entries) == ["kept", "changed", "new"]
    assert entries["kept"].forms == ["Fermer"] and not entries["kept"].fuzzy
    assert entries["changed"].fuzzy and entries["changed"].forms == ["Nouvelle partie"]
    assert entries["new"].forms == [""]
    # A fuzzy translation is not used: the English shows until someone checks it.
    assert catalogs.load("fr").text("changed") == "New game now"
