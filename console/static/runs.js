// A group's runs, and one run's report.

import { call, seg } from './api.js';
import { t } from './i18n.js';
import { guard } from './session.js';
import { badge, groupLink, h, setCrumbs, show, timeCell } from './ui.js';
import { usagePanel } from './usage.js';

/** runsPage lists group's runs, newest first, 50 at a time, by status when given. */
export async function runsPage(group, status) {
  setCrumbs(h('a', { href: '#/' }, t('groups')), groupLink(group), t('runs'));
  show(h('p', { class: 'muted' }, t('loading')));
  const secs = (run) => run.finished_at ? `${((Date.parse(run.finished_at) - Date.parse(run.started_at)) / 1000).toFixed(1)} s` : '…';
  const drops = (run) => Object.values(run.report.drops || {}).reduce((a, b) => a + b, 0);
  const changed = (s) => `+${s.created} ~${s.updated} −${s.deleted}`;
  const row = (run) => h('tr', { class: 'run-row', 'data-run': run.run_id },
    h('td', {}, h('a', { href: `#/r/${seg(run.run_id)}` }, badge(run.status))),
    h('td', { class: 'hide-narrow' }, `${run.trigger} · ${run.actor}`),
    h('td', {}, timeCell(run.started_at)),
    h('td', {}, secs(run)),
    h('td', { class: 'hide-narrow' }, `${run.messages}`),
    h('td', { class: 'hide-narrow' }, `${run.tokens.prompt} / ${run.tokens.completion}`),
    h('td', { title: t('changesHelp') }, changed(run.stats)),
    h('td', {}, `${run.report.repaired}`),
    h('td', {}, `${drops(run)}`),
    h('td', { class: 'hide-narrow' }, `${(run.report.attempts || []).length}`),
    h('td', {}, run.error || run.report.reason || ''));
  const tbody = h('tbody');
  const more = h('button', { id: 'more-runs', type: 'button' }, t('more'));
  const load = async (cursor) => {
    const r = await call('GET', `memory/runs/${seg(group)}`, { limit: 50, status: status || undefined, cursor });
    tbody.append(...r.runs.map(row));
    more.hidden = !r.next_cursor;
    more.onclick = () => guard(() => load(r.next_cursor));
    return r.runs.length;
  };
  const n = await load();
  const filter = h('select', { id: 'run-status', 'aria-label': t('status'), onchange: (ev) => { location.hash = `#/g/${seg(group)}/runs${ev.target.value ? '?status=' + ev.target.value : ''}`; } },
    ['', 'succeeded', 'noop', 'failed', 'review', 'dry_run', 'running'].map((s) => h('option', { value: s, selected: s === status }, s ? t(s) : t('allStatuses'))));
  const head = [t('status'), [t('trigger')], t('started'), t('duration'), [t('messages')], [t('tokens')], t('changes'), t('repairs'), t('drops'), [t('attempts')], t('error')]
    .map((c) => Array.isArray(c) ? h('th', { class: 'hide-narrow' }, c[0]) : h('th', {}, c));
  show(h('h1', {}, `${t('runs')} · ${group}`), usagePanel(group), h('div', { class: 'toolbar' }, filter),
    n ? [h('div', { class: 'scroll' }, h('table', {}, h('thead', {}, h('tr', {}, head)), tbody)), h('div', { class: 'toolbar' }, more)]
      : h('p', { class: 'muted' }, t('noRuns')));
}

/** runPage shows one run: what it read, asked, applied, repaired and dropped. */
export async function runPage(id) {
  show(h('p', { class: 'muted' }, t('loading')));
  const { run } = await call('GET', `memory/run/${seg(id)}`);
  setCrumbs(h('a', { href: '#/' }, t('groups')), groupLink(run.group_id), h('a', { href: `#/g/${seg(run.group_id)}/runs` }, t('runs')), run.run_id.slice(0, 8));
  const rp = run.report;
  const facts = [
    [t('status'), badge(run.status)], [t('trigger'), `${run.trigger} · ${run.actor}`], [t('started'), timeCell(run.started_at)],
    [t('model'), `${run.model} · ${run.prompt_version}`], [t('messages'), `${run.messages} (${run.watermark} → ${run.new_watermark})`],
    [t('tokens'), `${run.tokens.prompt} / ${run.tokens.completion}`],
    [t('changes'), `+${run.stats.created} ~${run.stats.updated} −${run.stats.deleted} =${run.stats.kept}`],
    [t('report'), `${rp.passes} ${t('passes')} · ${rp.answers} ${t('answers')} · ${rp.parsed} ${t('parsed')} · ${rp.repaired} ${t('repairs').toLowerCase()} · ${rp.applied} ${t('applied').toLowerCase()}`],
    [t('error'), run.error || rp.reason || '—'],
  ];
  const drops = Object.entries(rp.drops || {});
  show(h('h1', {}, `${t('run')} ${run.run_id}`),
    h('div', { class: 'scroll' }, h('table', { id: 'run-facts' }, h('tbody', {}, facts.map(([k, v]) => h('tr', {}, h('th', {}, k), h('td', {}, v)))))),
    h('h2', {}, `${t('drops')} (${drops.reduce((a, [, n]) => a + n, 0)})`),
    drops.length ? h('ul', { id: 'drops' }, drops.map(([r, n]) => h('li', {}, `${r}: ${n}`))) : h('p', { class: 'muted' }, '—'),
    (rp.dropped || []).length ? h('div', { class: 'scroll' }, h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, t('line')), h('th', {}, t('reason')), h('th', {}, t('excerpt')))),
      h('tbody', {}, rp.dropped.map((d) => h('tr', {}, h('td', {}, d.line), h('td', {}, d.reason), h('td', {}, d.text || '')))))) : null,
    h('h2', {}, `${t('attempts')} (${(rp.attempts || []).length})`),
    (rp.attempts || []).length ? h('div', { class: 'scroll' }, h('table', { id: 'attempts' },
      h('thead', {}, h('tr', {}, [t('pass'), t('status'), t('wait'), t('duration'), t('tokens'), t('outcome')].map((c) => h('th', {}, c)))),
      h('tbody', {}, rp.attempts.map((a) => h('tr', {}, h('td', {}, a.pass), h('td', {}, a.status), h('td', {}, `${a.wait_ms} ms`),
        h('td', {}, `${a.duration_ms} ms`), h('td', {}, a.tokens ? `${a.tokens.prompt} / ${a.tokens.completion}` : ''), h('td', {}, a.outcome || a.finish || '')))))) : h('p', { class: 'muted' }, '—'));
}

