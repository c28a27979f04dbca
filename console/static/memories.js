// A group's page: the health panel, the memory cards with search and
// filters, and the actions on them (evolve with a dry-run preview, write,
// edit, delete, restore, strength).

import { call, seg } from './api.js';
import { t, when } from './i18n.js';
import { changeView } from './changes.js';
import { strongHits } from './search.js';
import { act, canAdmin, formDialog, refresh, session, writeButton } from './session.js';
import { badge, bar, dialog, errorBox, h, openDialog, restorable, setCrumbs, show, timeCell } from './ui.js';

/** weak is the strength under which a memory is shown as one to clean up. */
const weak = 0.3;

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

/** groupPage shows group's health panel and the memory cards params select. */
export async function groupPage(group, params) {
  setCrumbs(h('a', { href: '#/' }, t('groups')), group);
  const allowed = session.me.groups;
  if (allowed && !allowed.includes(group)) return show(h('div', { class: 'error', role: 'alert' }, t('keyNoGroup')));
  show(h('p', { class: 'muted' }, t('loading')));
  const status = params.get('status') || 'active';
  const since = params.get('since') || '';
  const q = params.get('q') || '';
  const onlyWeak = params.get('weak') === '1';
  const showAll = params.get('all') === '1';
  const weekAgo = Date.now() - 7 * 86400e3;
  const [active, shown, held, failed] = await Promise.all([
    listAll(group, 'active'),
    q ? call('GET', `memory/search/${seg(group)}`, { q, limit: 100 }).then((r) => r.results)
      : status === 'active' ? null : listAll(group, status),
    call('GET', `memory/plans/${seg(group)}`, { status: 'held', limit: 100 }).then((r) => r.plans.filter((p) => !p.stale)),
    call('GET', `memory/runs/${seg(group)}`, { status: 'failed', limit: 100 }).then((r) => r.runs.filter((x) => Date.parse(x.started_at) >= weekAgo)),
  ]);
  let cards = shown || active;
  let weaker = 0;
  if (q && !showAll) {
    [cards, weaker] = strongHits(cards);
  }
  if (q && status !== 'all') cards = cards.filter((m) => m.status === status);
  if (since) cards = cards.filter((m) => Date.parse(m.updated_at) >= Date.parse(since));
  if (onlyWeak) cards = cards.filter((m) => m.strength < weak);

  const base = `#/g/${seg(group)}`;
  const health = healthPanel(base, active, held, failed);
  const toolbar = filterBar(base, { q, status, since, filtered: !!(q || since || status !== 'active' || onlyWeak) });

  const actions = h('div', { class: 'toolbar' },
    h('a', { class: 'button', href: `${base}/runs` }, t('runs')),
    h('a', { class: 'button', href: `${base}/messages` }, t('messages')),
    h('a', { class: 'button', href: `${base}/members` }, t('members')),
    h('a', { class: 'button', href: `${base}/review` }, t('review'), held.length ? ` (${held.length})` : ''),
    writeButton('write', t('evolve'), () => evolveDialog(group), 'primary', 'evolve'),
    writeButton('admin', t('newMemory'), () => editDialog(group, null), '', 'create'));

  show(h('h1', {}, group), health, actions, toolbar,
    h('p', { class: 'muted small', id: 'count' }, t('shownOf', cards.length, q ? cards.length + weaker : (shown || active).length),
      weaker ? [' · ', h('a', { id: 'show-weaker', href: `${base}?${new URLSearchParams({ q, all: '1' })}` }, t('weaker', weaker))] : null),
    cards.length ? h('div', { class: 'cards', id: 'cards' }, cards.map((m) => card(group, m)))
      : h('p', { class: 'muted', id: 'cards-empty' }, t('noMemories')));
}

/**
 * healthPanel shows the group's health: memories in use, their average
 * strength, the weak ones, plans held for review and failed runs; each
 * tile opens the list behind it.
 */
function healthPanel(base, active, held, failed) {
  const avg = active.length ? active.reduce((s, m) => s + m.strength, 0) / active.length : 0;
  const weakCount = active.filter((m) => m.strength < weak).length;
  const go = (p) => () => { location.hash = p; };
  const tile = (id, label, value, cls, onclick) => h('button', { class: `tile ${cls}`, id, onclick },
    h('div', { class: 'label' }, label), h('div', { class: 'value' }, value));
  return h('section', { class: 'health', 'aria-label': 'health' },
    tile('h-total', t('healthTotal'), active.length, '', go(base)),
    tile('h-avg', t('healthAvg'), `${Math.round(avg * 100)}%`, '', go(base)),
    tile('h-weak', t('healthWeak'), weakCount, weakCount ? 'warn' : '', go(`${base}?weak=1`)),
    tile('h-review', t('healthReview'), held.length, held.length ? 'warn' : '', go(`${base}/review`)),
    tile('h-failed', t('healthFailed'), failed.length, failed.length ? 'bad' : '', go(`${base}/runs?status=failed`)));
}

/** filterBar is the search box and the filters; changing one shows the page for it. */
function filterBar(base, { q, status, since, filtered }) {
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
  return h('form', { class: 'toolbar', onsubmit: apply, role: 'search' },
    search, statusSel, h('label', { class: 'small muted' }, t('changedSince'), ' ', sinceIn),
    filtered ? h('a', { class: 'button', href: base }, t('clear')) : null);
}

