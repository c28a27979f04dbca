// Webhooks: subscriptions to the groups' events, why one is paused, its
// delivery log, and a replay from any event. Every call is the API's
// (admin keys); a secret is shown once, when it is made.

import { APIError, call, seg } from './api.js';
import { t } from './i18n.js';
import { act, guard, refresh, writeButton } from './session.js';
import { alertTop, dialog, errorBox, h, openDialog, setCrumbs, show, timeCell } from './ui.js';

/** events are the event types a webhook may receive, in the API's order. */
const events = ['memory.created', 'memory.updated', 'memory.deleted', 'memory.restored', 'run.succeeded', 'run.failed',
  'run.held_for_review', 'group.purged', 'message.redacted'];

const hookBadge = (w) => h('span', { class: `badge ${w.status}` }, t(`hook_${w.status}`));
const groupsOf = (w) => (w.groups ? w.groups.join(', ') : t('everyGroup'));

/** showSecret shows a secret once, in the dialog; closing it shows the page again. */
function showSecret(title, secret) {
  openDialog(h('h2', {}, title), h('p', { class: 'notice' }, t('secretOnce')),
    h('pre', { id: 'hook-secret', class: 'secret' }, secret),
    h('div', { class: 'toolbar' }, h('button', { type: 'button', class: 'primary', id: 'secret-done', onclick: () => { dialog.close(); refresh(); } }, t('close'))));
}

/** newHook opens the form of a new webhook: its URL, event types and groups. */
function newHook() {
  const url = h('input', { id: 'hook-url', type: 'url', required: true, placeholder: 'https://…', autocomplete: 'off' });
  const boxes = events.map((e) => h('input', { type: 'checkbox', name: 'event', value: e, checked: e.startsWith('memory.') }));
  const groups = h('input', { id: 'hook-groups', placeholder: t('hookGroupsAll'), autocomplete: 'off' });
  const out = h('div');
  const form = h('form', {
    id: 'hook-form',
    onsubmit: async (ev) => {
      ev.preventDefault();
      const list = groups.value.split(',').map((g) => g.trim()).filter(Boolean);
      try {
        const r = await call('POST', 'memory/webhooks', {}, {
          url: url.value.trim(), events: boxes.filter((b) => b.checked).map((b) => b.value), groups: list.length ? list : undefined,
        });
        showSecret(t('hookCreated'), r.secret);
      } catch (e) {
        out.replaceChildren(errorBox(e));
      }
    },
  },
  h('h2', {}, t('newHook')),
  h('label', { for: 'hook-url' }, t('hookURL')), url,
  h('fieldset', { class: 'events' }, h('legend', {}, t('hookEvents')), boxes.map((b, i) => h('label', { class: 'check' }, b, ' ', events[i]))),
  h('label', { for: 'hook-groups' }, t('hookGroups')), groups, out,
  h('div', { class: 'toolbar' }, h('button', { class: 'primary', type: 'submit', id: 'hook-submit' }, t('create')),
    h('button', { type: 'button', onclick: () => dialog.close() }, t('cancel'))));
  openDialog(form);
  url.focus();
}

/** hookRow is one webhook in the list. */
const hookRow = (w) => h('tr', { class: 'hook-row', 'data-hook': w.webhook_id, 'data-status': w.status },
  h('td', {}, h('a', { href: `#/w/${seg(w.webhook_id)}` }, w.url),
    w.status === 'paused' ? h('div', { class: 'error small paused-reason' }, w.paused_reason) : null),
  h('td', { class: 'small' }, w.events.join(', ')),
  h('td', {}, groupsOf(w)),
  h('td', {}, hookBadge(w)),
  h('td', { class: 'hide-narrow' }, timeCell(w.created_at), h('div', { class: 'muted small' }, w.created_by)));

/** webhooksPage lists the webhooks of the groups the key administers. */
export async function webhooksPage() {
  setCrumbs(h('a', { href: '#/' }, t('groups')), t('webhooks'));
  show(h('p', { class: 'muted' }, t('loading')));
  const r = await call('GET', 'memory/webhooks');
  show(h('h1', {}, t('webhooks')), h('p', { class: 'muted' }, t('webhooksHelp')),
    h('div', { class: 'toolbar' }, writeButton('admin', t('newHook'), newHook, 'primary', 'new-hook')),
    r.webhooks.length
      ? h('div', { class: 'scroll' }, h('table', { id: 'hooks' },
        h('thead', {}, h('tr', {}, h('th', {}, t('hookURL')), h('th', {}, t('hookEvents')), h('th', {}, t('hookGroups')),
          h('th', {}, t('status')), h('th', { class: 'hide-narrow' }, t('created')))),
        h('tbody', {}, r.webhooks.map(hookRow))))
      : h('p', { class: 'muted', id: 'hooks-empty' }, t('noHooks')));
}

