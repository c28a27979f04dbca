// The groups page: every group the key may see, with its memories by
// status, its messages, and its last run.

import { call, seg } from './api.js';
import { t } from './i18n.js';
import { canAdmin } from './session.js';
import { badge, groupLink, h, setCrumbs, show, timeCell } from './ui.js';

/** lastRun shows a group's latest run: outcome, when, and what it changed or why it failed. */
function lastRun(group, run) {
  const s = run.stats;
  return [badge(run.status), ' ', h('a', { href: `#/r/${seg(run.run_id)}` }, timeCell(run.started_at)),
    h('div', { class: 'muted small' }, run.error || run.report.reason || `+${s.created} ~${s.updated} −${s.deleted} · ${t('changesHelp')}`),
    h('a', { class: 'small', href: `#/g/${seg(group)}/runs` }, t('runs'))];
}

/** groupsPage shows the groups, reading every page of them (up to 1000). */
export async function groupsPage() {
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
    h('td', {}, g.last_run ? lastRun(g.group_id, g.last_run) : t('never'))));
  show(h('h1', {}, t('groups')), canAdmin() ? h('div', { class: 'toolbar' }, h('a', { class: 'button', id: 'webhooks-link', href: '#/webhooks' }, t('webhooks'))) : null,
    h('div', { class: 'scroll' }, h('table', {},
    h('thead', {}, h('tr', {}, h('th', {}, t('group')), h('th', {}, t('memories')), h('th', { class: 'hide-narrow' }, t('messages')), h('th', {}, t('lastRun')))),
    h('tbody', {}, rows))));
}
