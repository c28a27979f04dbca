// Package qdrant implements groupmem.Index on Qdrant through its gRPC API
// (github.com/qdrant/go-client). All groups share one collection with one
// point per memory version: the point id is the memory id, the named
// vectors are the statement's embedding ("dense") and its keyword terms
// ("keywords", sparse, with Qdrant's IDF modifier; none for a redacted
// version), and the payload is the API's memory object. The collection is tuned for many small tenants: a
// keyword index on group_id with is_tenant=true, a keyword index on status,
// and HNSW with m=0 and payload_m=16 so that graphs are built per group
// only. Messages, the package's msgsearch.Searcher, keeps the groups'
// messages in a second collection of the same shape.
//
// Every write waits until Qdrant has applied it (wait=true), so an error is
// never hidden and a read after a write sees it.
//
// Its tests run the real go-client against the in-process gRPC test server
// (qdranttest), and against a real Qdrant too when
// GROUPMEM_TEST_QDRANT_ADDR (and GROUPMEM_TEST_QDRANT_API_KEY) name one.
package qdrant

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Defaults of Config.
const (
	DefaultAddr       = "127.0.0.1:6334"
	DefaultCollection = "group_memories"
	DefaultTimeout    = 10 * time.Second
)

// maxDimension is the largest vector size Qdrant accepts.
const maxDimension = 65536

// Config says where the index lives. The zero value of every field but
// Dimension means its default.
type Config struct {
	// Addr is the "host:port" of Qdrant's gRPC port (not the REST port).
	// Default DefaultAddr.
	Addr string
	// APIKey, when set, is sent with every call. Without TLS it travels in
	// plain text.
	APIKey string
	// TLS connects with TLS 1.3 and the system's roots.
	TLS bool
	// Collection is the name of the collection that holds every group's
	// memories. Default DefaultCollection.
	Collection string
	// Dimension is the size of every vector; it must equal the embedder's.
	// Required, 1 to 65536.
	Dimension int
	// Timeout bounds each operation, all its calls to Qdrant included.
	// Default DefaultTimeout.
	Timeout time.Duration
	// SkipCompatibilityCheck skips the client's comparison of its version
	// with the server's on connect, which otherwise calls HealthCheck and
	// logs a warning when they differ.
	SkipCompatibilityCheck bool
	// Recreate drops the collection at Open and creates it afresh, empty:
	// for a rebuild of every point whose vectors changed size (a new
	// embedder). Everything the collection held is gone.
	Recreate bool
	// Upgrade rebuilds, empty, a collection made by an earlier version
	// of groupmem (one unnamed vector, no keyword vectors), which Open
	// otherwise refuses; `groupmem reindex` sets it and writes every
	// point again.
	Upgrade bool
	// DialOptions are added to the gRPC connection's options (a stats
	// handler for tracing). Add interceptors with the chain variants
	// only: a plain one replaces the client's and drops the API key.
	DialOptions []grpc.DialOption
}

// withDefaults returns c with defaults applied, or an EINVALID error that
// names the first bad setting.
func (c Config) withDefaults() (Config, error) {
	c.Addr = cmp.Or(c.Addr, DefaultAddr)
	c.Collection = cmp.Or(c.Collection, DefaultCollection)
	c.Timeout = cmp.Or(c.Timeout, DefaultTimeout)
	if _, _, err := splitAddr(c.Addr); err != nil {
		return c, groupmem.Errorf(groupmem.EINVALID, "qdrant Addr %q must be host:port with a port from 1 to 65535", c.Addr)
	}
	if len(c.Collection) > 255 || strings.ContainsAny(c.Collection, "<>:\"/\\|?*\x00") {
		return c, groupmem.Errorf(groupmem.EINVALID, "qdrant Collection %q must be at most 255 bytes without any of <>:\"/\\|?*", c.Collection)
	}
	if c.Dimension < 1 || c.Dimension > maxDimension {
		return c, groupmem.Errorf(groupmem.EINVALID, "qdrant Dimension must be from 1 to %d; got %d", maxDimension, c.Dimension)
	}
	if c.Timeout < 0 {
		return c, groupmem.Errorf(groupmem.EINVALID, "qdrant Timeout must not be negative; got %s", c.Timeout)
	}
	return c, nil
}

