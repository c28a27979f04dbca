// Plans held for review: what a run the deletion guard stopped would
// change, for an admin to approve (committed exactly as held) or reject.

import { call, seg } from './api.js';
import { t, when } from './i18n.js';
import { act, canAdmin, guard, writeButton } from './session.js';
import { changeView } from './changes.js';
import { groupLink, h, setCrumbs, show, timeCell } from './ui.js';

/** planBadge shows a plan's status. */
const planBadge = (s) => h('span', { class: `badge ${s}` }, t({ preview: 'preview_plan', applied: 'applied_plan' }[s] || s));

/** planCard shows one kept plan: why it was held, what it changes, and the decision. */
function planCard(p) {
  const changes = p.changes.filter((c) => c.action !== 'keep');
  const open = p.status === 'held' && !p.stale;
  return h('article', { class: 'card plan', 'data-plan': p.plan_id, 'data-status': p.status },
    h('div', { class: 'head' }, planBadge(p.status), p.stale ? h('span', { class: 'badge stale' }, t('stale')) : null,
      h('span', { class: 'muted small' }, `${p.trigger} · ${p.actor} · `, timeCell(p.created_at)),
      h('a', { class: 'small', href: `#/r/${seg(p.plan_id)}` }, t('run'))),
    p.reason ? h('p', { class: 'notice' }, p.reason) : null,
    h('p', { class: 'muted small' }, `+${p.stats.created} ~${p.stats.updated} −${p.stats.deleted} · ${p.messages} ${t('messages').toLowerCase()}`,
      p.status === 'held' ? [' · ', t('expires'), ' ', h('time', { datetime: p.expires_at }, when(p.expires_at))] : null,
      p.decided_by ? [' · ', t('decidedBy', p.decided_by), ' ', timeCell(p.decided_at)] : null),
    p.stale ? h('p', { class: 'muted small' }, t('staleHelp')) : null,
    h('div', { class: 'changes' }, changes.map(changeView)),
    open ? h('div', { class: 'actions' },
      writeButton('admin', t('approve'), () => act(() => call('POST', `memory/plans/${seg(p.plan_id)}/approve`)), 'primary', 'approve'),
      writeButton('admin', t('reject'), () => act(() => call('POST', `memory/plans/${seg(p.plan_id)}/reject`)), 'danger', 'reject')) : null);
}

/** reviewPage lists group's plans held for review (or, all: every kept plan), newest first. */
export async function reviewPage(group, all) {
  setCrumbs(h('a', { href: '#/' }, t('groups')), groupLink(group), t('review'));
  show(h('p', { class: 'muted' }, t('loading')));
  const list = h('div', { class: 'cards', id: 'plans' });
  const more = h('button', { id: 'more-plans', type: 'button' }, t('more'));
  const load = async (cursor) => {
    const r = await call('GET', `memory/plans/${seg(group)}`, { status: all ? undefined : 'held', limit: 20, cursor });
    list.append(...r.plans.map(planCard));
    more.hidden = !r.next_cursor;
    more.onclick = () => guard(() => load(r.next_cursor));
    return r.plans.length;
  };
  const n = await load();
  const base = `#/g/${seg(group)}/review`;
  show(h('h1', {}, `${t('review')} · ${group}`),
    h('p', { class: 'muted' }, canAdmin() ? t('reviewHelp') : t('reviewReadOnly')),
    h('div', { class: 'toolbar' }, all ? h('a', { class: 'button', href: base }, t('heldOnly')) : h('a', { class: 'button', id: 'all-plans', href: `${base}?all=1` }, t('allPlans'))),
    n ? [list, h('div', { class: 'toolbar' }, more)] : h('p', { class: 'muted', id: 'plans-empty' }, all ? t('noPlans') : t('noHeld')));
}
