// The memory console: a hash-routed page over the groupmem API.
//   #/               groups, with memory counts and their last run
//   #/g/{group}      health panel, memory cards, search and filters, actions
//   #/g/{group}/runs runs (optionally ?status=failed|review)
//   #/m/{memory}     the lineage of a memory: versions, diffs, reasons, evidence
//   #/r/{run}        one run: its report, drops with reasons, model attempts
// Every element is built with h(); no API text is ever parsed as HTML.

import { APIError, call, key, seg, setKey } from './api.js';
import { ago, lang, t, when } from './i18n.js';
import { diff } from './diff.js';

/** weak is the strength under which a memory is shown as one to clean up. */
const weak = 0.3;

/**
 * close is the semantic score from which a search hit that shares no
 * keyword with the query is shown at once; hybrid search ranks every
 * memory, and the weaker ones stay one click away.
 */
const close = 0.3;

const main = document.getElementById('main');
const crumbs = document.getElementById('crumbs');
const who = document.getElementById('who');
const dialog = document.getElementById('dialog');
const dialogBody = document.getElementById('dialog-body');

let me = null; // the key: {name, scope, groups}

const canWrite = () => me && (me.scope === 'write' || me.scope === 'admin');
const canAdmin = () => me && me.scope === 'admin';

/** h builds an element: attributes (on* become listeners) and children. */
function h(tag, attrs = {}, ...children) {
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

/** writeButton is a button only a key with scope need sees. */
function writeButton(need, label, onclick, cls = '', act = '') {
  const allowed = need === 'admin' ? canAdmin() : canWrite();
  if (!allowed) return null;
  return h('button', { class: cls, type: 'button', 'data-write': need, 'data-act': act || null, onclick }, label);
}

function show(...nodes) { main.replaceChildren(...nodes.flat(Infinity).filter((n) => n !== null && n !== undefined && n !== false)); }

function errorBox(e) {
  const msg = e instanceof APIError && e.status === 403 ? `${t('forbidden')}: ${e.message}` : e.message;
  return h('div', { class: 'error', role: 'alert' }, msg);
}

/** guard runs fn; a refused key sends the user back to the key form. */
async function guard(fn) {
  try {
    await fn();
  } catch (e) {
    if (e instanceof APIError && e.status === 401) {
      setKey('');
      me = null;
      login(t('keyRefused'));
      return;
    }
    show(errorBox(e));
  }
}

function setCrumbs(...parts) {
  crumbs.replaceChildren(...parts.flatMap((p, i) => (i ? [' / ', p] : [p])));
}

function showWho() {
  who.replaceChildren();
  if (!me) return;
  const label = me.name === 'anonymous' ? t('openServer') : me.name;
  who.append(h('span', { id: 'key-name' }, `${label} · ${t('scope')}: ${me.scope}`));
  if (key()) who.append(h('button', { onclick: () => { setKey(''); me = null; login(''); } }, t('signOut')));
}

function login(message) {
  showWho();
  setCrumbs(t('title'));
  const input = h('input', { type: 'password', id: 'key', autocomplete: 'off', 'aria-label': t('keyLabel') });
  const form = h('form', {
    class: 'login',
    onsubmit: async (ev) => {
      ev.preventDefault();
      setKey(input.value.trim());
      await start();
    },
  },
  h('h1', {}, t('title')),
  message ? h('div', { class: 'error', role: 'alert', id: 'key-error' }, message) : null,
  h('p', { class: 'muted' }, t('keyPrompt')),
  h('label', { for: 'key' }, t('keyLabel')), input,
  h('button', { class: 'primary', type: 'submit' }, t('signIn')));
  show(form);
  input.focus();
}

/** start asks who the key is, then shows the page the hash names. */
async function start() {
  try {
    me = await call('GET', 'auth/key');
  } catch (e) {
    me = null;
    if (e instanceof APIError && e.status === 401) {
      login(key() ? t('keyRefused') : '');
      setKey('');
      return;
    }
    show(errorBox(e));
    return;
  }
  showWho();
  route();
}

function route() {
  if (!me) return;
  const [path, query] = location.hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(query || '');
  const p = path.split('/').filter(Boolean).map(decodeURIComponent);
  dialog.open && dialog.close();
  if (p[0] === 'g' && p[1] && p[2] === 'runs') return guard(() => runsPage(p[1], params.get('status') || ''));
  if (p[0] === 'g' && p[1]) return guard(() => groupPage(p[1], params));
  if (p[0] === 'm' && p[1]) return guard(() => lineagePage(p[1]));
  if (p[0] === 'r' && p[1]) return guard(() => runPage(p[1]));
  return guard(groupsPage);
}

const groupLink = (g) => h('a', { href: `#/g/${seg(g)}` }, g);

function badge(status) {
  return h('span', { class: `badge ${status}` }, t(status) || status);
}

function timeCell(iso) {
  if (!iso) return h('span', { class: 'muted' }, t('never'));
  return h('time', { datetime: iso, title: when(iso) }, `${ago(iso)} · ${when(iso)}`);
}

// ---- groups -------------------------------------------------------------

async function groupsPage() {
  setCrumbs(t('groups'));
  show(h('p', { class: 'muted' }, t('loading')));
  const groups = [];
  let cursor;
  do {
    const page = await call('GET', 'memory/groups', { limit: 100, cursor });
    groups.push(...page.groups);
    cursor = page.next_cursor;
  } while (cursor && groups.length < 1000);
  if (!groups.length) return show(h('h1', {}, t('groups')), h('p', { class: 'muted' }, t('noGroups')));
  const rows = groups.map((g) => h('tr', { class: 'group-row' },
    h('td', {}, groupLink(g.group_id)),
    h('td', {}, `${g.memories.active || 0} ${t('active')}`,
      h('div', { class: 'muted small' }, `${g.memories.superseded || 0} ${t('superseded')} · ${g.memories.deprecated || 0} ${t('deprecated')}`)),
    h('td', { class: 'hide-narrow' }, `${g.messages}`, g.pending_messages ? h('div', { class: 'muted small' }, `${g.pending_messages} ${t('pending')}`) : null),
    h('td', {}, g.last_run ? [badge(g.last_run.status), ' ', h('a', { href: `#/g/${seg(g.group_id)}/runs` }, timeCell(g.last_run.started_at))] : t('never'))));
  show(h('h1', {}, t('groups')), h('div', { class: 'scroll' }, h('table', {},
    h('thead', {}, h('tr', {}, h('th', {}, t('group')), h('th', {}, t('memories')), h('th', { class: 'hide-narrow' }, t('messages')), h('th', {}, t('lastRun')))),
    h('tbody', {}, rows))));
}

// ---- a group's memory ---------------------------------------------------

/** listAll reads every memory of group with status (up to 1000). */
async function listAll(group, status) {
  const out = [];
  for (let offset = 0; offset < 1000; offset += 100) {
    const page = await call('GET', `memory/list/${seg(group)}`, { status, limit: 100, offset });
    out.push(...page.memories);
    if (out.length >= page.total || page.memories.length === 0) break;
  }
  return out;
}

async function groupPage(group, params) {
  setCrumbs(h('a', { href: '#/' }, t('groups')), group);
  show(h('p', { class: 'muted' }, t('loading')));
  const status = params.get('status') || 'active';
  const since = params.get('since') || '';
  const q = params.get('q') || '';
  const onlyWeak = params.get('weak') === '1';
  const showAll = params.get('all') === '1';
  const weekAgo = Date.now() - 7 * 86400e3;
  const [active, shown, review, failed] = await Promise.all([
    listAll(group, 'active'),
    q ? call('GET', `memory/search/${seg(group)}`, { q, limit: 100 }).then((r) => r.results)
      : status === 'active' ? null : listAll(group, status),
    call('GET', `memory/runs/${seg(group)}`, { status: 'review', limit: 100 }).then((r) => r.runs),
    call('GET', `memory/runs/${seg(group)}`, { status: 'failed', limit: 100 }).then((r) => r.runs.filter((x) => Date.parse(x.started_at) >= weekAgo)),
  ]);
  let cards = shown || active;
  let weaker = 0;
  if (q && !showAll) {
    const strong = cards.filter((m) => m.keyword_score || m.semantic_score >= close);
    weaker = cards.length - strong.length;
    cards = strong;
  }
  if (q && status !== 'all') cards = cards.filter((m) => m.status === status);
  if (since) cards = cards.filter((m) => Date.parse(m.updated_at) >= Date.parse(since));
  if (onlyWeak) cards = cards.filter((m) => m.strength < weak);

  const avg = active.length ? active.reduce((s, m) => s + m.strength, 0) / active.length : 0;
  const weakCount = active.filter((m) => m.strength < weak).length;
  const go = (p) => () => { location.hash = p; };
  const tile = (id, label, value, cls, onclick) => h('button', { class: `tile ${cls}`, id, onclick },
    h('div', { class: 'label' }, label), h('div', { class: 'value' }, value));
  const base = `#/g/${seg(group)}`;
  const health = h('section', { class: 'health', 'aria-label': 'health' },
    tile('h-total', t('healthTotal'), active.length, '', go(base)),
    tile('h-avg', t('healthAvg'), `${Math.round(avg * 100)}%`, '', go(base)),
    tile('h-weak', t('healthWeak'), weakCount, weakCount ? 'warn' : '', go(`${base}?weak=1`)),
    tile('h-review', t('healthReview'), review.length, review.length ? 'warn' : '', go(`${base}/runs?status=review`)),
    tile('h-failed', t('healthFailed'), failed.length, failed.length ? 'bad' : '', go(`${base}/runs?status=failed`)));

  const search = h('input', { type: 'search', id: 'search', placeholder: t('search'), value: q, 'aria-label': t('search') });
  const statusSel = h('select', { id: 'status', 'aria-label': t('status') },
    ['active', 'superseded', 'deprecated', 'all'].map((s) => h('option', { value: s, selected: s === status }, s === 'all' ? t('allStatuses') : t(s))));
  const sinceIn = h('input', { type: 'date', id: 'since', value: since, 'aria-label': t('changedSince') });
  const apply = (ev) => {
    ev && ev.preventDefault();
    const np = new URLSearchParams();
    if (search.value.trim()) np.set('q', search.value.trim());
    if (statusSel.value !== 'active') np.set('status', statusSel.value);
    if (sinceIn.value) np.set('since', sinceIn.value);
    location.hash = `${base}${np.size ? '?' + np : ''}`;
  };
  statusSel.addEventListener('change', apply);
  sinceIn.addEventListener('change', apply);
  const toolbar = h('form', { class: 'toolbar', onsubmit: apply, role: 'search' },
    search, statusSel, h('label', { class: 'small muted' }, t('changedSince'), ' ', sinceIn),
    (q || since || status !== 'active' || onlyWeak) ? h('a', { class: 'button', href: base }, t('clear')) : null);

  const actions = h('div', { class: 'toolbar' },
    h('a', { class: 'button', href: `${base}/runs` }, t('runs')),
    writeButton('write', t('evolve'), () => evolveDialog(group), 'primary', 'evolve'),
    writeButton('admin', t('newMemory'), () => editDialog(group, null), '', 'create'));

  show(h('h1', {}, group), health, actions, toolbar,
    h('p', { class: 'muted small', id: 'count' }, t('shownOf', cards.length, q ? cards.length + weaker : (shown || active).length),
      weaker ? [' · ', h('a', { id: 'show-weaker', href: `${base}?${new URLSearchParams({ q, all: '1' })}` }, t('weaker', weaker))] : null),
    cards.length ? h('div', { class: 'cards', id: 'cards' }, cards.map((m) => card(group, m)))
      : h('p', { class: 'muted', id: 'cards-empty' }, t('noMemories')));
}

/** bar is a confidence bar pct wide (set through the CSSOM, which the CSP allows). */
function bar(pct) {
  const fill = h('span');
  fill.style.width = `${pct}%`;
  return h('div', { class: 'bar' }, fill);
}

function card(group, m) {
  const pct = Math.round(m.strength * 100);
  const refresh = () => route();
  return h('article', { class: 'card', 'data-memory': m.memory_id, 'data-lineage': m.lineage_id, 'data-status': m.status },
    h('div', { class: 'head' }, badge(m.status), h('span', { class: 'muted' }, `${t('version')}${m.version}`),
      h('span', { class: 'conf', title: t('confidence') }, `${t('confidence')} ${pct}%`)),
    bar(pct),
    h('a', { class: 'statement', href: `#/m/${seg(m.memory_id)}` }, m.statement),
    h('div', { class: 'meta' }, `${t('changed')} `, timeCell(m.updated_at), ' · ', t('evidenceCount', (m.evidence || []).length),
      m.change_summary ? h('div', {}, m.change_summary) : null),
    h('div', { class: 'actions' },
      h('a', { class: 'button', href: `#/m/${seg(m.memory_id)}` }, t('lineage')),
      m.status === 'active' ? writeButton('admin', t('edit'), () => editDialog(group, m), '', 'edit') : null,
      m.status === 'active' ? writeButton('admin', t('strength'), () => strengthAction(m, refresh), '', 'strength') : null,
      m.status === 'active' ? writeButton('admin', t('del'), () => deleteAction(m, refresh), 'danger', 'delete') : null,
      m.status === 'deprecated' ? writeButton('admin', t('restore'), () => act(() => call('PUT', `memory/${seg(m.memory_id)}/restore`), refresh), '', 'restore') : null));
}

/** act runs an action and refreshes, or shows why it failed. */
async function act(fn, refresh) {
  try {
    await fn();
    refresh();
  } catch (e) {
    if (e instanceof APIError && e.status === 401) return guard(() => { throw e; });
    main.prepend(errorBox(e));
  }
}

/**
 * formDialog opens a dialog with title, fields and a submit button; submit
 * runs send with the form and closes the dialog and refreshes on success,
 * or shows the API's error in the dialog.
 */
function formDialog(title, fields, label, cls, send, refresh) {
  const out = h('div');
  const form = h('form', {
    id: 'action-form',
    onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        await send();
        dialog.close();
        refresh();
      } catch (e) {
        if (e instanceof APIError && e.status === 401) { dialog.close(); return guard(() => { throw e; }); }
        out.replaceChildren(errorBox(e));
      }
    },
  },
  h('h2', {}, title), fields, out,
  h('div', { class: 'toolbar' }, h('button', { class: cls, type: 'submit', id: 'action-submit' }, label),
    h('button', { type: 'button', onclick: () => dialog.close() }, t('cancel'))));
  openDialog(form);
  const first = form.querySelector('input, textarea');
  if (first) first.focus();
}