func splitAddr(addr string) (string, int, error) {
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, err
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 1 || port > 65535 || host == "" {
		return "", 0, fmt.Errorf("bad port or host in %q", addr)
	}
	return host, port, nil
}

// Index is a groupmem.Index on one Qdrant collection. It is safe for
// concurrent use. After Close every method returns EUNAVAILABLE.
type Index struct {
	cfg Config

	mu     sync.RWMutex   // held for reading during every call; Close takes it for writing
	client *qdrant.Client // nil once closed
}

var _ groupmem.Index = (*Index)(nil)

// Open connects to Qdrant and makes sure the collection exists with one
// unnamed vector of cfg.Dimension and cosine distance, and with the keyword
// indexes on group_id and status; it creates what is missing. It returns
// EINVALID for a bad Config or when the collection exists with another
// vector size or distance, EUNAVAILABLE when Qdrant cannot be reached, and
// EINTERNAL when Qdrant refuses the APIKey.
func Open(ctx context.Context, cfg Config) (*Index, error) {
	x, err := open(ctx, cfg, func(ctx context.Context, x *Index, c *qdrant.Client) error { return x.ensure(ctx, c) })
	if err != nil {
		return nil, fmt.Errorf("open qdrant index: %w", err)
	}
	return x, nil
}

// open connects with cfg and has ensure create or check the collection.
func open(ctx context.Context, cfg Config, ensure func(context.Context, *Index, *qdrant.Client) error) (*Index, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	host, port, _ := splitAddr(cfg.Addr)
	if strings.Contains(host, ":") {
		host = "[" + host + "]" // the client joins host and port without brackets
	}
	client, err := qdrant.NewClient(&qdrant.Config{
		Host:                   host,
		Port:                   port,
		APIKey:                 cfg.APIKey,
		UseTLS:                 cfg.TLS,
		SkipCompatibilityCheck: cfg.SkipCompatibilityCheck,
		GrpcOptions:            cfg.DialOptions,
	})
	if err != nil {
		return nil, groupmem.WrapError(groupmem.EINVALID, fmt.Sprintf("qdrant Addr %q cannot be dialled", cfg.Addr), err)
	}
	x := &Index{cfg: cfg, client: client}
	open := func(ctx context.Context, c *qdrant.Client) error { return ensure(ctx, x, c) }
	if cfg.Recreate {
		open = func(ctx context.Context, c *qdrant.Client) error {
			if _, err := c.GetCollectionsClient().Delete(ctx, &qdrant.DeleteCollection{CollectionName: cfg.Collection}); err != nil {
				return err
			}
			return ensure(ctx, x, c)
		}
	}
	if err := x.call(ctx, open); err != nil {
		x.Close()
		return nil, err
	}
	return x, nil
}

// Close releases the connections. Calls made after Close return
// EUNAVAILABLE; Close waits for calls in flight. It is safe to call more
// than once.
func (x *Index) Close() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.client == nil {
		return nil
	}
	err := x.client.Close()
	x.client = nil
	if err != nil {
		return fmt.Errorf("close qdrant client: %w", err)
	}
	return nil
}

// Check reports whether the index is ready: Qdrant answers and the
// collection exists with the configured vector size and distance. It
// returns EUNAVAILABLE when Qdrant cannot be reached or the collection is
// gone, EINVALID when it does not match the Config.
func (x *Index) Check(ctx context.Context) error {
	err := x.call(ctx, func(ctx context.Context, c *qdrant.Client) error {
		if _, err := c.HealthCheck(ctx); err != nil {
			return err
		}
		info, err := c.GetCollectionInfo(ctx, x.cfg.Collection)
		if err != nil {
			return err
		}
		return x.checkVectors(info)
	})
	if err != nil {
		return fmt.Errorf("check qdrant index: %w", err)
	}
	return nil
}

// call runs fn with the client under the index's Timeout and translates
// its error. It never calls a closed client, which would panic.
func (x *Index) call(ctx context.Context, fn func(context.Context, *qdrant.Client) error) error {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.client == nil {
		return groupmem.Errorf(groupmem.EUNAVAILABLE, "qdrant index is closed")
	}
	ctx, cancel := context.WithTimeout(ctx, x.cfg.Timeout)
	defer cancel()
	return translateError(fn(ctx, x.client))
}

