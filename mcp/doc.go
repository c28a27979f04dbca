// Package mcp serves the groupmem API to agents over the Model Context
// Protocol: tools that read and change a group's memory, and a resource
// template for a group's active memories, over stdio (Server.Stdio) or
// streamable HTTP (Server.Handler).
//
// A tool is another door onto one API endpoint, not a second
// implementation of it. Every call becomes a request to that endpoint,
// served in process by the same api.Handler that serves HTTP: the caller's
// key authenticates it, the endpoint checks the key's scope and groups,
// validates the arguments (named as the endpoint's parameters, so its
// error words name them too) and answers. A tool turns its arguments into
// the request and the answer into a tool result: the answer's JSON as
// structured content and as text, or, for an error, a result with isError
// set and the API's message.
//
// What the protocol itself rejects, it rejects as a protocol error: an
// unknown tool, arguments that do not match the tool's JSON schema (a
// wrong type, a missing or unknown argument), arguments over 64 KiB, and
// (over HTTP) a request body over 1 MiB. A key sees in tools/list only the
// tools its scope may call; calling another is an unknown tool.
//
// # Tests
//
// The shared scenario (mcptest) runs on the embedded stack (SQLite, the
// in-process index) over piped stdio and loopback HTTP in this package,
// and against `groupmem mcp` and `groupmem serve` in cmd/groupmem; CI also
// drives /mcp with the official TypeScript SDK (interop/run.sh).
package mcp