function deleteAction(m, refresh) {
  const reason = h('input', { id: 'reason', type: 'text', 'aria-label': t('why') });
  formDialog(t('confirmDelete'), [h('p', { class: 'statement' }, m.statement), h('label', {}, t('why')), h('div', {}, reason)],
    t('del'), 'danger', () => call('DELETE', `memory/${seg(m.memory_id)}`, {}, reason.value ? { reason: reason.value } : undefined), refresh);
}

function strengthAction(m, refresh) {
  const v = h('input', { id: 'strength', type: 'number', min: 0, max: 1, step: 0.01, value: m.strength, required: true, 'aria-label': t('strength') });
  formDialog(t('strength'), [h('p', { class: 'statement' }, m.statement), h('label', {}, t('strengthPrompt'), ' ', v)],
    t('save'), 'primary', () => call('PUT', `memory/${seg(m.memory_id)}/strength`, {}, { strength: Number(v.value) }), refresh);
}

function openDialog(...nodes) {
  dialogBody.replaceChildren(...nodes);
  if (!dialog.open) dialog.showModal();
}

function editDialog(group, m) {
  const text = h('textarea', { id: 'statement', maxlength: 500, required: true, 'aria-label': t('statement') });
  text.value = m ? m.statement : '';
  const reason = h('input', { id: 'reason', type: 'text', 'aria-label': t('why') });
  const send = () => {
    const body = { statement: text.value, reason: reason.value };
    return m ? call('PUT', `memory/${seg(m.memory_id)}`, {}, body) : call('POST', `memory/create/${seg(group)}`, {}, body);
  };
  formDialog(m ? t('editTitle') : t('createTitle'), [h('label', {}, t('statement')), text, h('label', {}, t('why')), h('div', {}, reason)],
    t('save'), 'primary', send, () => route());
}

