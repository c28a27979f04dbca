package demo

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
)

// Section headings of the story, in order.
const (
	HeadingNights   = "Night by night"
	HeadingMemories = "Memories at the end"
	HeadingDeleted  = "Deleted memories (restorable)"
	HeadingHistory  = "History of one memory"
	HeadingSearch   = "Search"
)

// printer tells the story of a demo. It keeps the first write error.
type printer struct {
	w       io.Writer
	env     *Env
	queries []string
	err     error
}

func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

func (p *printer) heading(h string) { p.printf("\n== %s ==\n", h) }

func (p *printer) intro() {
	c := p.env.Chat
	msgs := c.Messages()
	senders := map[string]bool{}
	for _, m := range msgs {
		senders[m.SenderID] = true
	}
	first, last := c.Days[0].Date, c.Days[len(c.Days)-1].Date
	p.printf("groupmem demo: group %q, %d messages from %d members over %d days (%s to %s)\n",
		c.GroupID, len(msgs), len(senders), int(last.Sub(first).Hours()/24)+1, p.day(first), p.day(last))
	p.printf("evolver: %s (%s, no language model); search embedder: local, %d dimensions; ledger: %s\n",
		p.env.Fuser.Model(), p.env.Fuser.PromptVersion(), p.env.Embedder.Dimension(), p.env.Path)
	p.printf("Each night at 03:00 (simulated clock) the day's messages are fused into the group's memory.\n")
	p.printf("  + created   ~ updated (new version)   - deleted   · strength only\n")
	p.heading(HeadingNights)
}

// night prints one run: its time and message count, then each change.
func (p *printer) night(n Night) {
	r := n.Result
	p.printf("%s  %2d messages", n.At.Format("2006-01-02 Mon 15:04"), n.Messages)
	switch {
	case r.Status == groupmem.RunReview:
		p.printf("  held for review: a guard refused the plan\n")
		return
	case r.Status != groupmem.RunSucceeded:
		p.printf("  %s\n", r.Status)
		return
	}
	strength := 0
	var lines []string
	for _, c := range r.Changes {
		switch c.Action {
		case groupmem.ActionCreate:
			lines = append(lines, fmt.Sprintf("  + %s\n      (%s)", c.NewStatement, c.Reason))
		case groupmem.ActionUpdate:
			lines = append(lines, fmt.Sprintf("  ~ v%d %s\n      was: %s\n      (%s)", c.Version, c.NewStatement, c.OldStatement, c.Reason))
		case groupmem.ActionDelete:
			lines = append(lines, fmt.Sprintf("  - %s\n      (%s)", c.OldStatement, c.Reason))
		case groupmem.ActionStrength:
			strength++
		}
	}
	if len(lines) == 0 && strength == 0 {
		p.printf("  no change\n")
		return
	}
	p.printf("\n")
	for _, l := range lines {
		p.printf("%s\n", l)
	}
	if strength > 0 {
		p.printf("  · strength changed on %d %s\n", strength, plural(strength, "memory", "memories"))
	}
}

// summary prints the memories, one history and the searches.
func (p *printer) summary(ctx context.Context) error {
	e := p.env
	page, err := e.Ledger.Memories(ctx, groupmem.MemoryQuery{GroupID: e.GroupID, Limit: 1000})
	if err != nil {
		return fmt.Errorf("list memories: %w", err)
	}
	var active, deleted []groupmem.Memory
	for _, m := range page.Memories {
		switch m.Status {
		case groupmem.StatusActive:
			active = append(active, m)
		case groupmem.StatusDeprecated:
			deleted = append(deleted, m)
		}
	}
	slices.SortStableFunc(active, func(a, b groupmem.Memory) int { return cmp.Compare(b.Strength, a.Strength) })
	p.heading(HeadingMemories)
	for _, m := range active {
		p.printf("  [%.2f] %s\n         v%d, since %s, %d evidence messages\n", m.Strength, m.Statement, m.Version, p.day(m.CreatedAt), len(m.Evidence))
	}
	if len(active) == 0 {
		p.printf("  (none)\n")
	}
	p.heading(HeadingDeleted)
	for _, m := range deleted {
		p.printf("  %s\n         v%d, deleted %s; restore: PUT /memory/%s/restore\n", m.Statement, m.Version, p.day(m.UpdatedAt), m.ID)
	}
	if len(deleted) == 0 {
		p.printf("  (none)\n")
	}
	if err := p.history(ctx, active); err != nil {
		return err
	}
	return p.search(ctx)
}

// history prints the lineage of the active memory with the most versions.
func (p *printer) history(ctx context.Context, active []groupmem.Memory) error {
	p.heading(HeadingHistory)
	if len(active) == 0 {
		p.printf("  (no memory)\n")
		return nil
	}
	pick := slices.MaxFunc(active, func(a, b groupmem.Memory) int { return cmp.Compare(a.Version, b.Version) })
	lineage, err := p.env.Ledger.Lineage(ctx, pick.ID)
	if err != nil {
		return fmt.Errorf("read history: %w", err)
	}
	for _, m := range lineage {
		p.printf("  v%d  %s  [%s]  %s\n", m.Version, m.CreatedAt.In(p.env.Chat.Zone).Format("2006-01-02 15:04"), m.Status, m.Statement)
		if m.ChangeSummary != "" {
			p.printf("        why: %s\n", m.ChangeSummary)
		}
		if len(m.Evidence) > 0 {
			p.printf("        evidence: %s\n", strings.Join(m.Evidence[:min(len(m.Evidence), 6)], ", "))
		}
	}
	return nil
}

// search prints, for each query, the three active memories that match it
// best as the API's default (hybrid) search ranks them, through the same
// Index.SearchHybrid: keyword and semantic ranks fused, each shown with
// its similarity (or "--" when only its keywords matched).
func (p *printer) search(ctx context.Context) error {
	p.heading(HeadingSearch)
	for _, q := range p.queries {
		vecs, err := p.env.Embedder.Embed(ctx, []string{q})
		if err != nil {
			return fmt.Errorf("embed a query: %w", err)
		}
		hits, err := p.env.Index.SearchHybrid(ctx, groupmem.HybridQuery{GroupID: p.env.GroupID, Text: q, Vector: vecs[0], Limit: 3})
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		p.printf("  %q\n", q)
		for _, h := range hits {
			p.printf("    %.2f  %s  (%s)\n", h.Score, h.Memory.Statement, parts(h))
		}
		if len(hits) == 0 {
			p.printf("    (nothing similar)\n")
		}
	}
	return nil
}

// parts says what a hit's fused score is made of: its BM25 score for the
// words it shares with the query and its cosine similarity.
func parts(h groupmem.HybridHit) string {
	words, meaning := "no shared word", "not similar"
	if h.Keyword != nil {
		words = fmt.Sprintf("words %.2f", *h.Keyword)
	}
	if h.Semantic != nil {
		meaning = fmt.Sprintf("meaning %.2f", *h.Semantic)
	}
	return words + ", " + meaning
}

func (p *printer) done() {
	p.printf("\nReplayed %d nights in %s. Every run is recorded with model %q.\n", len(p.env.Nights), p.env.Elapsed.Round(time.Millisecond), p.env.Fuser.Model())
}

func (p *printer) day(t time.Time) string { return t.In(p.env.Chat.Zone).Format(time.DateOnly) }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
