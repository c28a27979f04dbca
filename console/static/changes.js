// One planned or applied change of an evolution, as the evolve dialog and
// the review page show it.

import { diff } from './diff.js';
import { t } from './i18n.js';
import { h } from './ui.js';

/** changeView shows change c: its action, the statement (a diff for an update) and why. */
export function changeView(c) {
  const before = c.old_statement || '';
  const after = c.new_statement ?? c.statement ?? '';
  return h('div', { class: 'change', 'data-action': c.action },
    h('strong', {}, t(`action_${c.action}`)), ' ',
    c.action === 'update' ? h('span', { class: 'diff' }, diff(before, after)) : h('span', {}, after || before),
    h('div', { class: 'muted small' }, c.change_reason));
}
