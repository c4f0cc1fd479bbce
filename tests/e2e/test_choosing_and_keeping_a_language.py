"""The player's language: the browser's languages pick the closest catalog; a first
visit downloads only that one, which then works with no network, and another one is
fetched when asked and kept too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.app import open_app, wait_controlled, wait_ready, wait_until

CATALOG_KEPT = """async (code) => Boolean(await caches.match(
    new URL(`locales/${code}.json`, location.href).href))"""


def catalogs_downloaded(live) -> list[str]:
    return sorted(path.split("?")[0] for path in live.downloads if "/locales/" in path)


def test_a_first_visit_downloads_one_language_which_then_plays_offline(
        page, site_dir, make_site, watch):
    live = make_site(site_dir)
    open_app(page, live.url + "?lang=fr")
    wait_controlled(page)
    wait_until(page, CATALOG_KEPT, arg="fr")
    assert catalogs_downloaded(live) == ["/locales/fr.json.gz"]  # a third of the bytes
    assert page.evaluate("document.documentElement.lang") == "fr"

    # Offline, the page still speaks French, from the service worker's copy.
    live.close()
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.evaluate(CATALOG_KEPT, "en") is False  # English was never downloaded
    assert watch.errors == []


def test_a_language_asked_for_later_is_kept_for_offline_visits(page, site_dir, make_site):
    live = make_site(site_dir)
    open_app(page, live.url)
    wait_controlled(page)
    wait_until(page, CATALOG_KEPT, arg="en")
    assert catalogs_downloaded(live) == ["/locales/en.json.gz"]

    page.goto(live.url + "?lang=de")
    wait_ready(page)
    wait_until(page, CATALOG_KEPT, arg="de")
    live.close()
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    html = page.evaluate("[document.documentElement.lang, document.documentElement.dir]")
    assert html == ["de", "ltr"]


@pytest.mark.parametrize(("locale", "spoken"), [
    ("fr-CA", "fr"), ("pt-PT", "pt-BR"), ("de-AT", "de"), ("ar-EG", "ar"), ("sw-KE", "en")])
def test_the_browsers_language_picks_the_closest_catalog(browser, site, locale, spoken):
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        open_app(page, site.url)
        html = page.evaluate("[document.documentElement.lang, document.documentElement.dir]")
        assert html == [spoken, "rtl" if spoken == "ar" else "ltr"]
        words = json.loads((Path(site.root) / "locales" / f"{spoken}.json").read_text("utf-8"))
        label = page.locator(".actions [data-action=new] .label").text_content()
        assert label == words["messages"]["toolbar-new"]
    finally:
        context.close()