/** card shows memory m: status, version, confidence, statement, last change, evidence, actions. */
function card(group, m) {
  const pct = Math.round(m.strength * 100);
  return h('article', { class: 'card', 'data-memory': m.memory_id, 'data-lineage': m.lineage_id, 'data-status': m.status },
    h('div', { class: 'head' }, badge(m.status), h('span', { class: 'muted' }, `${t('version')}${m.version}`),
      (m.tags || []).map((tag) => h('span', { class: 'badge tag' }, tag)),
      h('span', { class: 'conf', title: t('confidence') }, `${t('confidence')} ${pct}%`)),
    bar(pct),
    h('a', { class: 'statement', href: `#/m/${seg(m.memory_id)}` }, m.statement),
    h('div', { class: 'meta' }, `${t('changed')} `, timeCell(m.updated_at), ' · ', t('evidenceCount', (m.evidence || []).length),
      m.change_summary ? h('div', {}, m.change_summary) : null),
    h('div', { class: 'actions' },
      h('a', { class: 'button', href: `#/m/${seg(m.memory_id)}` }, t('lineage')),
      m.status === 'active' ? writeButton('admin', t('edit'), () => editDialog(group, m), '', 'edit') : null,
      m.status === 'active' ? writeButton('admin', t('strength'), () => strengthAction(m), '', 'strength') : null,
      m.status === 'active' ? writeButton('admin', t('del'), () => deleteAction(m), 'danger', 'delete') : null,
      m.status === 'deprecated' && restorable(m) ? writeButton('admin', t('restore'), () => act(() => call('PUT', `memory/${seg(m.memory_id)}/restore`)), '', 'restore') : null));
}

/** deleteAction asks for a reason, then deletes m (restorable). */
export function deleteAction(m) {
  const reason = h('input', { id: 'reason', type: 'text', 'aria-label': t('why') });
  formDialog(t('confirmDelete'), [h('p', { class: 'statement' }, m.statement), h('label', {}, t('why')), h('div', {}, reason)],
    t('del'), 'danger', () => call('DELETE', `memory/${seg(m.memory_id)}`, {}, reason.value ? { reason: reason.value } : undefined));
}

/** strengthAction asks for m's new strength and sets it. */
function strengthAction(m) {
  const v = h('input', { id: 'strength', type: 'number', min: 0, max: 1, step: 0.01, value: m.strength, required: true, 'aria-label': t('strength') });
  formDialog(t('strength'), [h('p', { class: 'statement' }, m.statement), h('label', {}, t('strengthPrompt'), ' ', v)],
    t('save'), 'primary', () => call('PUT', `memory/${seg(m.memory_id)}/strength`, {}, { strength: Number(v.value) }));
}

/** editDialog edits m's statement (a new version), or writes a new memory when m is null. */
function editDialog(group, m) {
  const text = h('textarea', { id: 'statement', maxlength: 500, required: true, 'aria-label': t('statement') });
  text.value = m ? m.statement : '';
  const reason = h('input', { id: 'reason', type: 'text', 'aria-label': t('why') });
  const send = () => {
    const body = { statement: text.value, reason: reason.value };
    return m ? call('PUT', `memory/${seg(m.memory_id)}`, {}, body) : call('POST', `memory/create/${seg(group)}`, {}, body);
  };
  formDialog(m ? t('editTitle') : t('createTitle'), [h('label', {}, t('statement')), text, h('label', {}, t('why')), h('div', {}, reason)],
    t('save'), 'primary', send);
}

/**
 * evolveDialog evolves group: a dry run first lists the planned changes and
 * applies nothing; Apply then commits exactly that plan (the preview's
 * plan_id), or says the group changed and a new preview is needed. An
 * admin may reprocess the last days.
 */
function evolveDialog(group) {
  const days = h('input', { id: 'days', type: 'number', min: 1, max: 3650, 'aria-label': t('reprocessDays') });
  const out = h('div', { id: 'preview' });
  const params = () => {
    const p = { dry_run: 'true' };
    if (canAdmin() && days.value) Object.assign(p, { reprocess: 'true', days: days.value });
    return p;
  };
  let plan = '';
  const applyBtn = h('button', { class: 'primary', id: 'apply', disabled: true, type: 'button', 'data-write': 'write' }, t('apply'));
  const preview = async () => {
    applyBtn.disabled = true;
    plan = '';
    out.replaceChildren(h('p', { class: 'muted' }, t('loading')));
    try {
      const r = await call('POST', `memory/evolve/${seg(group)}`, params());
      const changes = r.changes.filter((c) => c.action !== 'keep');
      if (r.status === 'review') {
        out.replaceChildren(h('p', { class: 'notice', id: 'planned' }, t('heldPreview')),
          h('a', { class: 'button', href: `#/g/${seg(group)}/review?all=1` }, t('review')), ...changes.map(changeView));
        return;
      }
      out.replaceChildren(
        h('p', { class: 'notice', id: 'planned' }, changes.length ? t('planned', changes.length) : t('nothingPlanned'),
          r.plan_id && r.messages ? [' ', t('planExpires'), ' ', h('time', { datetime: r.plan_expires_at }, when(r.plan_expires_at)), '.'] : null),
        ...changes.map(changeView));
      plan = r.plan_id || '';
      applyBtn.disabled = !plan || r.messages === 0;
    } catch (e) {
      out.replaceChildren(errorBox(e));
    }
  };
  applyBtn.addEventListener('click', async () => {
    applyBtn.disabled = true;
    out.prepend(h('p', { class: 'muted' }, t('applying')));
    try {
      const r = await call('POST', `memory/plans/${seg(plan)}/apply`);
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
      h('button', { type: 'button', onclick: () => { dialog.close(); refresh(); } }, t('close'))),
    out);
}
