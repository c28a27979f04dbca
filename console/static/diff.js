// A character diff of two short statements, as <del>/<ins> nodes.

/**
 * diff returns nodes showing how b differs from a: text both share, <del>
 * for what only a has and <ins> for what only b has. It compares by code
 * point (a longest common subsequence), which suits Chinese as well as
 * English; statements are at most 500 characters.
 */
export function diff(a, b) {
  const x = Array.from(a), y = Array.from(b);
  const n = x.length, m = y.length;
  const L = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      L[i][j] = x[i] === y[j] ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
    }
  }
  const parts = [];
  const push = (kind, ch) => {
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += ch; else parts.push({ kind, text: ch });
  };
  let i = 0, j = 0;
  while (i < n && j < m) {
    if (x[i] === y[j]) { push('same', x[i]); i++; j++; }
    else if (L[i + 1][j] >= L[i][j + 1]) push('del', x[i++]);
    else push('ins', y[j++]);
  }
  while (i < n) push('del', x[i++]);
  while (j < m) push('ins', y[j++]);
  return parts.map((p) => {
    if (p.kind === 'same') return document.createTextNode(p.text);
    const el = document.createElement(p.kind);
    el.textContent = p.text;
    return el;
  });
}
