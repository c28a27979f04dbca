// A memory's lineage: every version, its statement's diff against its
// parent, the reason for the change, and the evidence messages.

import { call, seg } from './api.js';
import { t, when } from './i18n.js';
import { diff } from './diff.js';
import { act, writeButton } from './session.js';
import { deleteAction } from './memories.js';
import { badge, groupLink, h, restorable, setCrumbs, show, timeCell } from './ui.js';

/** lineagePage shows the lineage of the memory version id, newest first. */
export async function lineagePage(id) {
  show(h('p', { class: 'muted' }, t('loading')));
  const hist = await call('GET', `memory/history/${seg(id)}`);
  const versions = hist.history;
  const details = await Promise.all(versions.map((v) => call('GET', `memory/${seg(v.memory_id)}`)));
  setCrumbs(h('a', { href: '#/' }, t('groups')), groupLink(hist.group_id), t('lineage'));
  const byID = new Map(versions.map((v) => [v.memory_id, v]));
  const items = versions.map((v, i) => {
    const parent = v.parent_id ? byID.get(v.parent_id) : null;
    const msgs = details[i].evidence_messages || [];
    const isCurrent = v.memory_id === hist.current_memory_id;
    return h('section', { class: `version${isCurrent ? ' current' : ''}`, 'data-version': v.version, id: `v${v.version}` },
      h('div', { class: 'head' }, h('strong', {}, `${t('version')}${v.version}`), ' ', badge(v.status),
        isCurrent ? h('span', { class: 'muted small' }, ` (${t('current')})`) : null,
        ' ', h('span', { class: 'muted small' }, `${t('confidence')} ${Math.round(v.strength * 100)}% · `, timeCell(v.created_at))),
      h('p', { class: 'statement diff' }, parent ? diff(parent.statement, v.statement) : v.statement),
      parent ? h('div', { class: 'muted small parent' }, `${t('parent')}: `, h('a', {
        href: location.hash,
        onclick: (ev) => { ev.preventDefault(); document.getElementById(`v${parent.version}`).scrollIntoView({ behavior: 'smooth' }); },
      }, `${t('version')}${parent.version}`)) : null,
      v.change_summary ? h('div', { class: 'small reason' }, `${t('reason')}: ${v.change_summary}`) : null,
      h('h3', { class: 'small' }, `${t('evidence')} (${msgs.length})`),
      msgs.length ? h('ul', { class: 'evidence' }, msgs.map((m) => h('li', { 'data-message': m.id },
        h('strong', {}, m.sender_name || m.sender_id), ' ', h('span', { class: 'muted small' }, when(m.sent_at)), h('div', {}, m.content))))
        : h('p', { class: 'muted small' }, t('noEvidence')),
      isCurrent && v.status === 'deprecated' && restorable(v) ? writeButton('admin', t('restore'), () => act(() => call('PUT', `memory/${seg(v.memory_id)}/restore`)), '', 'restore') : null,
      isCurrent && v.status === 'active' ? writeButton('admin', t('del'), () => deleteAction(v), 'danger', 'delete') : null,
      !isCurrent && v.status === 'superseded' && restorable(v) ? writeButton('admin', t('keepVersion'),
        () => act(() => call('PUT', `memory/${seg(v.memory_id)}/restore`)), '', 'restore-version') : null);
  }).reverse();
  show(h('h1', {}, t('lineage')), h('p', { class: 'muted small' }, hist.lineage_id), items);
}
