// A group's chat messages: the newest first, page by page, or the ones
// that best match a question (hybrid search), optionally from one sender.

import { call, seg } from './api.js';
import { t, when } from './i18n.js';
import { strongHits } from './search.js';
import { guard } from './session.js';
import { groupLink, h, setCrumbs, show } from './ui.js';

/** messagesPage shows group's messages for the q and sender of params. */
export async function messagesPage(group, params) {
  setCrumbs(h('a', { href: '#/' }, t('groups')), groupLink(group), t('messages'));
  show(h('p', { class: 'muted' }, t('loading')));
  const q = params.get('q') || '';
  const sender = params.get('sender') || '';
  const showAll = params.get('all') === '1';
  let weaker = 0;
  const base = `#/g/${seg(group)}/messages`;
  const list = h('ul', { class: 'evidence', id: 'messages' });
  const more = h('button', { id: 'more-messages', type: 'button', hidden: true }, t('more'));
  const load = async (cursor) => {
    const r = await call('GET', `memory/messages/${seg(group)}`, { q: q || undefined, sender: sender || undefined, limit: q ? 50 : 20, cursor });
    let msgs = r.messages;
    if (q && !showAll) [msgs, weaker] = strongHits(msgs);
    list.append(...msgs.map((m) => h('li', { 'data-message': m.id },
      h('strong', {}, m.sender_name || m.sender_id), ' ', h('span', { class: 'muted small' }, when(m.sent_at)), h('div', {}, m.content))));
    more.hidden = !r.next_cursor;
    more.onclick = () => guard(() => load(r.next_cursor));
    return msgs.length;
  };
  const n = await load();
  const qIn = h('input', { type: 'search', id: 'message-search', placeholder: t('searchMessages'), value: q, 'aria-label': t('searchMessages') });
  const senderIn = h('input', { type: 'text', id: 'sender', placeholder: t('sender'), value: sender, 'aria-label': t('sender') });
  const submit = (ev) => {
    ev.preventDefault();
    const np = new URLSearchParams();
    if (qIn.value.trim()) np.set('q', qIn.value.trim());
    if (senderIn.value.trim()) np.set('sender', senderIn.value.trim());
    location.hash = `${base}${np.size ? '?' + np : ''}`;
  };
  show(h('h1', {}, `${t('messages')} · ${group}`),
    h('form', { class: 'toolbar', onsubmit: submit, role: 'search' }, qIn, senderIn,
      h('button', { type: 'submit' }, t('searchButton')), (q || sender) ? h('a', { class: 'button', href: base }, t('clear')) : null),
    h('p', { class: 'muted small' }, q ? t('bestFirst') : t('newestFirst'),
      weaker ? [' ', h('a', { id: 'show-weaker', href: `${base}?${new URLSearchParams({ q, ...(sender ? { sender } : {}), all: '1' })}` }, t('weaker', weaker))] : null),
    n ? [list, h('div', { class: 'toolbar' }, more)] : h('p', { class: 'muted', id: 'messages-empty' }, t('noMessages')));
}
