// Package qdranttest runs an in-process gRPC server that answers the calls
// of Qdrant's API that store/qdrant makes, with Qdrant's semantics: cosine
// similarity on normalised vectors, named dense and sparse vectors that a
// point may leave out (it is then no candidate of a query on them), the IDF
// modifier, score thresholds that keep only scores strictly above them,
// scrolls ordered by point id with an inclusive offset, no payload unless a
// request asks for it, upserts that replace whole points, exact counts and
// facets, and Qdrant's status codes for unknown collections, duplicate
// collections and wrong vector sizes.
//
// The server is tested through the real github.com/qdrant/go-client over
// loopback, and its handlers are fuzzed with requests built from arbitrary
// bytes: whatever a request holds, it gets an answer or a status error,
// never a panic (a panic would still only fail its own call, with
// codes.Internal). It keeps everything in memory and is safe for concurrent
// use. Whatever part of a request it does not model (an unsupported filter
// condition, wait=false, ...) it rejects with codes.Unimplemented naming the
// feature, so that a client can never rely on something the server silently
// ignores.
package qdranttest

import (
	"cmp"
	"context"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// Version is what the server reports as its version in HealthCheck; it is
// compatible with the go-client release the module uses.
const Version = "1.17.1"

// Config sets up a Server. The zero value is a server without
// authentication.
type Config struct {
	// APIKey, when set, is required in the "api-key" metadata of every call
	// but HealthCheck (which Qdrant also answers without a key). A call
	// without it, or with another key, fails with codes.Unauthenticated.
	APIKey string
	// Listen is the address to listen on. Default "127.0.0.1:0": a free
	// port on the IPv4 loopback.
	Listen string
}

// Server is a running test server. Close stops it.
type Server struct {
	lis   net.Listener
	srv   *grpc.Server
	done  chan struct{}
	close sync.Once
}

// Start starts a server without authentication on 127.0.0.1 and returns its
// "host:port" address. The server stops when the test ends.
func Start(t testing.TB) string {
	t.Helper()
	return StartServer(t, Config{}).Addr()
}

// StartServer starts a server with cfg and stops it when the test ends. It fails the test if it cannot listen.
func StartServer(t testing.TB, cfg Config) *Server {
	t.Helper()
	s, err := NewServer(cfg)
	if err != nil {
		t.Fatalf("start qdrant test server: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// NewServer starts a server with cfg. The caller must Close it.
func NewServer(cfg Config) (*Server, error) {
	lis, err := net.Listen("tcp", cmp.Or(cfg.Listen, "127.0.0.1:0"))
	if err != nil {
		return nil, err
	}
	st := &store{collections: make(map[string]*collection)}
	srv := grpc.NewServer(grpc.ChainUnaryInterceptor(recoverInterceptor, authInterceptor(cfg.APIKey)),
		// Accept the client's keepalive pings, as Qdrant does.
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: time.Second, PermitWithoutStream: true}))
	qdrant.RegisterQdrantServer(srv, healthService{})
	qdrant.RegisterCollectionsServer(srv, &collectionsService{st: st})
	qdrant.RegisterPointsServer(srv, &pointsService{st: st})
	s := &Server{lis: lis, srv: srv, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		_ = srv.Serve(lis) // returns when Close stops the server
	}()
	return s, nil
}

// Addr returns the "host:port" the server listens on.
func (s *Server) Addr() string { return s.lis.Addr().String() }

// Close stops the server at once, ending open connections and calls in
// flight. It is safe to call more than once.
func (s *Server) Close() {
	s.close.Do(func() {
		s.srv.Stop()
		<-s.done
	})
}

const healthMethod = "/qdrant.Qdrant/HealthCheck"

// authInterceptor checks the api-key metadata when key is set.
func authInterceptor(key string) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, next grpc.UnaryHandler) (any, error) {
		if key == "" || info.FullMethod == healthMethod {
			return next(ctx, req)
		}
		md, _ := metadata.FromIncomingContext(ctx)
		got := md.Get("api-key")
		if len(got) == 0 {
			return nil, status.Error(codes.Unauthenticated, "Must provide an API key or an Authorization bearer token")
		}
		if len(got) != 1 || got[0] != key {
			return nil, status.Error(codes.Unauthenticated, "Invalid API key or JWT")
		}
		return next(ctx, req)
	}
}

// recoverInterceptor is the last guard of the server's process: a call
// whose handler panics fails with codes.Internal naming the method, and
// the server goes on serving. The handlers are meant never to panic (the
// fuzz tests hold them to it); this only keeps one bug from ending every
// test that shares the process.
func recoverInterceptor(ctx context.Context, req any, info *grpc.UnaryServerInfo, next grpc.UnaryHandler) (resp any, err error) {
	defer func() {
		if r := recover(); r != nil {
			resp, err = nil, status.Errorf(codes.Internal, "qdranttest: %s panicked: %v", info.FullMethod, r)
		}
	}()
	return next(ctx, req)
}

type healthService struct {
	qdrant.UnimplementedQdrantServer
}

func (healthService) HealthCheck(context.Context, *qdrant.HealthCheckRequest) (*qdrant.HealthCheckReply, error) {
	return &qdrant.HealthCheckReply{Title: "qdranttest - in-process test server", Version: Version}, nil
}

// unimplemented reports a request feature the server does not model.
func unimplemented(feature string) error {
	return status.Errorf(codes.Unimplemented, "qdranttest does not implement %s", feature)
}
