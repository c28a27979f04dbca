// A group's members: who wrote, under which names, how much, and what the
// group remembers about each of them.

import { call, seg } from './api.js';
import { t, when } from './i18n.js';
import { guard } from './session.js';
import { groupLink, h, setCrumbs, show, timeCell } from './ui.js';

/** membersPage lists group's members by sender id, 100 at a time. */
export async function membersPage(group) {
  setCrumbs(h('a', { href: '#/' }, t('groups')), groupLink(group), t('members'));
  show(h('p', { class: 'muted' }, t('loading')));
  const base = `#/g/${seg(group)}/members`;
  const row = (m) => h('tr', { class: 'member-row', 'data-member': m.sender_id },
    h('td', {}, h('a', { href: `${base}/${seg(m.sender_id)}` }, m.display_name || m.sender_id),
      (m.names || []).length ? h('div', { class: 'muted small' }, t('alsoNamed', m.names.join(', '))) : null),
    h('td', { class: 'hide-narrow muted small' }, m.sender_id),
    h('td', {}, `${m.messages}`),
    h('td', {}, `${m.memories}`),
    h('td', { class: 'hide-narrow' }, timeCell(m.first_message_at)),
    h('td', {}, timeCell(m.last_message_at)));
  const tbody = h('tbody');
  const more = h('button', { id: 'more-members', type: 'button' }, t('more'));
  const load = async (cursor) => {
    const r = await call('GET', `memory/members/${seg(group)}`, { limit: 100, cursor });
    tbody.append(...r.members.map(row));
    more.hidden = !r.next_cursor;
    more.onclick = () => guard(() => load(r.next_cursor));
    return r.members.length;
  };
  const n = await load();
  const head = [t('member'), [t('senderID')], t('messages'), t('memoriesAbout'), [t('firstMessage')], t('lastMessage')]
    .map((c) => Array.isArray(c) ? h('th', { class: 'hide-narrow' }, c[0]) : h('th', {}, c));
  show(h('h1', {}, `${t('members')} · ${group}`),
    n ? [h('div', { class: 'scroll' }, h('table', { id: 'members' }, h('thead', {}, h('tr', {}, head)), tbody)), h('div', { class: 'toolbar' }, more)]
      : h('p', { class: 'muted', id: 'members-empty' }, t('noMembers')));
}

/** aboutCard shows one memory about a member, with the messages it rests on. */
function aboutCard(m) {
  return h('article', { class: 'card', 'data-memory': m.memory_id },
    h('a', { class: 'statement', href: `#/m/${seg(m.memory_id)}` }, m.statement),
    h('div', { class: 'meta' }, `${t('changed')} `, timeCell(m.updated_at), ' · ', t('evidenceCount', (m.evidence || []).length)),
    (m.evidence_messages || []).length ? h('ul', { class: 'evidence' }, m.evidence_messages.map((e) => h('li', {},
      h('strong', {}, e.sender_name || e.sender_id), ' ', h('span', { class: 'muted small' }, when(e.sent_at)), h('div', {}, e.content)))) : null);
}

/** memberPage shows one member: names, counts, the memories about them and the habits they share. */
export async function memberPage(group, sender) {
  setCrumbs(h('a', { href: '#/' }, t('groups')), groupLink(group), h('a', { href: `#/g/${seg(group)}/members` }, t('members')), sender);
  show(h('p', { class: 'muted' }, t('loading')));
  const r = await call('GET', `memory/members/${seg(group)}/${seg(sender)}`);
  const m = r.member;
  show(h('h1', {}, m.display_name || m.sender_id),
    h('p', { class: 'muted', id: 'member-facts' }, `${m.sender_id} · ${m.messages} ${t('messages').toLowerCase()} · `,
      timeCell(m.first_message_at), ' → ', timeCell(m.last_message_at),
      (m.names || []).length ? [h('br'), t('alsoNamed', m.names.join(', '))] : null),
    h('div', { class: 'toolbar' }, h('a', { class: 'button', href: `#/g/${seg(group)}/messages?sender=${encodeURIComponent(m.sender_id)}` }, t('theirMessages'))),
    h('h2', {}, `${t('memoriesAbout')} (${r.memories.length})`),
    r.memories.length ? h('div', { class: 'cards', id: 'about' }, r.memories.map(aboutCard)) : h('p', { class: 'muted', id: 'about-empty' }, t('nothingAbout')),
    h('h2', {}, `${t('habits')} (${r.habits.length})`),
    r.habits.length ? h('div', { class: 'cards', id: 'habits' }, r.habits.map(aboutCard)) : h('p', { class: 'muted' }, '—'));
}
