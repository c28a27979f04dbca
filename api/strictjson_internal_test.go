package api

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// BenchmarkIngestBody measures decoding a batch of 10,000 messages (about
// 1.6 MB) as the ingestion endpoint does, with and without the exact-key
// check, to show what the check costs.
func BenchmarkIngestBody(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"messages":[`)
	for i := range 10000 {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"id":"m-%d","sender_id":"u%d","sender_name":"member %d","content":"we meet on friday nights to talk about the new anime season, item %d","sent_at":"2026-01-15T12:30:00Z"}`, i, i%50, i%50, i)
	}
	sb.WriteString(`]}`)
	body := []byte(sb.String())
	type batch struct {
		Messages []messageIn `json:"messages"`
	}
	b.SetBytes(int64(len(body)))
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			var v batch
			if err := json.Unmarshal(body, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("exact-keys", func(b *testing.B) {
		for b.Loop() {
			if err := exactKeys(body, reflect.TypeOf(&batch{})); err != nil {
				b.Fatal(err)
			}
		}
	})
}