function changeView(c) {
  const before = c.old_statement || '';
  const after = c.new_statement ?? c.statement ?? '';
  return h('div', { class: 'change', 'data-action': c.action },
    h('strong', {}, t(`action_${c.action}`)), ' ',
    c.action === 'update' ? h('span', { class: 'diff' }, diff(before, after)) : h('span', {}, after || before),
    h('div', { class: 'muted small' }, c.change_reason));
}

function evolveDialog(group) {
  const days = h('input', { id: 'days', type: 'number', min: 1, max: 3650, 'aria-label': t('reprocessDays') });
  const out = h('div', { id: 'preview' });
  const params = (dry) => {
    const p = { dry_run: dry ? 'true' : undefined };
    if (canAdmin() && days.value) Object.assign(p, { reprocess: 'true', days: days.value });
    return p;
  };
  const applyBtn = h('button', { class: 'primary', id: 'apply', disabled: true, type: 'button', 'data-write': 'write' }, t('apply'));
  const preview = async () => {
    applyBtn.disabled = true;
    out.replaceChildren(h('p', { class: 'muted' }, t('loading')));
    try {
      const r = await call('POST', `memory/evolve/${seg(group)}`, params(true));
      const changes = r.changes.filter((c) => c.action !== 'keep');
      out.replaceChildren(
        h('p', { class: 'notice', id: 'planned' }, changes.length ? t('planned', changes.length) : (r.message || t('nothingPlanned'))),
        ...changes.map(changeView));
      applyBtn.disabled = changes.length === 0;
    } catch (e) {
      out.replaceChildren(errorBox(e));
    }
  };
  applyBtn.addEventListener('click', async () => {
    applyBtn.disabled = true;
    try {
      const r = await call('POST', `memory/evolve/${seg(group)}`, params(false));
      out.replaceChildren(h('p', { class: 'notice', id: 'applied' }, t('appliedRun', r.message || r.status)),
        ...r.changes.filter((c) => c.action !== 'keep').map(changeView));
    } catch (e) {
      out.replaceChildren(errorBox(e));
    }
  });
  openDialog(h('h2', {}, t('evolveTitle')), h('p', { class: 'muted' }, t('evolveHelp')),
    canAdmin() ? h('label', { class: 'small' }, t('reprocessDays'), ' ', days) : null,
    h('div', { class: 'toolbar' },
      h('button', { id: 'dry-run', type: 'button', onclick: preview }, t('preview')), applyBtn,
      h('button', { type: 'button', onclick: () => { dialog.close(); route(); } }, t('close'))),
    out);
}

