"""Daily goals and a month of medals, by touch on a phone (390x844): the Deals panel
shows the month as a calendar (today framed, days to come closed, earlier months to look
back on), today's three goals; playing today's deal far enough wins the bronze medal,
said once, kept once however often the goal is met again, shown on today's day; old
statistics (with no medals, or the older day marks) load with none; and a picture of
the calendar with a few medals."""

from __future__ import annotations

import os
import re
from pathlib import Path

from tests.e2e.app import DRAW, open_app, open_panel, saved, wait_ready, wait_text
from tests.e2e.lines import winning_line
from tests.e2e.touch import touch, touch_context, touch_move
from tripeaks.dealer import Dealer
from tripeaks.game import Game
from tripeaks.rules import preset_rules

MONTH = "document.querySelector('[data-testid=calendar-month]').textContent"
THREE_GOALS = "() => document.querySelectorAll('[data-testid=goals] li').length === 3"
SHOTS = Path(os.environ.get("TRIPEAKS_SCREENSHOTS", "docs/screenshots"))
ENGINE_WAIT = 180_000  # ms: the day's goals (its par) found in Pyodide on a loaded machine
TODAY = """() => { const d = new Date(); const two = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`; }"""
DAYS = """() => [...document.querySelectorAll('[data-testid=days] li')].map((li) => {
    const b = li.querySelector('button');
    return {date: b.dataset.date, action: b.dataset.action || null, disabled: b.disabled,
            today: li.classList.contains('today'), current: b.getAttribute('aria-current'),
            medal: li.dataset.medal || null, label: b.getAttribute('aria-label'),
            shown: b.textContent};
})"""


def phone(warm_context):
    context = touch_context(warm_context, "phone")
    page = context.new_page()
    page.set_default_timeout(30_000)
    return context, page


def open_deals(page) -> None:
    open_panel(page, "deals", touch=True)
    page.locator("dialog[data-testid=deals]").wait_for(state="visible")


def seed_stats(page, stats: dict) -> None:
    """Statistics saved as an earlier visit (or an earlier version) left them; the page reloaded."""
    page.evaluate("s => localStorage.setItem('tripeaks.stats', JSON.stringify(s))", stats)
    page.reload()
    wait_ready(page)


def stored_daily(page) -> dict:
    return (saved(page, "tripeaks.stats") or {}).get("daily") or {}


def checked(page) -> None:
    """Every move's goals checked (their medals kept and said)."""
    page.evaluate("() => tripeaks.dailyChecked")


def test_the_calendar_and_todays_bronze_medal_won_once(warm_context, site):
    context, page = phone(warm_context)
    try:
        said = []  # every notice shown, on every visit, in order
        page.expose_function("noticeShown", lambda text: said.append(text))
        page.add_init_script("""document.addEventListener('DOMContentLoaded', () =>
            new MutationObserver((changes) => {
                for (const c of changes) for (const n of c.addedNodes)
                    if (n.matches && n.matches('.notice'))
                        noticeShown(n.querySelector('p').textContent);
            }).observe(document.querySelector('[data-testid=notices]'), {childList: true}))""")
        open_app(page, site.url)
        today = page.evaluate(TODAY)
        open_deals(page)
        # The month: every day of it, today framed and named as today, the days to come closed.
        days = page.evaluate(DAYS)
        year = int(today[:4])
        assert [d["date"][:7] for d in days] == [today[:7]] * len(days) and 28 <= len(days) <= 31
        assert [d["shown"] for d in days[:3]] == ["1", "2", "3"]
        (framed,) = [d for d in days if d["today"]]
        assert framed["date"] == today and framed["current"] == "date"
        assert framed["action"] == "daily"
        assert framed["label"].endswith(": not played")
        assert all(d["disabled"] and d["action"] is None for d in days if d["date"] > today)
        assert all(d["action"] == "daily" and not d["disabled"] for d in days if d["date"] <= today)
        month_name = page.locator("[data-testid=calendar-month]").text_content()
        assert re.fullmatch(r"[A-Z][a-z]+ \d{4}", month_name) and str(year) in month_name
        weekdays = page.locator("[data-testid=calendar-weekdays] span").all_text_contents()
        assert len(weekdays) == 7 and len(set(weekdays)) == 7
        wait_text(page, "badge", "No badge for .* yet: a medal on 10 days earns bronze.")
        wait_text(page, "calendar-streak", "^Streak: 0 days in a row$")
        # The previous month can be looked at, not played; the next one is not there yet.
        assert page.locator("[data-testid=calendar-next]").is_disabled()
        touch(page, "[data-testid=calendar-prev]")
        page.wait_for_function(f"m => {MONTH} !== m", arg=month_name)
        earlier = page.evaluate(DAYS)
        assert earlier[0]["date"] < today[:7] and all(d["action"] is None for d in earlier)
        wait_text(page, "calendar-hint", "^Earlier months")
        touch(page, "[data-testid=calendar-next]")
        page.wait_for_function(f"m => {MONTH} === m", arg=month_name)
        # Today's three goals, worded, none met yet.
        page.wait_for_function(THREE_GOALS, timeout=ENGINE_WAIT)
        goals = page.locator("[data-testid=goals] li").all_text_contents()
        bronze = re.fullmatch(r"Bronze: Clear (\d+) cards", goals[0])
        assert bronze, goals
        assert re.fullmatch(r"Silver: Score \d+ points", goals[1]), goals
        assert re.fullmatch(r"Gold: Clear the peaks with at most \d+ draws?", goals[2]), goals
        target = int(bronze.group(1))

        # Today's deal, played by touch until the bronze goal is met.
        rules = preset_rules("standard")
        game = Game.new(Dealer().daily_number(today, rules), rules)
        line = winning_line(game)
        assert line
        touch(page, "[data-testid=daily]")
        wait_text(page, "deal", re.escape(game.deal_code), ENGINE_WAIT)
        assert saved(page)["daily"] == today
        cleared = 0
        moves = iter(line)
        while cleared < target:
            move = next(moves)
            touch_move(page, move)
            cleared += move != DRAW
            if cleared == target - 1:
                checked(page)
                assert "bronze" not in stored_daily(page).get("medals", {}).get(today, [])
        checked(page)
        assert stored_daily(page)["medals"][today] == ["bronze"]
        assert today in stored_daily(page)["played"]
        page.wait_for_function(
            "t => document.querySelector('[data-testid=notices]').textContent.includes(t)",
            arg=f"Bronze medal: {target} cards cleared")
        # Met again on another visit (the page reloaded, the deal dealt again): kept once,
        # said once.
        page.reload()
        wait_ready(page)
        open_deals(page)
        touch(page, f"[data-testid=days] [data-date='{today}']")
        touch(page, "[data-testid=confirm-yes]")  # the game in progress is left
        page.wait_for_function("() => tripeaks.save.board.moves === 0", timeout=ENGINE_WAIT)
        cleared = 0
        for move in line:
            if cleared >= target + 1:
                break
            touch_move(page, move)
            cleared += move != DRAW
        checked(page)
        assert stored_daily(page)["medals"] == {today: ["bronze"]}
        assert stored_daily(page)["played"].count(today) == 1
        assert [s for s in said if s.startswith("Bronze medal")] == [
            f"Bronze medal: {target} cards cleared"]
        # The calendar shows it: today's medal, the goal met, the streak begun.
        open_deals(page)
        (framed,) = [d for d in page.evaluate(DAYS) if d["today"]]
        assert framed["medal"] == "bronze" and framed["label"].endswith(": bronze medal, played")
        page.wait_for_function(THREE_GOALS, timeout=ENGINE_WAIT)
        assert page.locator("[data-testid=goals] li[data-met=true]").all_text_contents() == [
            f"Bronze: Clear {target} cards (met)"]
        wait_text(page, "badge-days", "^1 day with a medal.$")
        wait_text(page, "calendar-streak", "^Streak: 1 day in a row$")
    finally:
        context.close()


