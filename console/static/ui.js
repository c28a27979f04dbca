// Building blocks of the console's pages: elements, the main area, the
// dialog, and the small views every page uses. No API text is ever parsed
// as HTML: every element is built with h().

import { APIError, seg } from './api.js';
import { ago, t, when } from './i18n.js';

const main = document.getElementById('main');
const crumbs = document.getElementById('crumbs');

/** dialog is the page's one modal dialog. */
export const dialog = document.getElementById('dialog');
const dialogBody = document.getElementById('dialog-body');

/** h builds an element: attributes (on* become listeners) and children. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** show replaces the main area with nodes (arrays flattened, null skipped). */
export function show(...nodes) { main.replaceChildren(...nodes.flat(Infinity).filter((n) => n !== null && n !== undefined && n !== false)); }

/** errorBox shows the API's message; a 403 says the key may not do it. */
export function errorBox(e) {
  const msg = e instanceof APIError && e.status === 403 ? `${t('forbidden')}: ${e.message}` : e.message;
  return h('div', { class: 'error', role: 'alert' }, msg);
}

/** setCrumbs shows where the page is, parts separated by slashes. */
export function setCrumbs(...parts) {
  crumbs.replaceChildren(...parts.flatMap((p, i) => (i ? [' / ', p] : [p])));
}

/** groupLink links to group's page. */
/** restorable reports whether a version may be restored: a redacted one
 * (its text gone, its statement "[redacted]") may not. */
export const restorable = (v) => v.statement !== '[redacted]';

export const groupLink = (g) => h('a', { href: `#/g/${seg(g)}` }, g);

/** badge shows a memory's or a run's status. */
export function badge(status) {
  return h('span', { class: `badge ${status}` }, t(status) || status);
}

/** timeCell shows iso relative and absolute ("never" when unset). */
export function timeCell(iso) {
  if (!iso) return h('span', { class: 'muted' }, t('never'));
  return h('time', { datetime: iso, title: when(iso) }, `${ago(iso)} · ${when(iso)}`);
}

/** bar is a confidence bar pct wide (set through the CSSOM, which the CSP allows). */
export function bar(pct) {
  const fill = h('span');
  fill.style.width = `${pct}%`;
  return h('div', { class: 'bar' }, fill);
}

/** openDialog shows nodes in the modal dialog. */
export function openDialog(...nodes) {
  dialogBody.replaceChildren(...nodes);
  if (!dialog.open) dialog.showModal();
}

/** alertTop shows the error e above the page's content, keeping the page. */
export function alertTop(e) { main.prepend(errorBox(e)); }
