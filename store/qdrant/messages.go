package qdrant

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"sync"

	"github.com/google/uuid"
	"github.com/qdrant/go-client/qdrant"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/msgsearch"
)

// DefaultMessageCollection is the collection of the message index.
const DefaultMessageCollection = "group_messages"

// Vector names of a message point.
const (
	vecDense  = "dense"
	vecSparse = "keywords"
)

// Payload keys of a message point. A point holds no text: the sparse
// vector holds hashed terms, and hits are read back from the ledger.
const (
	keySeq        = "seq"
	keyMessageID  = "message_id"
	keySenderID   = "sender_id"
	keySenderName = "sender_name"
	keySentAt     = "sent_at" // Unix seconds
	keyTerms      = "terms"   // the number of keyword terms of the sender's name and the text
)

// catchUpBatch is how many messages one catch-up step reads, embeds and
// writes.
const catchUpBatch = 256

// Messages is the message index in Qdrant (msgsearch.Searcher), shared by
// every replica: one point per message of every group, in one collection
// with the group id as a tenant-indexed payload key, as Qdrant documents
// multitenancy (https://qdrant.tech/documentation/guides/multiple-partitions/).
// Each point has a named dense vector (cosine), a named sparse vector of
// the keyword terms of the sender's name and the text
// (https://qdrant.tech/documentation/concepts/vectors/#sparse-vectors), and
// the number of those terms in its payload; a line without words has
// neither vector. A search with text is one batch request holding both
// sides' queries; the keyword side is scored here by BM25 within the group
// (see bm25Rank), and the sides are fused by keyword.Combine, as in
// process.
//
// The index is a view of the ledger: before a group is searched, every
// message the ledger committed after the newest one indexed is written,
// so whatever is committed is searchable, whichever replica or path
// inserted it. Point ids derive from the group and message ids, so two
// replicas catching up at once write the same points. Every hit is read
// back from the ledger; one the ledger no longer holds as it was (purged,
// redacted, expired) is left out and its point removed. Forget and
// ForgetExpired remove the points of what a purge, a redaction or
// retention took from the ledger, which the outbox relay has them do.
type Messages struct {
	x     *Index
	src   msgsearch.Source
	embed groupmem.Embedder

	locks [64]sync.Mutex // catch-ups of one group take turns in this process
}

var (
	_ msgsearch.Searcher   = (*Messages)(nil)
	_ msgsearch.CatchUpper = (*Messages)(nil)
)

// OpenMessages opens (creating it if needed) the message index in
// collection cfg.Collection (default DefaultMessageCollection) with dense
// vectors of cfg.Dimension, reading messages from src and embedding them
// with embed; with cfg.Upgrade it also completes the points an earlier
// groupmem wrote (see upgrade). EINVALID when the collection exists with
// other vectors.
func OpenMessages(ctx context.Context, cfg Config, src msgsearch.Source, embed groupmem.Embedder) (*Messages, error) {
	if cfg.Collection == "" {
		cfg.Collection = DefaultMessageCollection
	}
	if embed == nil || src == nil {
		return nil, groupmem.Errorf(groupmem.EINVALID, "the message index needs a ledger and an embedder")
	}
	if embed.Dimension() != cfg.Dimension {
		return nil, groupmem.Errorf(groupmem.EINVALID, "the embedder gives vectors of %d dimensions, the message index is configured for %d", embed.Dimension(), cfg.Dimension)
	}
	x, err := open(ctx, cfg, ensureMessages)
	if err != nil {
		return nil, fmt.Errorf("open qdrant message index: %w", err)
	}
	m := &Messages{x: x, src: src, embed: embed}
	if cfg.Upgrade {
		if err := m.upgrade(ctx); err != nil {
			m.Close()
			return nil, err
		}
	}
	return m, nil
}

// Close closes the connection.
func (m *Messages) Close() error { return m.x.Close() }

// ensureMessages creates the message collection when it is missing and
// checks its vectors and payload indexes.
func ensureMessages(ctx context.Context, x *Index, c *qdrant.Client) error {
	name := x.cfg.Collection
	exists, err := c.CollectionExists(ctx, name)
	if err != nil {
		return err
	}
	if !exists {
		if err := createHybrid(ctx, c, name, x.cfg.Dimension); err != nil {
			return err
		}
	}
	info, err := c.GetCollectionInfo(ctx, name)
	if err != nil {
		return err
	}
	if err := checkHybrid(info, name, x.cfg.Dimension); err != nil {
		return err
	}
	return ensureIndexes(ctx, c, info, name, []fieldIndex{
		keywordIndex(keyGroup, &qdrant.KeywordIndexParams{IsTenant: qdrant.PtrOf(true)}),
		rangeIndex(keySeq),
		rangeIndex(keySentAt),
		countIndex(keyTerms),
	})
}

// messagePointID is the id of a group's message: the same in every replica.
func messagePointID(group, messageID string) string {
	return uuid.NewSHA1(uuid.NameSpaceOID, []byte(group+"\x00"+messageID)).String()
}

// inGroup matches the points of group.
func inGroup(group string) *qdrant.Condition { return qdrant.NewMatchKeyword(keyGroup, group) }

