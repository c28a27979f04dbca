package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

// Transferer is what the API asks of the writer path to move a group's
// memory out and in; *worker.Service is one. A Service without it answers
// 503 on both endpoints.
type Transferer interface {
	// Export writes the group's archive to w.
	Export(ctx context.Context, w io.Writer, groupID string, o worker.ExportOptions) (groupmem.GroupCounts, error)
	// Import reads an archive from r into the empty group.
	Import(ctx context.Context, groupID string, r io.Reader) (worker.Imported, error)
}

var _ Transferer = (*worker.Service)(nil)

// transferer returns the service as a Transferer.
func (h *Handler) transferer() (Transferer, error) {
	t, ok := h.d.Service.(Transferer)
	if !ok {
		return nil, groupmem.Errorf(groupmem.EUNAVAILABLE, "this server cannot export or import a group")
	}
	return t, nil
}

// export answers GET /memory/export/{group_id}?messages=&runs= (admin):
// the group's archive as JSON Lines (package archive), streamed a page at
// a time from one snapshot of the ledger, however large the group. An
// error before the first line is an error answer; after it, the stream
// ends without its state line, so that no import takes it, and the
// connection is cut.
func (h *Handler) export(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	p := params{q: c.query}
	o := worker.ExportOptions{Messages: p.bool("messages"), Runs: p.bool("runs")}
	if p.err != nil {
		return p.err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	t, err := h.transferer()
	if err != nil {
		return err
	}
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{}) // as long as the group takes
	out := &stream{w: w, group: g}
	if _, err := t.Export(r.Context(), out, g, o); err != nil {
		if !out.started {
			return err
		}
		h.log.WarnContext(r.Context(), "export cut short", "group_id", g, "err", err)
		panic(http.ErrAbortHandler)
	}
	return nil
}

// stream sends the export's headers with its first bytes, so that an
// export failing before them still gets an error answer.
type stream struct {
	w       http.ResponseWriter
	group   string
	started bool
}

func (s *stream) Write(b []byte) (int, error) {
	if !s.started {
		s.started = true
		s.w.Header().Set("Content-Type", "application/x-ndjson")
		s.w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "groupmem-export.jsonl"))
		s.w.WriteHeader(http.StatusOK)
	}
	return s.w.Write(b)
}

// importGroup answers POST /memory/import/{group_id} (admin): the body is
// an archive (JSON Lines, as export writes it), read a line at a time and
// written into the group, which must be empty (409 otherwise), in one
// ledger transaction: a line that does not pass (400 naming it, 413 for
// one over the line limit, or a body over Config.MaxImportBytes) writes
// nothing. The rows keep their ids; the file's group becomes this one.
func (h *Handler) importGroup(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := groupParam(r)
	if err != nil {
		return err
	}
	if err := checkGroup(c.key, g, "group "+describe(g)); err != nil {
		return err
	}
	t, err := h.transferer()
	if err != nil {
		return err
	}
	_ = http.NewResponseController(w).SetReadDeadline(time.Time{}) // as long as the file takes
	body := &importBody{r: http.MaxBytesReader(w, r.Body, h.cfg.MaxImportBytes), limit: h.cfg.MaxImportBytes}
	got, err := t.Import(r.Context(), g, body)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Success    bool                 `json:"success"`
		GroupID    string               `json:"group_id"`
		Imported   groupmem.GroupCounts `json:"imported"`
		Reembedded bool                 `json:"reembedded"`
	}{true, g, got.GroupCounts, got.Reembedded})
	return nil
}

// importBody is an import's request body, read to its limit: past it, a
// read fails with ETOOLARGE, which ends the import (413).
type importBody struct {
	r     io.Reader
	limit int64
}

func (b *importBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		err = groupmem.Errorf(groupmem.ETOOLARGE, "the archive is larger than %d bytes, the server's limit of an import", b.limit)
	}
	return n, err
}
