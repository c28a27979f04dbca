// The memory console: a hash-routed page over the groupmem API.
//   #/               groups, with memory counts and their last run
//   #/g/{group}      health panel, memory cards, search and filters, actions
//   #/g/{group}/runs runs (optionally ?status=failed|review)
//   #/g/{group}/messages  the group's messages, newest first or searched
//   #/g/{group}/members   the group's members; #/g/{group}/members/{sender} one of them
//   #/g/{group}/review    plans held for review (?all=1: every kept plan)
//   #/m/{memory}     the lineage of a memory: versions, diffs, reasons, evidence
//   #/r/{run}        one run: its report, drops with reasons, model attempts
//   #/webhooks       webhooks (admin); #/w/{webhook} one of them, its delivery log

import { APIError, call, key, setKey } from './api.js';
import { lang, t } from './i18n.js';
import { groupsPage } from './groups.js';
import { lineagePage } from './lineage.js';
import { groupPage } from './memories.js';
import { memberPage, membersPage } from './members.js';
import { messagesPage } from './messages.js';
import { reviewPage } from './review.js';
import { runPage, runsPage } from './runs.js';
import { guard, session } from './session.js';
import { dialog, errorBox, h, setCrumbs, show } from './ui.js';
import { webhookPage, webhooksPage } from './webhooks.js';

const who = document.getElementById('who');

/** showWho names the key in use and offers to forget it. */
function showWho() {
  who.replaceChildren();
  const me = session.me;
  if (!me) return;
  const label = me.name === 'anonymous' ? t('openServer') : me.name;
  who.append(h('span', { id: 'key-name' }, `${label} · ${t('scope')}: ${me.scope}`));
  if (key()) who.append(h('button', { onclick: () => { setKey(''); session.me = null; login(''); } }, t('signOut')));
}

/** login shows the key form, with message (why the last key was refused) when given. */
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
    session.me = await call('GET', 'auth/key');
  } catch (e) {
    session.me = null;
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

/** route shows the page location.hash names; each page's calls run under guard. */
function route() {
  if (!session.me) return;
  const [path, query] = location.hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(query || '');
  const p = path.split('/').filter(Boolean).map((x) => { try { return decodeURIComponent(x); } catch { return x; } });
  dialog.open && dialog.close();
  if (p[0] === 'g' && p[1] && p[2] === 'runs') return guard(() => runsPage(p[1], params.get('status') || ''));
  if (p[0] === 'g' && p[1] && p[2] === 'messages') return guard(() => messagesPage(p[1], params));
  if (p[0] === 'g' && p[1] && p[2] === 'members' && p[3]) return guard(() => memberPage(p[1], p[3]));
  if (p[0] === 'g' && p[1] && p[2] === 'members') return guard(() => membersPage(p[1]));
  if (p[0] === 'g' && p[1] && p[2] === 'review') return guard(() => reviewPage(p[1], params.get('all') === '1'));
  if (p[0] === 'g' && p[1]) return guard(() => groupPage(p[1], params));
  if (p[0] === 'm' && p[1]) return guard(() => lineagePage(p[1]));
  if (p[0] === 'r' && p[1]) return guard(() => runPage(p[1]));
  if (p[0] === 'webhooks') return guard(webhooksPage);
  if (p[0] === 'w' && p[1]) return guard(() => webhookPage(p[1]));
  return guard(groupsPage);
}

session.onRefused = () => login(t('keyRefused'));
document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
document.title = t('title');
window.addEventListener('hashchange', route);
start();
