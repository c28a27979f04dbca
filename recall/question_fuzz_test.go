package recall

import (
	"slices"
	"testing"
	"time"
)

// FuzzRead checks that Read never panics, keeps the question's text, has
// Since before Until whenever both are set, and names only members, each
// once.
func FuzzRead(f *testing.F) {
	for _, c := range englishWindows {
		f.Add(c.q, int64(0))
	}
	for _, c := range chineseWindows {
		f.Add(c.q, int64(86400*40))
	}
	for _, c := range senderCases {
		f.Add(c.q, int64(-86400*300))
	}
	f.Add("Before", int64(0))
	f.Add("from 9999年12月31号 to 0001年1月1号", int64(0))
	f.Add("between 29 February and 30 February 2023 until 999999 years ago", int64(86400*365*7))
	ids := make([]string, len(everyone))
	for i, m := range everyone {
		ids[i] = m.ID
	}
	f.Fuzz(func(t *testing.T, q string, shift int64) {
		now := asked.Add(time.Duration(shift%(86400*365*50)) * time.Second)
		got := Read(q, now, cst, everyone)
		if got.Text != q {
			t.Fatalf("Text = %q, want %q", got.Text, q)
		}
		if !got.Since.IsZero() && !got.Until.IsZero() && !got.Since.Before(got.Until) {
			t.Fatalf("Read(%q): Since %v not before Until %v", q, got.Since, got.Until)
		}
		for i, id := range got.Senders {
			if !slices.Contains(ids, id) || slices.Contains(got.Senders[:i], id) {
				t.Fatalf("Read(%q): Senders %q: %q is no member or named twice", q, got.Senders, id)
			}
		}
	})
}
