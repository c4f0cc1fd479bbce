// The Deals panel's month of daily deals: a calendar of the month, each day's medal,
// the month's badge and the streak of days played above it, today's goals below.
// Days of the month shown up to today are buttons (data-action daily, data-date) that
// play that day's deal; days of an earlier month can be looked at, not played.

import { bestMedal, dayStreak, goalText, monthBadge, BADGE_DAYS } from "../model/medals.js";
import { formatDate, language, onLanguage, t } from "../model/i18n.js";

const noon = (iso) => new Date(`${iso}T12:00:00Z`); // formatDate writes in UTC: the day itself
const monthOf = (iso) => iso.slice(0, 7);

/** The weekday a week starts on in the player's language (1 Monday .. 7 Sunday); Monday where
 * the browser cannot say. */
function firstWeekday() {
  try {
    const locale = new Intl.Locale(language() === "en-XA" ? "en" : language());
    const info = locale.getWeekInfo ? locale.getWeekInfo() : locale.weekInfo;
    return (info && info.firstDay) || 1;
  } catch {
    return 1;
  }
}

export class Calendar {
  constructor(doc = document) {
    this.doc = doc;
    this.box = doc.querySelector("[data-testid=calendar]");
    this.daily = null;
    this.today = null;
    this.month = null; // "YYYY-MM" shown
    this.goals = null; // {state: "busy" | "found" | "failed", reply}
    doc.querySelector("[data-testid=calendar-prev]").addEventListener("click", () => this.step(-1));
    doc.querySelector("[data-testid=calendar-next]").addEventListener("click", () => this.step(1));
    onLanguage(() => { if (this.daily) this.draw(); });
  }

  /** Show the month of ``today`` with ``daily`` (medals.js: {medals, played}). */
  show(daily, today) {
    this.daily = daily;
    this.today = today;
    this.month = monthOf(today);
    this.draw();
  }

  /** Today's goals: null while the engine finds them, {goals, preset} once found, false when it could not. */
  showGoals(reply) {
    this.goals = reply;
    this.drawGoals();
  }

  step(by) {
    const [year, month] = this.month.split("-").map(Number);
    const next = new Date(Date.UTC(year, month - 1 + by, 1));
    const iso = next.toISOString().slice(0, 7);
    if (iso > monthOf(this.today)) return;
    this.month = iso;
    this.draw();
    const button = this.doc.querySelector(`[data-testid=calendar-${by < 0 ? "prev" : "next"}]`);
    if (button.disabled) this.doc.querySelector(`[data-testid=calendar-${by < 0 ? "next" : "prev"}]`).focus();
  }

  draw() {
    const { doc, daily, today, month } = this;
    const current = month === monthOf(today);
    const [year, number] = month.split("-").map(Number);
    const first = new Date(Date.UTC(year, number - 1, 1, 12));
    const monthName = formatDate(first, { month: "long", year: "numeric" });
    doc.querySelector("[data-testid=calendar-month]").textContent = monthName;
    doc.querySelector("[data-testid=calendar-next]").disabled = current;
    // The weekdays, in the player's language, from the day a week starts on there.
    const start = firstWeekday() % 7; // 0 Sunday .. 6 Saturday
    const weekdays = doc.querySelector("[data-testid=calendar-weekdays]");
    const week = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 1 + ((start + i) % 7), 12))); // 1 Nov 2026 was a Sunday
    let names = week.map((day) => formatDate(day, { weekday: "short" }));
    if (names.some((name) => name.length > 4)) names = week.map((day) => formatDate(day, { weekday: "narrow" })); // Arabic's are whole words
    weekdays.replaceChildren(...names.map((name) => Object.assign(doc.createElement("span"), { textContent: name })));
    const list = doc.querySelector("[data-testid=days]");
    list.setAttribute("aria-label", t("calendar-days-label", { month: monthName }));
    const items = [];
    const days = new Date(Date.UTC(year, number, 0)).getUTCDate();
    for (let n = 1; n <= days; n += 1) {
      const date = new Date(Date.UTC(year, number - 1, n, 12));
      const iso = date.toISOString().slice(0, 10);
      const li = doc.createElement("li");
      if (n === 1) li.style.gridColumnStart = String(((date.getUTCDay() - start + 7) % 7) + 1);
      const button = doc.createElement("button");
      button.type = "button";
      button.dataset.date = iso;
      button.textContent = formatDate(date, { day: "numeric" });
      const medal = bestMedal(daily, iso);
      const played = daily.played.includes(iso);
      const state = iso > today ? "future" : medal || (played ? "played" : "none");
      li.className = state;
      if (medal) li.dataset.medal = medal;
      const spoken = formatDate(date, { day: "numeric", month: "long" });
      button.setAttribute("aria-label", t(`calendar-day-${state}`, { date: spoken }));
      if (iso > today) button.disabled = true;
      else if (current) button.dataset.action = "daily";
      else button.setAttribute("aria-disabled", "true"); // an earlier month's day: looked at, not played
      if (iso === today) {
        li.classList.add("today");
        button.setAttribute("aria-current", "date");
      }
      li.append(button);
      items.push(li);
    }
    list.replaceChildren(...items);
    this.box.classList.toggle("past-month", !current);
    doc.querySelector("[data-testid=calendar-hint]").textContent = t(current ? "calendar-hint" : "calendar-hint-past");
    this.drawBadge();
    this.drawGoals();
  }

  /** The month's badge (or how many medal days earn one) and the streak of days played. */
  drawBadge() {
    const { doc, daily, month, today } = this;
    const monthName = formatDate(new Date(`${month}-01T12:00:00Z`), { month: "long" });
    const { badge, counts } = monthBadge(daily, month);
    const line = doc.querySelector("[data-testid=badge]");
    line.dataset.badge = badge || "none";
    line.querySelector(".badge-words").textContent = badge
      ? t(`badge-${badge}`, { month: monthName })
      : t("badge-none", { month: monthName, count: BADGE_DAYS.bronze });
    doc.querySelector("[data-testid=badge-days]").textContent = t("badge-medal-days", { count: counts.bronze });
    doc.querySelector("[data-testid=calendar-streak]").textContent = t("calendar-streak", { count: dayStreak(daily, today) });
  }

  /** Today's three goals, each with its medal and whether it is met today. */
  drawGoals() {
    const { doc, goals } = this;
    const list = doc.querySelector("[data-testid=goals]");
    const status = doc.querySelector("[data-testid=goals-status]");
    if (!this.daily || !goals) {
      list.replaceChildren();
      status.textContent = goals === false ? t("goals-failed") : t("goals-busy");
      return;
    }
    status.textContent = "";
    const won = this.daily.medals[this.today] || [];
    list.replaceChildren(...goals.goals.map((goal) => {
      const li = doc.createElement("li");
      li.dataset.medal = goal.medal;
      li.dataset.met = String(won.includes(goal.medal));
      const icon = Object.assign(doc.createElement("span"), { className: "medal" });
      icon.setAttribute("aria-hidden", "true");
      const words = Object.assign(doc.createElement("span"), {
        textContent: t(won.includes(goal.medal) ? "goals-line-met" : "goals-line", {
          medal: t(`medal-${goal.medal}`), goal: goalText(goal, goals.preset),
        }),
      });
      li.append(icon, words);
      return li;
    }));
  }

  /** The day to put the keyboard on: today (not the first of the month). */
  focusToday() {
    const today = this.doc.querySelector("[data-testid=days] .today button");
    if (today) today.focus();
  }
}
