package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Memory is one version of a memory, as the API shows it.
type Memory struct {
	MemoryID      string    `json:"memory_id"`
	LineageID     string    `json:"lineage_id"`
	GroupID       string    `json:"group_id"`
	Statement     string    `json:"statement"`
	Version       int       `json:"version"`
	ParentID      *string   `json:"parent_id"`
	Status        string    `json:"status"` // active, deprecated or superseded
	Tags          []string  `json:"tags"`
	Strength      float64   `json:"strength"`
	ChangeSummary string    `json:"change_summary"`
	Evidence      []string  `json:"evidence"` // ids of the messages it rests on
	Subjects      []string  `json:"subjects"` // sender ids of the members it is about; empty for the group
	RunID         *string   `json:"run_id"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

// Message is one chat message of a group.
type Message struct {
	ID         string    `json:"id"`
	SenderID   string    `json:"sender_id"`
	SenderName string    `json:"sender_name"`
	Content    string    `json:"content"`
	SentAt     time.Time `json:"sent_at"`
}

// Search modes.
const (
	Hybrid   = "hybrid"   // keywords and meaning, fused (the default)
	Semantic = "semantic" // meaning only
	Keyword  = "keyword"  // keywords only
)

// IngestResult is the answer to Ingest.
type IngestResult struct {
	Success  bool   `json:"success"`
	GroupID  string `json:"group_id"`
	Received int    `json:"received"`
	Inserted int    `json:"inserted"` // the others were stored before (same message id)
}

// Ingest stores messages in the group's stream (1 to 2,000 a call); a
// message already stored (same id) is not stored twice.
func (c *Client) Ingest(ctx context.Context, groupID string, msgs []Message) (IngestResult, error) {
	type in struct {
		ID         string `json:"id"`
		SenderID   string `json:"sender_id,omitempty"`
		SenderName string `json:"sender_name,omitempty"`
		Content    string `json:"content"`
		SentAt     string `json:"sent_at"`
	}
	body := struct {
		Messages []in `json:"messages"`
	}{make([]in, len(msgs))}
	for i, m := range msgs {
		body.Messages[i] = in{m.ID, m.SenderID, m.SenderName, m.Content, m.SentAt.Format(time.RFC3339Nano)}
	}
	var out IngestResult
	err := c.do(ctx, http.MethodPost, "/memory/messages/"+group(groupID), nil, body, &out)
	return out, err
}

// SearchOptions narrow Search. Zero values are the server's defaults.
type SearchOptions struct {
	Mode  string // Hybrid (default), Semantic or Keyword
	Limit int    // at most this many (default 5)
	// Threshold, when set, keeps only memories whose similarity is above
	// it (not with Keyword).
	Threshold *float64
}

// SearchHit is a memory found, with its score and the score's parts: the
// similarity and the keyword score, each nil when the memory was not
// among that side's candidates.
type SearchHit struct {
	Memory
	Score         float64  `json:"score"`
	SemanticScore *float64 `json:"semantic_score"`
	KeywordScore  *float64 `json:"keyword_score"`
}

// SearchResult is the answer to Search.
type SearchResult struct {
	Success bool        `json:"success"`
	GroupID string      `json:"group_id"`
	Query   string      `json:"query"`
	Mode    string      `json:"mode"`
	Results []SearchHit `json:"results"`
}

// Search finds the group's active memories that best match q.
func (c *Client) Search(ctx context.Context, groupID, q string, o SearchOptions) (SearchResult, error) {
	v := url.Values{"q": {q}}
	if o.Mode != "" {
		v.Set("mode", o.Mode)
	}
	if o.Limit > 0 {
		v.Set("limit", strconv.Itoa(o.Limit))
	}
	if o.Threshold != nil {
		v.Set("threshold", strconv.FormatFloat(*o.Threshold, 'g', -1, 64))
	}
	var out SearchResult
	err := c.do(ctx, http.MethodGet, "/memory/search/"+group(groupID), v, nil, &out)
	return out, err
}

// MessageQuery asks for a group's messages: with Q the best matches by
// Mode, without Q the newest first, a page at a time (Cursor: the
// previous page's NextCursor).
type MessageQuery struct {
	Q      string
	Mode   string // Hybrid (default), Semantic or Keyword
	Limit  int    // default 20
	Since  time.Time
	Until  time.Time
	Sender string // a sender id or name
	Cursor string
}

// MessageHit is a message found; the scores are nil without a query.
type MessageHit struct {
	Message
	Score         *float64 `json:"score"`
	SemanticScore *float64 `json:"semantic_score"`
	KeywordScore  *float64 `json:"keyword_score"`
}

// MessagePage is the answer to Messages.
type MessagePage struct {
	Success    bool         `json:"success"`
	GroupID    string       `json:"group_id"`
	Query      string       `json:"query"`
	Mode       string       `json:"mode"`
	NextCursor *string      `json:"next_cursor"` // nil on the last page and with a query
	Messages   []MessageHit `json:"messages"`
}

// Messages searches or pages through the group's messages.
func (c *Client) Messages(ctx context.Context, groupID string, q MessageQuery) (MessagePage, error) {
	v := url.Values{}
	set := func(k, s string) {
		if s != "" {
			v.Set(k, s)
		}
	}
	set("q", q.Q)
	set("mode", q.Mode)
	set("sender", q.Sender)
	set("cursor", q.Cursor)
	if q.Limit > 0 {
		v.Set("limit", strconv.Itoa(q.Limit))
	}
	if !q.Since.IsZero() {
		v.Set("since", q.Since.UTC().Format(time.RFC3339))
	}
	if !q.Until.IsZero() {
		v.Set("until", q.Until.UTC().Format(time.RFC3339))
	}
	var out MessagePage
	err := c.do(ctx, http.MethodGet, "/memory/messages/"+group(groupID), v, nil, &out)
	return out, err
}

// Context is the answer to PromptContext: a block ready for a prompt.
type Context struct {
	Success    bool     `json:"success"`
	GroupID    string   `json:"group_id"`
	Context    string   `json:"context"` // "- statement" lines, then "[time UTC] sender: text" lines
	MemoryIDs  []string `json:"memory_ids"`
	MessageIDs []string `json:"message_ids"`
	Tokens     int      `json:"tokens"`
	LeftOut    struct {
		Memories int `json:"memories"`
		Messages int `json:"messages"`
	} `json:"left_out"` // what matched but did not fit
}

// PromptContext composes, within maxTokens (0: the server's default), the
// group's memories and messages that matter for q ("" for the strongest
// memories and the newest messages).
func (c *Client) PromptContext(ctx context.Context, groupID, q string, maxTokens int) (Context, error) {
	v := url.Values{}
	if q != "" {
		v.Set("q", q)
	}
	if maxTokens > 0 {
		v.Set("max_tokens", strconv.Itoa(maxTokens))
	}
	var out Context
	err := c.do(ctx, http.MethodGet, "/memory/context/"+group(groupID), v, nil, &out)
	return out, err
}

// MemoryDetail is the answer to Memory: a version and the messages it
// rests on (those still holding their text).
type MemoryDetail struct {
	Success  bool      `json:"success"`
	Memory   Memory    `json:"memory"`
	Evidence []Message `json:"evidence_messages"`
}

// Memory returns one version of a memory with its evidence messages.
func (c *Client) Memory(ctx context.Context, memoryID string) (MemoryDetail, error) {
	var out MemoryDetail
	err := c.do(ctx, http.MethodGet, "/memory/"+url.PathEscape(memoryID), nil, nil, &out)
	return out, err
}

// Current returns the current version of a memory's lineage with its
// evidence messages.
func (c *Client) Current(ctx context.Context, lineageID string) (MemoryDetail, error) {
	var out MemoryDetail
	err := c.do(ctx, http.MethodGet, "/memory/lineage/"+url.PathEscape(lineageID), nil, nil, &out)
	return out, err
}

// NewMemory is a memory written by hand.
type NewMemory struct {
	Statement string   `json:"statement"`
	Tags      []string `json:"tags,omitempty"`
	Strength  *float64 `json:"strength,omitempty"` // nil: 1, pinned
	Reason    string   `json:"reason,omitempty"`
}

// Create writes a memory of the group by hand (an admin key): a new
// lineage, recorded in the change log as a manual change.
func (c *Client) Create(ctx context.Context, groupID string, m NewMemory) (Memory, error) {
	var out struct {
		Success bool   `json:"success"`
		Memory  Memory `json:"memory"`
	}
	err := c.do(ctx, http.MethodPost, "/memory/create/"+group(groupID), nil, m, &out)
	return out.Memory, err
}