// lock returns the catch-up lock of group.
func (m *Messages) lock(group string) *sync.Mutex {
	h := fnv.New32a()
	h.Write([]byte(group))
	return &m.locks[h.Sum32()%uint32(len(m.locks))]
}

// newest returns the seq and message id of the group's newest point (0
// and "" when it has none).
func (m *Messages) newest(ctx context.Context, group string) (int64, string, error) {
	var seq int64
	var id string
	err := m.x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		pts, err := c.Scroll(ctx, &qdrant.ScrollPoints{CollectionName: m.x.cfg.Collection,
			Filter:      &qdrant.Filter{Must: []*qdrant.Condition{inGroup(group)}},
			OrderBy:     &qdrant.OrderBy{Key: keySeq, Direction: qdrant.Direction_Desc.Enum()},
			Limit:       qdrant.PtrOf(uint32(1)),
			WithPayload: qdrant.NewWithPayloadInclude(keySeq, keyMessageID)})
		if err != nil || len(pts) == 0 {
			return err
		}
		seq, id = pts[0].GetPayload()[keySeq].GetIntegerValue(), pts[0].GetPayload()[keyMessageID].GetStringValue()
		return nil
	})
	return seq, id, err
}

// CatchUp writes every message the ledger holds after the group's newest
// point. When the ledger no longer holds that message as it was (the
// group was purged), the group's points go and it is indexed again; so
// they do when the ledger loses what a batch just wrote (a purge meanwhile),
// and the point of a message whose text went while it was written (a
// redaction or retention meanwhile) goes at once. Search does it first;
// the relay does it for groups that stored messages; reindex does it for
// every group.
func (m *Messages) CatchUp(ctx context.Context, group string) error {
	l := m.lock(group)
	l.Lock()
	defer l.Unlock()
	seq, id, err := m.newest(ctx, group)
	if err != nil {
		return err
	}
	if id != "" {
		got, err := m.src.MessagesByID(ctx, group, []string{id})
		if err != nil {
			return err
		}
		if len(got) == 0 || got[0].Seq != seq {
			if err := m.Forget(ctx, group); err != nil {
				return err
			}
			seq = 0
		}
	}
	for {
		msgs, err := m.src.MessagesAfter(ctx, group, seq, catchUpBatch)
		if err != nil {
			return err
		}
		if err := m.write(ctx, group, msgs); err != nil {
			return err
		}
		if purged, err := m.recheck(ctx, group, msgs); err != nil || purged {
			return err
		}
		if len(msgs) < catchUpBatch {
			return nil
		}
		seq = msgs[len(msgs)-1].Seq
	}
}

// write embeds msgs and upserts their points; a message without text
// (redacted or expired) is left out.
func (m *Messages) write(ctx context.Context, group string, msgs []groupmem.Message) error {
	msgs = slices.DeleteFunc(slices.Clone(msgs), func(x groupmem.Message) bool { return x.Content == "" })
	if len(msgs) == 0 {
		return nil
	}
	texts := make([]string, len(msgs))
	for i, x := range msgs {
		texts[i] = x.Content
	}
	vecs, err := m.embed.Embed(ctx, texts)
	if err != nil {
		return err
	}
	if len(vecs) != len(msgs) {
		return groupmem.Errorf(groupmem.EUNAVAILABLE, "embedder returned %d vectors for %d messages", len(vecs), len(msgs))
	}
	pts := make([]*qdrant.PointStruct, len(msgs))
	for i, x := range msgs {
		vectors := map[string]*qdrant.Vector{}
		if !zero(vecs[i]) {
			vectors[vecDense] = qdrant.NewVectorDense(vecs[i])
		}
		idx, val, length := sparseDoc(x.SenderName + " " + x.Content)
		if len(idx) > 0 {
			vectors[vecSparse] = qdrant.NewVectorSparse(idx, val)
		}
		pts[i] = &qdrant.PointStruct{Id: qdrant.NewIDUUID(messagePointID(group, x.ID)), Vectors: qdrant.NewVectorsMap(vectors),
			Payload: qdrant.NewValueMap(map[string]any{keyGroup: group, keySeq: x.Seq, keyMessageID: x.ID,
				keySenderID: x.SenderID, keySenderName: x.SenderName, keySentAt: x.SentAt.Unix(), keyTerms: int64(length)})}
	}
	return m.x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		_, err := c.Upsert(ctx, &qdrant.UpsertPoints{CollectionName: m.x.cfg.Collection, Wait: qdrant.PtrOf(true), Points: pts})
		return err
	})
}

// zero reports whether v has no non-zero component (text without words).
func zero(v []float32) bool {
	return !slices.ContainsFunc(v, func(f float32) bool { return f != 0 })
}

// Reset drops every point of the message index and recreates it empty:
// the next search of each group indexes it again from the ledger.
func (m *Messages) Reset(ctx context.Context) error {
	return m.x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		if err := c.DeleteCollection(ctx, m.x.cfg.Collection); err != nil {
			return err
		}
		return ensureMessages(ctx, m.x, c)
	})
}
