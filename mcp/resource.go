package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// memoriesTemplate is the resource of a group's active memories.
var memoriesTemplate = sdk.ResourceTemplate{
	Name:        "group-memories",
	Title:       "A group's memories",
	URITemplate: "groupmem://groups/{group_id}/memories",
	Description: "The group's active memories as text, one \"- statement\" line each, newest first " +
		"(at most " + strconv.Itoa(maxResourceMemories) + "; list_memories pages through more).",
	MIMEType: "text/plain",
}

// maxResourceMemories bounds the memories one read of the resource lists.
const maxResourceMemories = 1000

// memoriesResource reads groupmem://groups/{group_id}/memories from GET
// /memory/list/{group_id}, page by page, as the caller's key.
func memoriesResource(a http.Handler, cred func(*sdk.RequestExtra) http.Header) sdk.ResourceHandler {
	return func(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		uri := req.Params.URI
		g, ok := groupOfURI(uri)
		if !ok {
			return nil, sdk.ResourceNotFoundError(uri)
		}
		c := &caller{api: a, cred: cred(req.Extra)}
		var b strings.Builder
		total, n := 0, 0
		for n < maxResourceMemories {
			q := url.Values{"status": {"active"}, "limit": {"100"}, "offset": {strconv.Itoa(n)}}
			ans, err := c.do(ctx, http.MethodGet, "/memory/list/"+seg(g), q, nil)
			if err != nil {
				return nil, err
			}
			if !ans.ok() {
				return nil, resourceError(uri, ans)
			}
			var page struct {
				Total    int `json:"total"`
				Memories []struct {
					Statement string `json:"statement"`
				} `json:"memories"`
			}
			if err := json.Unmarshal(ans.body, &page); err != nil {
				return nil, err
			}
			total = page.Total
			for _, m := range page.Memories {
				if n < maxResourceMemories {
					fmt.Fprintf(&b, "- %s\n", m.Statement)
					n++
				}
			}
			if len(page.Memories) < 100 || n >= total {
				break
			}
		}
		if total > n {
			fmt.Fprintf(&b, "(%d more: list_memories pages through them)\n", total-n)
		}
		if total == 0 {
			b.WriteString("(no memories yet)\n")
		}
		return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: uri, MIMEType: "text/plain", Text: b.String()}}}, nil
	}
}

// groupOfURI reads the group id out of groupmem://groups/{group_id}/memories
// (the id percent-encoded as a path segment).
func groupOfURI(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "groupmem" || u.Host != "groups" {
		return "", false
	}
	parts := strings.Split(strings.TrimPrefix(u.EscapedPath(), "/"), "/")
	if len(parts) != 2 || parts[1] != "memories" || parts[0] == "" {
		return "", false
	}
	g, err := url.PathUnescape(parts[0])
	return g, err == nil
}

// resourceError is the protocol error of an endpoint's error answer: a
// group the key may not see is not found, like an unknown one.
func resourceError(uri string, a answer) error {
	f := failure(a)
	if a.status == http.StatusNotFound {
		return sdk.ResourceNotFoundError(uri)
	}
	msg := f.Content[0].(*sdk.TextContent).Text
	code := int64(jsonrpc.CodeInternalError)
	if a.status < 500 {
		code = jsonrpc.CodeInvalidParams
	}
	return &jsonrpc.Error{Code: code, Message: msg}
}
