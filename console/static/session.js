// The key in use and what it may do: write buttons appear only for a key
// whose scope allows them, and every call of a page goes through guard, so
// a refused key (wrong, expired, revoked) leads back to the key form.

import { APIError, setKey } from './api.js';
import { t } from './i18n.js';
import { alertTop, dialog, errorBox, h, openDialog, show } from './ui.js';

/**
 * session holds the key's description from GET /auth/key ({name, scope,
 * groups}, null before sign-in) and what to do when the API refuses it.
 */
export const session = { me: null, onRefused: () => {} };

/** canWrite reports whether the key may evolve. */
export const canWrite = () => !!session.me && (session.me.scope === 'write' || session.me.scope === 'admin');

/** canAdmin reports whether the key may change memories by hand. */
export const canAdmin = () => !!session.me && session.me.scope === 'admin';

/** refresh shows the current page again, with fresh data. */
export const refresh = () => window.dispatchEvent(new HashChangeEvent('hashchange'));

/**
 * writeButton is a button only a key with scope need ('write' or 'admin')
 * sees; for any other key it is null, so the page has no such button.
 */
export function writeButton(need, label, onclick, cls = '', act = '') {
  const allowed = need === 'admin' ? canAdmin() : canWrite();
  if (!allowed) return null;
  return h('button', { class: cls, type: 'button', 'data-write': need, 'data-act': act || null, onclick }, label);
}

/** refused forgets the key and hands over to session.onRefused. */
function refused() {
  setKey('');
  session.me = null;
  if (dialog.open) dialog.close();
  session.onRefused();
}

/** guard runs fn; a refused key leads back to the key form, other errors show. */
export async function guard(fn) {
  try {
    await fn();
  } catch (e) {
    if (e instanceof APIError && e.status === 401) return refused();
    show(errorBox(e));
  }
}

/** act runs an action and refreshes the page, or shows why it failed above it. */
export async function act(fn) {
  try {
    await fn();
    refresh();
  } catch (e) {
    if (e instanceof APIError && e.status === 401) return refused();
    alertTop(e);
  }
}

/**
 * formDialog opens a dialog with title, fields and a submit button labelled
 * label; submitting runs send, then closes the dialog and refreshes the
 * page, or shows the API's error in the dialog.
 */
export function formDialog(title, fields, label, cls, send) {
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
        if (e instanceof APIError && e.status === 401) return refused();
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
