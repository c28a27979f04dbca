package qdranttest

import (
	"context"

	"github.com/qdrant/go-client/qdrant"
)

// Get retrieves points by id, as Qdrant's Get
// (https://qdrant.tech/documentation/concepts/points/#retrieve-points):
// ids that name no point are left out without an error, and each point
// carries what with_payload and with_vectors select (absent: no payload,
// no vectors). Points come in the order of the ids asked for, once each.
func (s *pointsService) Get(_ context.Context, req *qdrant.GetPoints) (*qdrant.GetResponse, error) {
	if req.ReadConsistency != nil || req.ShardKeySelector != nil {
		return nil, unimplemented("read consistency and shard key selectors")
	}
	sel, err := compileSelectors(req.WithPayload, req.WithVectors)
	if err != nil {
		return nil, err
	}
	s.st.mu.RLock()
	defer s.st.mu.RUnlock()
	c, err := s.st.get(req.GetCollectionName())
	if err != nil {
		return nil, err
	}
	resp := &qdrant.GetResponse{}
	seen := make(map[string]bool, len(req.GetIds()))
	for _, pid := range req.GetIds() {
		id, err := pointKey(pid)
		if err != nil {
			return nil, err
		}
		p, ok := c.points[id]
		if !ok || seen[id] {
			continue
		}
		seen[id] = true
		payload, vectors := sel.apply(p)
		resp.Result = append(resp.Result, &qdrant.RetrievedPoint{Id: qdrant.NewIDUUID(p.id), Payload: payload, Vectors: vectors})
	}
	return resp, nil
}
