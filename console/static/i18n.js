// Strings of the console in English and Chinese. The language follows the
// browser: any zh* preference first in navigator.languages picks Chinese.

const en = {
  title: 'Memory console',
  keyPrompt: 'Enter an API key. It is kept in this tab only (sessionStorage) and sent as a Bearer token.',
  keyLabel: 'API key',
  signIn: 'Open console',
  signOut: 'Forget key',
  keyRefused: 'The key was refused: it is wrong, expired or revoked. Enter a valid key.',
  keyNoGroup: 'This key may not see this group.',
  forbidden: 'This key may not do that',
  openServer: 'open server',
  scope: 'scope',
  groups: 'Groups',
  group: 'Group',
  noGroups: 'No groups yet.',
  memories: 'Memories',
  messages: 'Messages',
  pending: 'pending',
  lastRun: 'Last run',
  never: 'never',
  active: 'active', superseded: 'superseded', deprecated: 'deleted',
  succeeded: 'succeeded', noop: 'nothing new', failed: 'failed', review: 'held for review', dry_run: 'dry run', running: 'running',
  allStatuses: 'all statuses',
  search: 'Search memories…',
  changedSince: 'changed since',
  clear: 'Clear',
  healthTotal: 'Memories in use',
  healthAvg: 'Average confidence',
  healthWeak: 'Weak, to clean up',
  healthReview: 'Plans held for review',
  healthFailed: 'Failed runs (7 days)',
  confidence: 'confidence',
  version: 'v',
  evidenceCount: (n) => `${n} evidence message${n === 1 ? '' : 's'}`,
  changed: 'changed',
  lineage: 'Lineage',
  history: 'History',
  runs: 'Runs',
  noMemories: 'No memory matches.',
  shownOf: (a, b) => `${a} of ${b} shown`,
  weaker: (n) => `show ${n} weaker match${n === 1 ? '' : 'es'}`,
  parent: 'parent',
  reason: 'reason',
  evidence: 'Evidence',
  noEvidence: 'No stored evidence message.',
  current: 'current',
  status: 'Status', trigger: 'Trigger', started: 'Started', duration: 'Duration', tokens: 'Tokens (in / out)',
  repairs: 'Repairs', drops: 'Drops', error: 'Error', attempts: 'Attempts', applied: 'Applied',
  noRuns: 'No runs.',
  changes: 'Changes',
  changesHelp: 'created, updated, deleted',
  more: 'More',
  searchMessages: 'Search messages…', sender: 'sender', searchButton: 'Search', noMessages: 'No message matches.',
  bestFirst: 'Best matches first (keywords and meaning).', newestFirst: 'Newest first.',
  run: 'Run', model: 'Model', report: 'Report', passes: 'passes', answers: 'answers', parsed: 'parsed',
  line: 'Line', excerpt: 'Excerpt', pass: 'Pass', wait: 'Wait', outcome: 'Outcome',
  evolve: 'Evolve…',
  evolveTitle: 'Evolve this group',
  evolveHelp: 'A dry run plans the changes and applies nothing. Review them, then apply.',
  reprocessDays: 'Reprocess the last days (empty: only new messages)',
  preview: 'Preview (dry run)',
  apply: 'Apply',
  cancel: 'Cancel',
  close: 'Close',
  planned: (n) => `${n} planned change${n === 1 ? '' : 's'}; nothing was applied.`,
  nothingPlanned: 'Nothing to change.',
  appliedRun: (s) => `Run finished: ${s}.`,
  del: 'Delete', restore: 'Restore', strength: 'Strength', edit: 'Edit', newMemory: 'New memory',
  confirmDelete: 'Delete this memory? It can be restored from its lineage.',
  strengthPrompt: 'New strength (0 to 1):',
  editTitle: 'Edit the statement',
  createTitle: 'Write a memory by hand',
  statement: 'Statement',
  why: 'Reason (recorded in the lineage)',
  save: 'Save',
  done: 'Done.',
  loading: 'Loading…',
  back: 'Back',
  action_create: 'create', action_update: 'update', action_delete: 'delete', action_keep: 'keep',
  action_restore: 'restore', action_strength: 'strength',
  ago: (n, unit) => `${n} ${unit}${n === 1 ? '' : 's'} ago`,
  units: { s: 'second', m: 'minute', h: 'hour', d: 'day', mo: 'month', y: 'year' },
  justNow: 'just now',
};