def test_statistics_from_before_daily_goals_load_with_no_medals(warm_context, site):
    context, page = phone(warm_context)
    try:
        open_app(page, site.url)
        today = page.evaluate(TODAY)
        old = {"v": 1, "played": 3, "won": 1, "streak": 0, "bestStreak": 1, "bestScore": 212,
               "counted": []}
        # No daily record at all; the day marks of the version before medals.
        for stats in (old, {**old, "daily": {today: "won"}}):
            seed_stats(page, stats)
            open_deals(page)
            days = page.evaluate(DAYS)
            assert not [d for d in days if d["medal"]]
            (framed,) = [d for d in days if d["today"]]
            marked = ": played, no medal" if "daily" in stats else ": not played"
            assert framed["label"].endswith(marked)
            wait_text(page, "badge-days", "^0 days with a medal.$")
            # Nothing is said to be damaged.
            assert not page.locator("[data-testid=notices] .notice.error").count()
            assert saved(page, "tripeaks.stats")["played"] == 3
            page.keyboard.press("Escape")
    finally:
        context.close()


def test_screenshot_of_the_calendar_with_medals(warm_context, site):
    context, page = phone(warm_context)
    try:
        open_app(page, site.url)
        today = page.evaluate(TODAY)
        month = today[:7]
        past = [f"{month}-{n:02d}" for n in range(1, int(today[8:]))]
        year, number = int(month[:4]), int(month[5:])
        before = f"{year - (number == 1)}-{(number - 2) % 12 + 1:02d}"
        previous = [f"{before}-{n:02d}" for n in range(20, 29)]
        cycle = [["bronze", "silver", "gold"], ["bronze"], ["bronze", "silver"], []]
        medals = {day: cycle[i % 4] for i, day in enumerate(previous + past) if cycle[i % 4]}
        seed_stats(page, {"v": 1, "played": 12, "won": 7, "streak": 2, "bestStreak": 3,
                          "bestScore": 240, "counted": [],
                          "daily": {"medals": medals, "played": previous + past}})
        open_deals(page)
        page.wait_for_function(THREE_GOALS, timeout=ENGINE_WAIT)
        page.locator("[data-testid=calendar]").evaluate("el => el.scrollIntoView({block: 'start'})")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "calendar-390x844.png"))
        shown = [d for d in page.evaluate(DAYS) if d["medal"]]
        assert [d["date"] for d in shown] == sorted(d for d in medals if d.startswith(month))
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        # Each day's button is a finger's size and inside the panel.
        boxes = page.evaluate("""() => [...document.querySelectorAll('[data-testid=days] button')]
            .map((b) => b.getBoundingClientRect()).map((r) => [r.width, r.height])""")
        assert min(h for _, h in boxes) >= 44 and min(w for w, _ in boxes) >= 40
    finally:
        context.close()
