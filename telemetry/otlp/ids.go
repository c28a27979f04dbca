package otlp

import (
	"context"
	"encoding/binary"
	"math/rand/v2"

	"go.opentelemetry.io/otel/trace"

	"github.com/groupmem/groupmem/telemetry"
)

// ids makes the ids of new spans: random ones, and for the root span of a
// schedule slot's tick (telemetry.Telemetry.StartSlot) the slot's own, so
// that a run of the slot's job, in any replica, links to it.
type ids struct{}

func (ids) NewIDs(ctx context.Context) (trace.TraceID, trace.SpanID) {
	if sc, ok := telemetry.SlotOf(ctx); ok {
		return sc.TraceID(), sc.SpanID()
	}
	var tid trace.TraceID
	for !tid.IsValid() {
		binary.NativeEndian.PutUint64(tid[:8], rand.Uint64())
		binary.NativeEndian.PutUint64(tid[8:], rand.Uint64())
	}
	return tid, ids{}.NewSpanID(ctx, tid)
}

func (ids) NewSpanID(context.Context, trace.TraceID) trace.SpanID {
	var sid trace.SpanID
	for !sid.IsValid() {
		binary.NativeEndian.PutUint64(sid[:], rand.Uint64())
	}
	return sid
}
