package qdranttest

import (
	"context"
	"sync"

	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// store holds every collection. One lock guards it all: the server is for
// tests, and a single lock keeps every call atomic, as Qdrant's wait=true
// calls appear to a single client.
type store struct {
	mu          sync.RWMutex
	collections map[string]*collection
}

// collection is one collection. Stored payload maps are never changed in
// place (writes replace them), so responses may share them.
type collection struct {
	size     uint64 // of the unnamed dense vector; 0 when the vectors are named
	distance qdrant.Distance
	named    map[string]*qdrant.VectorParams // named dense vectors (size and distance)
	sparse   map[string]bool                 // named sparse vectors → whether the IDF modifier is on
	hnsw     *qdrant.HnswConfigDiff
	schema   map[string]*qdrant.PayloadSchemaInfo
	points   map[string]*point // by canonical UUID
}

// point is one stored point. For cosine collections vector is normalised,
// as Qdrant stores it.
type point struct {
	id      string
	vector  []float32
	named   map[string][]float32            // named dense vectors, normalised for cosine
	sparse  map[string]*qdrant.SparseVector // named sparse vectors, indices ascending
	payload map[string]*qdrant.Value
}

// get returns the named collection or Qdrant's NotFound error. The caller
// holds st.mu.
func (st *store) get(name string) (*collection, error) {
	c, ok := st.collections[name]
	if !ok {
		return nil, status.Errorf(codes.NotFound, "Not found: Collection `%s` doesn't exist!", name)
	}
	return c, nil
}

type collectionsService struct {
	qdrant.UnimplementedCollectionsServer
	st *store
}

func (s *collectionsService) CollectionExists(_ context.Context, req *qdrant.CollectionExistsRequest) (*qdrant.CollectionExistsResponse, error) {
	s.st.mu.RLock()
	defer s.st.mu.RUnlock()
	_, ok := s.st.collections[req.GetCollectionName()]
	return &qdrant.CollectionExistsResponse{Result: &qdrant.CollectionExists{Exists: ok}}, nil
}

func (s *collectionsService) Create(_ context.Context, req *qdrant.CreateCollection) (*qdrant.CollectionOperationResponse, error) {
	c, err := newCollection(req)
	if err != nil {
		return nil, err
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if _, ok := s.st.collections[req.GetCollectionName()]; ok {
		return nil, status.Errorf(codes.AlreadyExists, "Wrong input: Collection `%s` already exists!", req.GetCollectionName())
	}
	s.st.collections[req.GetCollectionName()] = c
	return &qdrant.CollectionOperationResponse{Result: true}, nil
}

// newCollection checks a create request: one unnamed dense vector with
// cosine or dot distance and, optionally, an HNSW configuration.
func newCollection(req *qdrant.CreateCollection) (*collection, error) {
	if req.GetCollectionName() == "" {
		return nil, status.Error(codes.InvalidArgument, "Validation error in body: [collection_name: must not be empty]")
	}
	switch {
	case req.WalConfig != nil, req.OptimizersConfig != nil, req.ShardNumber != nil, req.OnDiskPayload != nil,
		req.ReplicationFactor != nil, req.WriteConsistencyFactor != nil, req.QuantizationConfig != nil,
		req.ShardingMethod != nil, req.StrictModeConfig != nil, len(req.Metadata) > 0:
		return nil, unimplemented("collection settings other than vectors_config, sparse_vectors_config, hnsw_config and timeout")
	}
	if req.GetVectorsConfig().GetParamsMap() != nil || req.SparseVectorsConfig != nil {
		return newNamedCollection(req)
	}
	params := req.GetVectorsConfig().GetParams()
	if params == nil {
		return nil, unimplemented("collections without one unnamed dense vector")
	}
	if params.HnswConfig != nil || params.QuantizationConfig != nil || params.OnDisk != nil ||
		params.Datatype != nil || params.MultivectorConfig != nil {
		return nil, unimplemented("vector params other than size and distance")
	}
	if params.GetSize() < 1 || params.GetSize() > 65536 {
		return nil, status.Errorf(codes.InvalidArgument, "Validation error in body: [vectors_config.size: value %d invalid, must be from 1 to 65536]", params.GetSize())
	}
	if d := params.GetDistance(); d != qdrant.Distance_Cosine && d != qdrant.Distance_Dot {
		return nil, unimplemented("distance " + d.String())
	}
	return &collection{
		size:     params.GetSize(),
		distance: params.GetDistance(),
		hnsw:     hnswConfig(req.HnswConfig),
		schema:   make(map[string]*qdrant.PayloadSchemaInfo),
		points:   make(map[string]*point),
	}, nil
}

// hnswConfig is Qdrant's default HNSW configuration overridden by diff.
func hnswConfig(diff *qdrant.HnswConfigDiff) *qdrant.HnswConfigDiff {
	hnsw := &qdrant.HnswConfigDiff{
		M: qdrant.PtrOf(uint64(16)), EfConstruct: qdrant.PtrOf(uint64(100)),
		FullScanThreshold: qdrant.PtrOf(uint64(10000)), OnDisk: qdrant.PtrOf(false),
	}
	if diff != nil {
		proto.Merge(hnsw, diff)
	}
	return hnsw
}

func (s *collectionsService) Get(_ context.Context, req *qdrant.GetCollectionInfoRequest) (*qdrant.GetCollectionInfoResponse, error) {
	s.st.mu.RLock()
	defer s.st.mu.RUnlock()
	c, err := s.st.get(req.GetCollectionName())
	if err != nil {
		return nil, err
	}
	schema := make(map[string]*qdrant.PayloadSchemaInfo, len(c.schema))
	for k, v := range c.schema {
		schema[k] = proto.Clone(v).(*qdrant.PayloadSchemaInfo)
	}
	info := &qdrant.CollectionInfo{
		Status:          qdrant.CollectionStatus_Green,
		OptimizerStatus: &qdrant.OptimizerStatus{Ok: true},
		SegmentsCount:   1,
		Config: &qdrant.CollectionConfig{
			Params: &qdrant.CollectionParams{
				ShardNumber:         1,
				VectorsConfig:       c.vectorsConfig(),
				SparseVectorsConfig: c.sparseConfig(),
			},
			HnswConfig: proto.Clone(c.hnsw).(*qdrant.HnswConfigDiff),
		},
		PayloadSchema: schema,
		PointsCount:   qdrant.PtrOf(uint64(len(c.points))),
	}
	return &qdrant.GetCollectionInfoResponse{Result: info}, nil
}

// Delete removes a collection. Like Qdrant it answers false, not an error,
// when there is none.
func (s *collectionsService) Delete(_ context.Context, req *qdrant.DeleteCollection) (*qdrant.CollectionOperationResponse, error) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	_, ok := s.st.collections[req.GetCollectionName()]
	delete(s.st.collections, req.GetCollectionName())
	return &qdrant.CollectionOperationResponse{Result: ok}, nil
}