/** deliveryRow is one entry of a webhook's delivery log, with its replay. */
const deliveryRow = (id, d) => h('tr', { class: 'delivery-row', 'data-event': d.event_id, 'data-state': d.state },
  h('td', {}, d.event_type, h('div', { class: 'muted small' }, d.event_id)),
  h('td', {}, d.group_id, h('div', { class: 'muted small' }, `#${d.seq}`)),
  h('td', {}, h('span', { class: `badge ${d.state}` }, t(`delivery_${d.state}`))),
  h('td', {}, `${d.attempts}`),
  h('td', {}, d.last_status ? `${d.last_status}` : '—', d.last_error ? h('div', { class: 'fail-text small' }, d.last_error) : null,
    d.first_failed_at ? h('div', { class: 'muted small' }, t('failingSince'), ' ', timeCell(d.first_failed_at)) : null),
  h('td', { class: 'hide-narrow' }, d.attempts ? `${d.latency_ms.toFixed(1)} ms` : '—'),
  h('td', { class: 'hide-narrow' }, timeCell(d.last_attempt_at)),
  h('td', {}, writeButton('admin', t('replayFrom'), () => act(() => call('POST', `memory/webhooks/${seg(id)}/replay`, {}, { event_id: d.event_id })), 'small', 'replay')));

/** webhookPage shows one webhook, its status and why it paused, and its delivery log. */
export async function webhookPage(id) {
  setCrumbs(h('a', { href: '#/' }, t('groups')), h('a', { href: '#/webhooks' }, t('webhooks')), t('webhook'));
  show(h('p', { class: 'muted' }, t('loading')));
  const base = `memory/webhooks/${seg(id)}`;
  const { webhook: w } = await call('GET', base);
  const rows = h('tbody', { id: 'deliveries' });
  const more = h('button', { id: 'more-deliveries', type: 'button' }, t('more'));
  const load = async (cursor) => {
    const r = await call('GET', `${base}/deliveries`, { limit: 50, cursor });
    rows.append(...r.deliveries.map((d) => deliveryRow(id, d)));
    more.hidden = !r.next_cursor;
    more.onclick = () => guard(() => load(r.next_cursor));
    return r.deliveries.length;
  };
  const n = await load();
  const rotate = async () => {
    try {
      showSecret(t('hookRotated'), (await call('POST', `${base}/rotate`)).secret);
    } catch (e) {
      if (e instanceof APIError && e.status === 401) return refresh();
      alertTop(e);
    }
  };
  const remove = async () => {
    try {
      await call('DELETE', base);
      location.hash = '#/webhooks';
    } catch (e) {
      alertTop(e);
    }
  };
  show(h('h1', { id: 'hook-url-title' }, w.url), h('p', {}, hookBadge(w), ' ', h('span', { class: 'muted small' }, `${w.created_by} · `, timeCell(w.created_at))),
    w.status === 'paused' ? h('p', { class: 'error', id: 'paused-reason' }, t('pausedBecause'), ' ', w.paused_reason) : null,
    h('p', { class: 'small' }, h('strong', {}, t('hookEvents')), ': ', w.events.join(', '), h('br'), h('strong', {}, t('hookGroups')), ': ', groupsOf(w),
      w.previous_secret_until ? [h('br'), t('previousSecret'), ' ', timeCell(w.previous_secret_until)] : null),
    h('div', { class: 'toolbar' },
      w.status === 'paused' ? writeButton('admin', t('resume'), () => act(() => call('POST', `${base}/resume`)), 'primary', 'resume') : null,
      writeButton('admin', t('rotate'), rotate, '', 'rotate'),
      writeButton('admin', t('deleteHook'), remove, 'danger', 'delete-hook')),
    h('h2', {}, t('deliveries')), h('p', { class: 'muted small' }, t('deliveriesHelp')),
    n ? [h('div', { class: 'scroll' }, h('table', { id: 'delivery-log' },
      h('thead', {}, h('tr', {}, h('th', {}, t('event')), h('th', {}, t('group')), h('th', {}, t('status')), h('th', {}, t('attempts')),
        h('th', {}, t('lastAnswer')), h('th', { class: 'hide-narrow' }, t('latency')), h('th', { class: 'hide-narrow' }, t('lastAttempt')), h('th', {}, ''))),
      rows)), h('div', { class: 'toolbar' }, more)]
      : h('p', { class: 'muted', id: 'deliveries-empty' }, t('noDeliveries')));
}