// ---- lineage ------------------------------------------------------------

async function lineagePage(id) {
  show(h('p', { class: 'muted' }, t('loading')));
  const hist = await call('GET', `memory/history/${seg(id)}`);
  const versions = hist.history;
  const details = await Promise.all(versions.map((v) => call('GET', `memory/${seg(v.memory_id)}`)));
  setCrumbs(h('a', { href: '#/' }, t('groups')), groupLink(hist.group_id), t('lineage'));
  const byID = new Map(versions.map((v) => [v.memory_id, v]));
  const refresh = () => route();
  const items = versions.map((v, i) => {
    const parent = v.parent_id ? byID.get(v.parent_id) : null;
    const msgs = details[i].evidence_messages || [];
    const isCurrent = v.memory_id === hist.current_memory_id;
    return h('section', { class: `version${isCurrent ? ' current' : ''}`, 'data-version': v.version, id: `v${v.version}` },
      h('div', { class: 'head' }, h('strong', {}, `${t('version')}${v.version}`), ' ', badge(v.status),
        isCurrent ? h('span', { class: 'muted small' }, ` (${t('current')})`) : null,
        ' ', h('span', { class: 'muted small' }, `${t('confidence')} ${Math.round(v.strength * 100)}% · `, timeCell(v.created_at))),
      h('p', { class: 'statement diff' }, parent ? diff(parent.statement, v.statement) : v.statement),
      parent ? h('div', { class: 'muted small parent' }, `${t('parent')}: `, h('a', { href: `#v${parent.version}` }, `${t('version')}${parent.version}`)) : null,
      v.change_summary ? h('div', { class: 'small reason' }, `${t('reason')}: ${v.change_summary}`) : null,
      h('h3', { class: 'small' }, `${t('evidence')} (${msgs.length})`),
      msgs.length ? h('ul', { class: 'evidence' }, msgs.map((m) => h('li', { 'data-message': m.id },
        h('strong', {}, m.sender_name || m.sender_id), ' ', h('span', { class: 'muted small' }, when(m.sent_at)), h('div', {}, m.content))))
        : h('p', { class: 'muted small' }, t('noEvidence')),
      isCurrent && v.status === 'deprecated' ? writeButton('admin', t('restore'), () => act(() => call('PUT', `memory/${seg(v.memory_id)}/restore`), refresh)) : null,
      isCurrent && v.status === 'active' ? writeButton('admin', t('del'), () => deleteAction(v, refresh), 'danger') : null);
  }).reverse();
  show(h('h1', {}, t('lineage')), h('p', { class: 'muted small' }, hist.lineage_id), items);
}