// Payload keys with a payload index.
const (
	keyGroup  = "group_id"
	keyStatus = "status"
)

// ensure creates the collection and its payload indexes where missing and
// checks the vectors of an existing one.
func (x *Index) ensure(ctx context.Context, c *qdrant.Client) error {
	name := x.cfg.Collection
	exists, err := c.CollectionExists(ctx, name)
	if err != nil {
		return err
	}
	if exists && x.cfg.Upgrade {
		info, err := c.GetCollectionInfo(ctx, name)
		if err != nil {
			return err
		}
		if info.GetConfig().GetParams().GetVectorsConfig().GetParams() != nil {
			if err := c.DeleteCollection(ctx, name); err != nil {
				return err
			}
			exists = false
		}
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
	if err := x.checkVectors(info); err != nil {
		return err
	}
	return ensureIndexes(ctx, c, info, name, []fieldIndex{
		keywordIndex(keyGroup, &qdrant.KeywordIndexParams{IsTenant: qdrant.PtrOf(true)}),
		keywordIndex(keyStatus, &qdrant.KeywordIndexParams{EnableHnsw: qdrant.PtrOf(false)}), // filter only
	})
}

// fieldIndex is a payload index a collection needs.
type fieldIndex struct {
	field  string
	kind   qdrant.FieldType
	schema qdrant.PayloadSchemaType // what Qdrant reports for it
	params *qdrant.PayloadIndexParams
}

func keywordIndex(field string, p *qdrant.KeywordIndexParams) fieldIndex {
	return fieldIndex{field, qdrant.FieldType_FieldTypeKeyword, qdrant.PayloadSchemaType_Keyword, qdrant.NewPayloadIndexParamsKeyword(p)}
}

// rangeIndex is an integer index for range filters and order_by only.
func rangeIndex(field string) fieldIndex {
	return fieldIndex{field, qdrant.FieldType_FieldTypeInteger, qdrant.PayloadSchemaType_Integer,
		qdrant.NewPayloadIndexParamsInt(&qdrant.IntegerIndexParams{Lookup: qdrant.PtrOf(false), Range: qdrant.PtrOf(true)})}
}

// countIndex is an integer index for exact facet counts of the values
// (lookup) only.
func countIndex(field string) fieldIndex {
	return fieldIndex{field, qdrant.FieldType_FieldTypeInteger, qdrant.PayloadSchemaType_Integer,
		qdrant.NewPayloadIndexParamsInt(&qdrant.IntegerIndexParams{Lookup: qdrant.PtrOf(true), Range: qdrant.PtrOf(false)})}
}

// ensureIndexes creates the payload indexes of collection name that info
// lacks; EINVALID when one exists with another type.
func ensureIndexes(ctx context.Context, c *qdrant.Client, info *qdrant.CollectionInfo, name string, indexes []fieldIndex) error {
	for _, ix := range indexes {
		if s, ok := info.GetPayloadSchema()[ix.field]; ok {
			if s.GetDataType() != ix.schema {
				return groupmem.Errorf(groupmem.EINVALID, "qdrant collection %q indexes %s as %s; groupmem needs an index of type %s",
					name, ix.field, s.GetDataType(), ix.schema)
			}
			continue
		}
		_, err := c.CreateFieldIndex(ctx, &qdrant.CreateFieldIndexCollection{CollectionName: name, Wait: qdrant.PtrOf(true),
			FieldName: ix.field, FieldType: ix.kind.Enum(), FieldIndexParams: ix.params})
		if err != nil {
			return err
		}
	}
	return nil
}

// createHybrid creates collection name with the named vectors of hybrid
// search: dense vectors of dim dimensions (cosine) and sparse keyword
// vectors whose IDF Qdrant computes, with per-tenant graphs only, as
// Qdrant advises for a tenant key. A collection another process created
// meanwhile is fine.
func createHybrid(ctx context.Context, c *qdrant.Client, name string, dim int) error {
	err := c.CreateCollection(ctx, &qdrant.CreateCollection{
		CollectionName: name,
		VectorsConfig: qdrant.NewVectorsConfigMap(map[string]*qdrant.VectorParams{
			vecDense: {Size: uint64(dim), Distance: qdrant.Distance_Cosine},
		}),
		SparseVectorsConfig: qdrant.NewSparseVectorsConfig(map[string]*qdrant.SparseVectorParams{
			vecSparse: {Modifier: qdrant.Modifier_Idf.Enum()},
		}),
		HnswConfig: &qdrant.HnswConfigDiff{M: qdrant.PtrOf(uint64(0)), PayloadM: qdrant.PtrOf(uint64(16))},
	})
	if err != nil && status.Code(err) != codes.AlreadyExists {
		return err
	}
	return nil
}

// checkHybrid returns EINVALID unless the collection has the named
// vectors createHybrid makes, with dense vectors of dim dimensions.
func checkHybrid(info *qdrant.CollectionInfo, name string, dim int) error {
	params := info.GetConfig().GetParams()
	if params.GetVectorsConfig().GetParams() != nil {
		return groupmem.Errorf(groupmem.EINVALID,
			"qdrant collection %q was made by an earlier groupmem (one unnamed vector, no keyword vectors): run groupmem reindex to rebuild it", name)
	}
	dense := params.GetVectorsConfig().GetParamsMap().GetMap()[vecDense]
	sparse, ok := params.GetSparseVectorsConfig().GetMap()[vecSparse]
	switch {
	case dense == nil || !ok:
		return groupmem.Errorf(groupmem.EINVALID,
			"qdrant collection %q lacks the named vectors %q (dense, cosine) and %q (sparse, IDF): choose another collection", name, vecDense, vecSparse)
	case dense.GetSize() != uint64(dim) || dense.GetDistance() != qdrant.Distance_Cosine:
		return groupmem.Errorf(groupmem.EINVALID,
			"qdrant collection %q has vectors of size %d with %s distance, but Dimension is %d with Cosine distance: choose another collection or rebuild the index with groupmem reindex",
			name, dense.GetSize(), dense.GetDistance(), dim)
	case sparse.GetModifier() != qdrant.Modifier_Idf:
		return groupmem.Errorf(groupmem.EINVALID, "qdrant collection %q has keyword vectors without the IDF modifier: choose another collection", name)
	}
	return nil
}

// checkVectors returns EINVALID unless the collection is a hybrid one of
// the configured dimension.
func (x *Index) checkVectors(info *qdrant.CollectionInfo) error {
	return checkHybrid(info, x.cfg.Collection, x.cfg.Dimension)
}

// translateError turns an error from the go-client into a *groupmem.Error
// by its gRPC status code, once, where it enters; an error that already
// carries a groupmem code passes unchanged. What Qdrant refuses or fails
// is the deployment's problem, never the API caller's: EUNAVAILABLE when
// it cannot be reached, is overloaded, refuses the service's credentials,
// lacks the collection (the index is not ready) or rejects a request of
// the service's making (its configuration does not match); ECONFLICT for
// a thing that exists already; EINTERNAL for anything else. The
// caller-safe message holds Qdrant's own text only for rejected requests
// and missing things.
func translateError(err error) error {
	if err == nil {
		return nil
	}
	var gerr *groupmem.Error
	if errors.As(err, &gerr) {
		return err
	}
	var limited *qdrant.QdrantResourceExhaustedError
	if errors.As(err, &limited) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "qdrant is unavailable", err)
	}
	st := status.New(codes.Unknown, "")
	var se interface{ GRPCStatus() *status.Status }
	if errors.As(err, &se) {
		st = se.GRPCStatus()
	}
	msg := groupmem.Truncate(st.Message(), 300)
	switch st.Code() {
	case codes.Unavailable, codes.DeadlineExceeded, codes.Canceled, codes.ResourceExhausted, codes.Aborted:
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "qdrant is unavailable", err)
	case codes.InvalidArgument, codes.FailedPrecondition, codes.OutOfRange:
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "qdrant rejected the request: "+msg, err)
	case codes.NotFound:
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "the search index is not ready: qdrant: "+msg, err)
	case codes.AlreadyExists:
		return groupmem.WrapError(groupmem.ECONFLICT, "qdrant: "+msg, err)
	case codes.Unauthenticated, codes.PermissionDenied:
		return groupmem.WrapError(groupmem.EUNAVAILABLE, "qdrant refused the service's credentials: check the APIKey setting", err)
	}
	return groupmem.WrapError(groupmem.EINTERNAL, "qdrant call failed", err)
}
