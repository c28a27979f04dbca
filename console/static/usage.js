// A group's usage over the last 30 days: a small inline SVG bar chart of
// what its runs cost each day (of their tokens while no price is
// configured), for an admin key; GET /memory/usage sums it in the ledger.

import { call } from './api.js';
import { t } from './i18n.js';
import { canAdmin } from './session.js';
import { errorBox, h } from './ui.js';

/** usageDays is the window the panel shows, today included. */
const usageDays = 30;

const svgNS = 'http://www.w3.org/2000/svg';

/** svg builds an SVG element with attributes and children. */
function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children.flat()) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

/** daysUpTo returns the n UTC days (YYYY-MM-DD) that end on until, oldest first. */
export function daysUpTo(until, n) {
  const end = Date.parse(until + 'T00:00:00Z');
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * 86400000).toISOString().slice(0, 10));
}

/** money formats a cost with four decimals at most. */
const money = (c) => (Math.round(c * 10000) / 10000).toString();

/** tokens is every token a usage row counts. */
const tokens = (u) => u.prompt_tokens + u.completion_tokens + u.embedding_tokens;

/** figures says what one day or the whole window used. */
function figures(u) {
  if (!u) return t('usageNone');
  return t('usageFigures', money(u.cost), tokens(u).toLocaleString(), u.calls, u.runs);
}

/**
 * usageChart draws rows (GET /memory/usage by day) over days: a bar per
 * day, as tall as its cost relative to the costliest day (its tokens when
 * no day cost anything), titled with the day's figures.
 */
export function usageChart(days, rows) {
  const byDay = new Map(rows.map((u) => [u.day, u]));
  const priced = rows.some((u) => u.cost > 0);
  const value = (u) => (!u ? 0 : priced ? u.cost : tokens(u));
  const top = Math.max(0, ...days.map((d) => value(byDay.get(d))));
  const width = 600, height = 100, slot = width / days.length;
  const bars = days.map((d, i) => {
    const u = byDay.get(d);
    const tall = top ? Math.max(value(u) ? 2 : 0, Math.round((value(u) / top) * height)) : 0;
    return svg('rect', { class: 'usage-bar', x: (i * slot + 1).toFixed(1), y: height - tall, width: (slot - 2).toFixed(1),
      height: tall, 'data-day': d }, svg('title', {}, `${d} · ${figures(u)}`));
  });
  return svg('svg', { id: 'usage-chart', viewBox: `0 0 ${width} ${height + 1}`, preserveAspectRatio: 'none', role: 'img',
    'aria-label': t(priced ? 'usageByCost' : 'usageByTokens') },
  svg('line', { class: 'usage-axis', x1: 0, y1: height + 0.5, x2: width, y2: height + 0.5 }), bars);
}

/**
 * usagePanel shows group's usage over the last 30 days to an admin key,
 * filled in when the answer comes; other keys get nothing.
 */
export function usagePanel(group) {
  if (!canAdmin()) return null;
  const panel = h('section', { class: 'usage', id: 'usage', 'aria-label': t('usage') },
    h('h2', {}, t('usage')), h('p', { class: 'muted small' }, t('loading')));
  call('GET', 'memory/usage', { group_id: group, by: 'day' }).then((r) => {
    const days = daysUpTo(r.until, usageDays);
    const priced = r.usage.some((u) => u.cost > 0);
    panel.replaceChildren(h('h2', {}, t('usage')), usageChart(days, r.usage),
      h('div', { class: 'usage-days muted small' }, h('span', {}, days[0]), h('span', {}, t(priced ? 'usageByCost' : 'usageByTokens')),
        h('span', {}, days[days.length - 1])),
      h('p', { class: 'small', id: 'usage-total' }, `${t('usageTotal')}: ${figures(r.total)}`));
  }, (e) => panel.replaceChildren(h('h2', {}, t('usage')), errorBox(e)));
  return panel;
}