// ---- runs ---------------------------------------------------------------

async function runsPage(group, status) {
  setCrumbs(h('a', { href: '#/' }, t('groups')), groupLink(group), t('runs'));
  show(h('p', { class: 'muted' }, t('loading')));
  const secs = (run) => run.finished_at ? `${((Date.parse(run.finished_at) - Date.parse(run.started_at)) / 1000).toFixed(1)} s` : '…';
  const drops = (run) => Object.values(run.report.drops || {}).reduce((a, b) => a + b, 0);
  const changed = (s) => `+${s.created} ~${s.updated} −${s.deleted}`;
  const row = (run) => h('tr', { class: 'run-row', 'data-run': run.run_id },
    h('td', {}, h('a', { href: `#/r/${seg(run.run_id)}` }, badge(run.status))),
    h('td', { class: 'hide-narrow' }, `${run.trigger} · ${run.actor}`),
    h('td', {}, timeCell(run.started_at)),
    h('td', {}, secs(run)),
    h('td', { class: 'hide-narrow' }, `${run.messages}`),
    h('td', { class: 'hide-narrow' }, `${run.tokens.prompt} / ${run.tokens.completion}`),
    h('td', { title: t('changesHelp') }, changed(run.stats)),
    h('td', {}, `${run.report.repaired}`),
    h('td', {}, `${drops(run)}`),
    h('td', { class: 'hide-narrow' }, `${(run.report.attempts || []).length}`),
    h('td', {}, run.error || run.report.reason || ''));
  const tbody = h('tbody');
  const more = h('button', { id: 'more-runs', type: 'button' }, t('more'));
  const load = async (cursor) => {
    const r = await call('GET', `memory/runs/${seg(group)}`, { limit: 50, status: status || undefined, cursor });
    tbody.append(...r.runs.map(row));
    more.hidden = !r.next_cursor;
    more.onclick = () => guard(() => load(r.next_cursor));
    return r.runs.length;
  };
  const n = await load();
  const filter = h('select', { id: 'run-status', 'aria-label': t('status'), onchange: (ev) => { location.hash = `#/g/${seg(group)}/runs${ev.target.value ? '?status=' + ev.target.value : ''}`; } },
    ['', 'succeeded', 'noop', 'failed', 'review', 'dry_run', 'running'].map((s) => h('option', { value: s, selected: s === status }, s || t('allStatuses'))));
  const head = [t('status'), [t('trigger')], t('started'), t('duration'), [t('messages')], [t('tokens')], t('changes'), t('repairs'), t('drops'), [t('attempts')], t('error')]
    .map((c) => Array.isArray(c) ? h('th', { class: 'hide-narrow' }, c[0]) : h('th', {}, c));
  show(h('h1', {}, `${t('runs')} · ${group}`), h('div', { class: 'toolbar' }, filter),
    n ? [h('div', { class: 'scroll' }, h('table', {}, h('thead', {}, h('tr', {}, head)), tbody)), h('div', { class: 'toolbar' }, more)]
      : h('p', { class: 'muted' }, t('noRuns')));
}

