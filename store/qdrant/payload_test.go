package qdrant

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/groupmem/groupmem"
	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

const pointID = "7d2b3c4e-0f1a-4b5c-9d8e-1f2a3b4c5d6e"

func TestPayloadRoundTrip(t *testing.T) {
	m := groupmem.Memory{
		ID: pointID, LineageID: groupmem.NewID(), GroupID: "g", Statement: "s", Version: 3,
		ParentID: groupmem.NewID(), Status: groupmem.StatusSuperseded, Tags: []string{"a", "b"},
		Strength: 1, ChangeSummary: "why", Evidence: []string{"e"}, RunID: groupmem.NewID(),
		CreatedAt: time.Date(2024, 2, 29, 23, 59, 59, 999999999, time.FixedZone("x", -3600)),
		UpdatedAt: time.Date(2025, 1, 1, 0, 0, 0, 1, time.UTC),
	}
	got, err := decodeMemory(qdrant.NewIDUUID(pointID), encodePayload(m))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(m, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	p := encodePayload(groupmem.Memory{Version: 1})
	if _, null := p[keyParentID].GetKind().(*qdrant.Value_NullValue); !null {
		t.Errorf("parent_id of version 1 is %v, want null", p[keyParentID])
	}
}

func TestDecodeToleratesMissingOptionalFields(t *testing.T) {
	p := map[string]*qdrant.Value{
		"group_id":  qdrant.NewValueString("g"),
		"statement": qdrant.NewValueString("s"),
		"version":   qdrant.NewValueDouble(2), // a whole double reads as an int
		"status":    qdrant.NewValueString("active"),
		"parent_id": qdrant.NewValueNull(),
		"strength":  qdrant.NewValueInt(1),
	}
	got, err := decodeMemory(qdrant.NewIDUUID(pointID), p)
	if err != nil {
		t.Fatal(err)
	}
	want := groupmem.Memory{ID: pointID, GroupID: "g", Statement: "s", Version: 2, Status: groupmem.StatusActive, Strength: 1}
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestDecodeRejectsMalformedPayloads(t *testing.T) {
	valid := func() map[string]*qdrant.Value {
		return encodePayload(groupmem.Memory{ID: pointID, GroupID: "g", Statement: "s", Version: 1, Status: groupmem.StatusActive})
	}
	tests := []struct {
		key     string
		value   *qdrant.Value // nil deletes the key
		mention string
	}{
		{"group_id", nil, "missing"},
		{"statement", qdrant.NewValueNull(), "missing"},
		{"statement", qdrant.NewValueInt(3), "not a string"},
		{"version", nil, "missing"},
		{"version", qdrant.NewValueDouble(1.5), "whole number"},
		{"version", qdrant.NewValueString("1"), "not a number"},
		{"status", qdrant.NewValueString("gone"), "not a status"},
		{"strength", qdrant.NewValueBool(true), "not a number"},
		{"tags", qdrant.NewValueString("a"), "not a list"},
		{"evidence", qdrant.NewValueFromList(qdrant.NewValueInt(1)), "not a string"},
		{"updated_at", qdrant.NewValueString("yesterday"), "RFC 3339"},
		{"created_at", qdrant.NewValueFromFields(map[string]*qdrant.Value{}), "not a string"},
		{"memory_id", qdrant.NewValueString(groupmem.NewID()), "not the point id"},
		{"group_id", &qdrant.Value{}, "missing"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s=%v", tt.key, tt.value), func(t *testing.T) {
			p := valid()
			if tt.value == nil {
				delete(p, tt.key)
			} else {
				p[tt.key] = tt.value
			}
			_, err := decodeMemory(qdrant.NewIDUUID(pointID), p)
			if groupmem.ErrorCode(err) != groupmem.EINTERNAL {
				t.Fatalf("code %q (err %v), want %q", groupmem.ErrorCode(err), err, groupmem.EINTERNAL)
			}
			if msg := groupmem.ErrorMessage(err); !strings.Contains(msg, tt.key) || !strings.Contains(msg, tt.mention) || !strings.Contains(msg, pointID) {
				t.Errorf("message %q should name the point, %s and say %q", msg, tt.key, tt.mention)
			}
		})
	}
	if _, err := decodeMemory(qdrant.NewIDNum(7), valid()); groupmem.ErrorCode(err) != groupmem.EINTERNAL {
		t.Errorf("numeric point id: err %v, want %s", err, groupmem.EINTERNAL)
	}
	if _, err := decodeMemory(nil, nil); groupmem.ErrorCode(err) != groupmem.EINTERNAL {
		t.Errorf("nil point: err %v, want %s", err, groupmem.EINTERNAL)
	}
}

func FuzzDecodeNeverPanics(f *testing.F) {
	f.Add("g", "s", int64(1), "active", 0.5, "2025-01-01T00:00:00Z", true)
	f.Add("", "", int64(-1), "", math.NaN(), "", false)
	f.Fuzz(func(t *testing.T, group, statement string, version int64, st string, strength float64, at string, asList bool) {
		p := map[string]*qdrant.Value{
			"group_id": qdrant.NewValueString(group), "statement": qdrant.NewValueString(statement),
			"version": qdrant.NewValueInt(version), "status": qdrant.NewValueString(st),
			"strength": qdrant.NewValueDouble(strength), "updated_at": qdrant.NewValueString(at),
		}
		if asList {
			p["tags"] = qdrant.NewValueFromList(qdrant.NewValueString(at), qdrant.NewValueDouble(strength))
		}
		m, err := decodeMemory(qdrant.NewIDUUID(pointID), p)
		if err != nil && groupmem.ErrorCode(err) != groupmem.EINTERNAL {
			t.Fatalf("error %v has code %q, want %q", err, groupmem.ErrorCode(err), groupmem.EINTERNAL)
		}
		if err == nil && !m.Status.Valid() {
			t.Fatalf("decoded an invalid status %q without error", m.Status)
		}
	})
}

func TestTranslateError(t *testing.T) {
	wrapped := func(c codes.Code) error {
		return fmt.Errorf("Query() failed: mem: %w", status.Error(c, "Wrong input: detail"))
	}
	tests := []struct {
		err  error
		want string
	}{
		{nil, ""},
		{wrapped(codes.Unavailable), groupmem.EUNAVAILABLE},
		{wrapped(codes.DeadlineExceeded), groupmem.EUNAVAILABLE},
		{wrapped(codes.ResourceExhausted), groupmem.EUNAVAILABLE},
		{&qdrant.QdrantResourceExhaustedError{Reason: "slow down", RetryAfterS: 3}, groupmem.EUNAVAILABLE},
		{context.DeadlineExceeded, groupmem.EUNAVAILABLE},
		{wrapped(codes.InvalidArgument), groupmem.EUNAVAILABLE},
		{wrapped(codes.NotFound), groupmem.EUNAVAILABLE},
		{wrapped(codes.AlreadyExists), groupmem.ECONFLICT},
		{wrapped(codes.Unauthenticated), groupmem.EUNAVAILABLE},
		{wrapped(codes.PermissionDenied), groupmem.EUNAVAILABLE},
		{wrapped(codes.Internal), groupmem.EINTERNAL},
		{errors.New("plain"), groupmem.EINTERNAL},
		{groupmem.Errorf(groupmem.ETOOLARGE, "kept"), groupmem.ETOOLARGE},
	}
	for _, tt := range tests {
		got := translateError(tt.err)
		if code := groupmem.ErrorCode(got); code != tt.want {
			t.Errorf("translateError(%v): code %q, want %q", tt.err, code, tt.want)
		}
		if tt.err != nil && !errors.Is(got, tt.err) {
			t.Errorf("translateError(%v) loses the cause", tt.err)
		}
	}
	msg := groupmem.ErrorMessage(translateError(wrapped(codes.InvalidArgument)))
	if msg != "qdrant rejected the request: Wrong input: detail" {
		t.Errorf("message %q should carry Qdrant's own text, not the wrapping", msg)
	}
}

func TestThreshold32NeverAboveThreshold(t *testing.T) {
	for _, th := range []float64{0, 0.7, 0.1, 1, -1, 1.0 / 3, 0.7071067811865476, -0.3, 5, -5, math.Inf(1), math.Inf(-1)} {
		got, want := threshold32(th), max(min(th, 2), -2) // cosine scores lie within [-1, 1]
		if float64(got) > want {
			t.Errorf("threshold32(%v) = %v, above the threshold", th, got)
		}
		if float64(math.Nextafter32(got, float32(math.Inf(1)))) <= want {
			t.Errorf("threshold32(%v) = %v is not the largest float32 not above %v", th, got, want)
		}
	}
}
