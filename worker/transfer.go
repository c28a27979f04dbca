package worker

import (
	"context"
	"io"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/archive"
)

// ExportOptions say what Service.Export writes.
type ExportOptions struct {
	Messages bool   // also every message of the group
	Runs     bool   // every run, not only those the versions and the change log name
	Producer string // the version of groupmem writing the file, for its header (default: the module's build version)
}

// Export writes the archive of group g to w (package archive): its runs,
// messages when asked, every memory version and the change log, from one
// snapshot of the ledger, a page at a time, then its state; and returns
// how many records of each kind it wrote. The header names the embedder
// whose vectors the versions carry. A failure halfway leaves w without the
// state line, which no import takes. EUNAVAILABLE when the ledger cannot
// export; EINVALID for a bad group id. A group the ledger does not know
// exports as an empty group.
func (s *Service) Export(ctx context.Context, w io.Writer, g string, o ExportOptions) (groupmem.GroupCounts, error) {
	t, err := s.transfer()
	if err != nil {
		return groupmem.GroupCounts{}, err
	}
	if err := groupmem.CheckGroupID(g); err != nil {
		return groupmem.GroupCounts{}, err
	}
	embedder, err := s.ledger.Meta(ctx, groupmem.MetaEmbedder)
	if err != nil {
		return groupmem.GroupCounts{}, err
	}
	if o.Producer == "" {
		o.Producer = groupmem.BuildVersion()
	}
	wr, err := archive.NewWriter(w, archive.Header{Groupmem: o.Producer, Embedder: embedder, GroupID: g,
		ExportedAt: archive.At(s.now()), Messages: o.Messages, Runs: o.Runs})
	if err != nil {
		return groupmem.GroupCounts{}, err
	}
	err = t.ExportGroup(ctx, groupmem.ExportQuery{GroupID: g, Messages: o.Messages, AllRuns: o.Runs}, wr.Write)
	return wr.Counts(), err
}

// Imported is what Service.Import wrote.
type Imported struct {
	groupmem.GroupCounts
	// Reembedded is set when the versions were embedded again with this
	// service's embedder: the file's vectors were another embedder's (or
	// missing).
	Reembedded bool
}

// Import reads an archive from r and writes it into group g, which must
// be empty (ECONFLICT otherwise), in one ledger transaction: nothing is
// written unless every line passes (EINVALID or ETOOLARGE naming the
// first that does not, see archive.Reader). The rows keep their ids,
// parents, versions, seqs and times; the file's group becomes g. The
// versions keep the file's vectors when its header names the embedder
// that made this ledger's; otherwise each batch is embedded with this
// service's embedder as it is read, inside the transaction. Every version
// is queued in the outbox, so the relay indexes the group. Ids are
// global: importing a file into a second group of the same ledger is
// refused at its first run or version.
func (s *Service) Import(ctx context.Context, g string, r io.Reader) (Imported, error) {
	t, err := s.transfer()
	if err != nil {
		return Imported{}, err
	}
	rd, err := archive.NewReader(r, g, s.now())
	if err != nil {
		return Imported{}, err
	}
	ours, err := s.ledger.Meta(ctx, groupmem.MetaEmbedder)
	if err != nil {
		return Imported{}, err
	}
	var out Imported
	keep := ours != "" && rd.Header().Embedder == ours
	next := func() (groupmem.GroupRows, error) {
		b, err := rd.Next()
		if err != nil || len(b.Memories) == 0 {
			return b, err
		}
		for i := range b.Memories {
			if !keep || len(b.Memories[i].Embedding) != s.embedder.Dimension() {
				b.Memories[i].Embedding = nil
				out.Reembedded = true
			}
		}
		if err := s.embedMissing(ctx, b.Memories); err != nil {
			return b, err
		}
		return b, nil
	}
	counts, err := t.ImportGroup(ctx, g, next)
	if err != nil {
		return Imported{}, err
	}
	out.GroupCounts = counts
	s.log.InfoContext(ctx, "imported a group", "group_id", g, "runs", counts.Runs, "messages", counts.Messages,
		"memories", counts.Memories, "changes", counts.Changes, "reembedded", out.Reembedded)
	return out, nil
}

// transfer returns the service's ledger as a groupmem.Transfer.
func (s *Service) transfer() (groupmem.Transfer, error) {
	t, ok := s.ledger.(groupmem.Transfer)
	if !ok {
		return nil, groupmem.Errorf(groupmem.EUNAVAILABLE, "this ledger cannot export or import a group")
	}
	return t, nil
}