const zh = {
  title: '记忆控制台',
  keyPrompt: '请输入 API 密钥。它只保存在当前标签页（sessionStorage），以 Bearer 方式发送。',
  keyLabel: 'API 密钥',
  signIn: '进入控制台',
  signOut: '忘记密钥',
  keyRefused: '密钥被拒绝：密钥错误、已过期或已被撤销。请输入有效的密钥。',
  keyNoGroup: '此密钥无权查看这个群。',
  forbidden: '此密钥无权执行该操作',
  openServer: '开放服务',
  scope: '权限',
  groups: '群组',
  group: '群',
  noGroups: '还没有群组。',
  memories: '记忆',
  messages: '消息',
  pending: '待处理',
  lastRun: '最近一次运行',
  never: '从未',
  active: '使用中', superseded: '已替代', deprecated: '已删除',
  succeeded: '成功', noop: '无新消息', failed: '失败', review: '待审核', dry_run: '试运行', running: '运行中',
  allStatuses: '全部状态',
  search: '搜索记忆…',
  changedSince: '变更晚于',
  clear: '清除',
  healthTotal: '使用中的记忆',
  healthAvg: '平均置信度',
  healthWeak: '弱记忆（待清理）',
  healthReview: '待审核的计划',
  healthFailed: '失败的运行（7天）',
  confidence: '置信度',
  version: 'v',
  evidenceCount: (n) => `来源：${n} 条消息`,
  changed: '变更',
  lineage: '演变历史',
  history: '历史',
  runs: '运行记录',
  noMemories: '没有匹配的记忆。',
  shownOf: (a, b) => `显示 ${a} / ${b}`,
  weaker: (n) => `显示其余 ${n} 条相关度较低的结果`,
  parent: '上一版本',
  reason: '原因',
  evidence: '证据',
  noEvidence: '没有保存的证据消息。',
  current: '当前',
  status: '状态', trigger: '触发', started: '开始', duration: '耗时', tokens: 'Token（输入 / 输出）',
  repairs: '修复', drops: '丢弃', error: '错误', attempts: '尝试', applied: '已应用',
  noRuns: '没有运行记录。',
  changes: '变更',
  changesHelp: '新建、更新、删除',
  more: '更多',
  searchMessages: '搜索消息…', sender: '发送者', searchButton: '搜索', noMessages: '没有匹配的消息。',
  bestFirst: '最相关的在前（关键词与语义）。', newestFirst: '最新的在前。',
  run: '运行', model: '模型', report: '报告', passes: '轮', answers: '次回答', parsed: '条解析',
  line: '行', excerpt: '摘录', pass: '轮次', wait: '等待', outcome: '结果',
  evolve: '演化…',
  evolveTitle: '演化这个群的记忆',
  evolveHelp: '试运行只规划变更，不应用任何内容。确认后再应用。',
  reprocessDays: '重新处理最近几天（留空：只处理新消息）',
  preview: '预览（试运行）',
  apply: '应用',
  cancel: '取消',
  close: '关闭',
  planned: (n) => `计划 ${n} 项变更；尚未应用任何内容。`,
  nothingPlanned: '没有需要变更的内容。',
  appliedRun: (s) => `运行结束：${s}。`,
  del: '删除', restore: '恢复', strength: '强度', edit: '编辑', newMemory: '新建记忆',
  confirmDelete: '删除这条记忆？之后可以在演变历史中恢复。',
  strengthPrompt: '新的强度（0 到 1）：',
  editTitle: '编辑内容',
  createTitle: '手动添加记忆',
  statement: '内容',
  why: '原因（记录在演变历史中）',
  save: '保存',
  done: '完成。',
  loading: '加载中…',
  back: '返回',
  action_create: '新建', action_update: '更新', action_delete: '删除', action_keep: '保留',
  action_restore: '恢复', action_strength: '强度',
  ago: (n, unit) => `${n}${unit}前`,
  units: { s: '秒', m: '分钟', h: '小时', d: '天', mo: '个月', y: '年' },
  justNow: '刚刚',
};

/** lang is "zh" or "en", from the browser's preferred languages. */
export const lang = (() => {
  for (const l of navigator.languages || [navigator.language || 'en']) {
    if (/^zh\b/i.test(l)) return 'zh';
    if (/^en\b/i.test(l)) return 'en';
  }
  return 'en';
})();

const dict = lang === 'zh' ? zh : en;

/** t returns the string for key, calling it with args when it is a function. */
export function t(key, ...args) {
  const v = dict[key] ?? en[key] ?? key;
  return typeof v === 'function' ? v(...args) : v;
}

/** ago says how long before now the time iso was, in the UI's language. */
export function ago(iso, now = Date.now()) {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  const steps = [['y', 365 * 86400], ['mo', 30 * 86400], ['d', 86400], ['h', 3600], ['m', 60], ['s', 1]];
  for (const [u, n] of steps) {
    if (s >= n) return t('ago', Math.floor(s / n), dict.units[u]);
  }
  return t('justNow');
}

/** when formats the time iso as an absolute local date and time. */
export function when(iso) {
  return new Date(iso).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
