// Calls to the groupmem HTTP API of the server that serves the console,
// with the key kept in this tab's sessionStorage as a Bearer token.

const store = 'groupmem.key';

/** key returns the stored key, or "" when none was entered. */
export function key() { return sessionStorage.getItem(store) || ''; }

/** setKey keeps k for this tab; an empty k forgets it. */
export function setKey(k) {
  if (k) sessionStorage.setItem(store, k); else sessionStorage.removeItem(store);
}

/** APIError is an answer of the API that was not a success. */
export class APIError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * call sends method path (with query params, undefined ones left out and a
 * JSON body when given) and returns the decoded answer, or throws APIError
 * carrying the API's code and message.
 */
export async function call(method, path, params = {}, body) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  }
  const headers = { Accept: 'application/json' };
  if (key()) headers.Authorization = 'Bearer ' + key();
  const init = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const url = '/' + path.replace(/^\//, '') + (q.size ? '?' + q : '');
  let res;
  try {
    res = await fetch(url, init);
  } catch (e) {
    throw new APIError(0, 'network', e.message);
  }
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (!res.ok || !data || data.success === false) {
    const err = (data && data.error) || {};
    throw new APIError(res.status, err.code || 'http', err.message || res.statusText);
  }
  return data;
}

/** seg escapes one path segment. */
export const seg = encodeURIComponent;
