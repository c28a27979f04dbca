// An agent built on the official MCP TypeScript SDK: it connects to
// groupmem's /mcp over streamable HTTP with a key, lists the tools, and
// asks for a group's context. CI runs it against `groupmem serve`.
//
// usage: node agent.mjs URL KEY GROUP QUESTION EXPECTED
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, key, group, question, expected] = process.argv.slice(2);
const fail = (msg) => { console.error(`agent: ${msg}`); process.exit(1); };

const client = new Client({ name: "interop-agent", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL(url), {
  requestInit: { headers: { Authorization: `Bearer ${key}` } },
}));

const { tools } = await client.listTools();
const names = tools.map((t) => t.name).sort();
for (const want of ["get_context", "search_memories", "list_groups"]) {
  if (!names.includes(want)) fail(`tools/list lacks ${want}: ${names.join(", ")}`);
}
const ctx = tools.find((t) => t.name === "get_context");
if (!ctx.inputSchema?.properties?.group_id) fail("get_context has no group_id in its input schema");

const res = await client.callTool({ name: "get_context", arguments: { group_id: group, q: question, max_tokens: 200 } });
const text = res.content.filter((c) => c.type === "text").map((c) => c.text).join("");
if (res.isError) fail(`get_context failed: ${text}`);
if (!text.includes(expected)) fail(`get_context does not contain "${expected}":\n${text}`);

const bad = await client.callTool({ name: "get_context", arguments: { group_id: group, max_tokens: 0 } });
if (!bad.isError) fail("get_context with max_tokens 0 did not fail");

console.log(`agent: ${names.length} tools; get_context answered ${text.split("\n").length} lines naming "${expected}"`);
await client.close();
