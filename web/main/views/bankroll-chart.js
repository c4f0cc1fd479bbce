// The bankroll's chart in Statistics: a line of the bankroll after each of the last deals
// (from before the first of them), a zero line, a dot per deal, and a summary read aloud.

import { formatMoney, t } from "../model/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 300;
const H = 100;
const PAD = 6;

/** Draw ``history`` (bankrollFigures(...).history: the bankroll before the first kept deal,
 * then after each) into ``box``. */
export function drawBankroll(doc, box, history) {
  if (history.length < 2) {
    const p = doc.createElement("p");
    p.className = "empty-chart";
    p.textContent = t("bankroll-chart-empty");
    box.replaceChildren(p);
    return;
  }
  const low = Math.min(0, ...history);
  const high = Math.max(0, ...history);
  const span = Math.max(1, high - low);
  const x = (i) => PAD + (i / (history.length - 1)) * (W - 2 * PAD);
  const y = (v) => PAD + ((high - v) / span) * (H - 2 * PAD);
  const el = (name, attrs) => {
    const node = doc.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    return node;
  };
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "bankroll-svg" });
  svg.setAttribute("aria-label", t("bankroll-chart-summary", {
    count: history.length - 1, start: formatMoney(history[0]), end: formatMoney(history.at(-1)),
    low: formatMoney(Math.min(...history)), high: formatMoney(Math.max(...history)),
  }));
  svg.append(el("line", { x1: 0, x2: W, y1: y(0), y2: y(0), class: "bankroll-zero" }));
  svg.append(el("polyline", { points: history.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "), class: "bankroll-line" }));
  history.slice(1).forEach((v, i) => {
    const dot = el("circle", { cx: x(i + 1).toFixed(1), cy: y(v).toFixed(1), r: 2.5, class: v >= history[i] ? "bankroll-up" : "bankroll-down" });
    dot.dataset.deal = String(i + 1);
    svg.append(dot);
  });
  // The zero line and the bankroll now, labelled (the summary above says them aloud).
  const label = (text, attrs) => {
    const node = el("text", { class: "bankroll-label", "aria-hidden": "true", ...attrs });
    node.textContent = text;
    svg.append(node);
  };
  const end = history.at(-1);
  label(formatMoney(0), { x: 0, y: y(0) + (end < 0 ? -3 : 10) });
  if (end !== 0) label(formatMoney(end), { x: W, y: y(end) + (end < 0 ? -5 : 12), "text-anchor": "end" });
  box.replaceChildren(svg);
}