async function runPage(id) {
  show(h('p', { class: 'muted' }, t('loading')));
  const { run } = await call('GET', `memory/run/${seg(id)}`);
  setCrumbs(h('a', { href: '#/' }, t('groups')), groupLink(run.group_id), h('a', { href: `#/g/${seg(run.group_id)}/runs` }, t('runs')), run.run_id.slice(0, 8));
  const rp = run.report;
  const facts = [
    [t('status'), badge(run.status)], [t('trigger'), `${run.trigger} · ${run.actor}`], [t('started'), timeCell(run.started_at)],
    [t('model'), `${run.model} · ${run.prompt_version}`], [t('messages'), `${run.messages} (${run.watermark} → ${run.new_watermark})`],
    [t('tokens'), `${run.tokens.prompt} / ${run.tokens.completion}`],
    [t('changes'), `+${run.stats.created} ~${run.stats.updated} −${run.stats.deleted} =${run.stats.kept}`],
    [t('report'), `${rp.passes} ${t('passes')} · ${rp.answers} ${t('answers')} · ${rp.parsed} ${t('parsed')} · ${rp.repaired} ${t('repairs').toLowerCase()} · ${rp.applied} ${t('applied').toLowerCase()}`],
    [t('error'), run.error || rp.reason || '—'],
  ];
  const drops = Object.entries(rp.drops || {});
  show(h('h1', {}, `${t('run')} ${run.run_id}`),
    h('div', { class: 'scroll' }, h('table', { id: 'run-facts' }, h('tbody', {}, facts.map(([k, v]) => h('tr', {}, h('th', {}, k), h('td', {}, v)))))),
    h('h2', {}, `${t('drops')} (${drops.reduce((a, [, n]) => a + n, 0)})`),
    drops.length ? h('ul', { id: 'drops' }, drops.map(([r, n]) => h('li', {}, `${r}: ${n}`))) : h('p', { class: 'muted' }, '—'),
    (rp.dropped || []).length ? h('div', { class: 'scroll' }, h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, t('line')), h('th', {}, t('reason')), h('th', {}, t('excerpt')))),
      h('tbody', {}, rp.dropped.map((d) => h('tr', {}, h('td', {}, d.line), h('td', {}, d.reason), h('td', {}, d.text || '')))))) : null,
    h('h2', {}, `${t('attempts')} (${(rp.attempts || []).length})`),
    (rp.attempts || []).length ? h('div', { class: 'scroll' }, h('table', { id: 'attempts' },
      h('thead', {}, h('tr', {}, [t('pass'), t('status'), t('wait'), t('duration'), t('tokens'), t('outcome')].map((c) => h('th', {}, c)))),
      h('tbody', {}, rp.attempts.map((a) => h('tr', {}, h('td', {}, a.pass), h('td', {}, a.status), h('td', {}, `${a.wait_ms} ms`),
        h('td', {}, `${a.duration_ms} ms`), h('td', {}, a.tokens ? `${a.tokens.prompt} / ${a.tokens.completion}` : ''), h('td', {}, a.outcome || a.finish || '')))))) : h('p', { class: 'muted' }, '—'));
}

document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
document.title = t('title');
window.addEventListener('hashchange', route);
start();
