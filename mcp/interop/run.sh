#!/usr/bin/env bash
# Runs agent.mjs (the official MCP TypeScript SDK's client) against
# `groupmem serve` on the embedded default. Exit 0: it passed; 1: it
# failed; 2: the SDK could not be fetched from npm (nothing was tested).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
work="$(mktemp -d)"
trap 'kill "${pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT

cp "$here/agent.mjs" "$here/package.json" "$work/"
(cd "$work" && timeout 300 npm install --silent --no-audit --no-fund >/dev/null 2>&1) || exit 2

(cd "$root" && go build -o "$work/groupmem" ./cmd/groupmem)
secret="interop-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
hash="$(printf %s "$secret" | "$work/groupmem" hash-key)"
port=$(( 20000 + RANDOM % 20000 ))
GROUPMEM_SQLITE_PATH="$work/gm.db" GROUPMEM_API_KEYS="agent:admin:*:$hash" GROUPMEM_SCHEDULER=false \
  GROUPMEM_HTTP_ADDR="127.0.0.1:$port" "$work/groupmem" serve 2>"$work/serve.log" &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -fsS "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fsS -X POST "$base/memory/create/interop" -H "Authorization: Bearer $secret" -H 'Content-Type: application/json' \
  -d '{"statement":"The group plays badminton every Friday at eight in the sports hall."}' >/dev/null
(cd "$work" && node agent.mjs "$base/mcp" "$secret" interop "when do we play badminton?" "badminton every Friday") ||
  { cat "$work/serve.log" >&2; exit 1; }
