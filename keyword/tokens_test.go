package keyword

import (
	"slices"
	"testing"
)

func TestTokens(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"周会是星期几", []string{"周会", "会是", "是星", "星期", "期几"}},
		{"The weekly meeting is on FRIDAY", []string{"weekly", "meeting", "friday"}},
		{"Alice's cat doesn't like rain", []string{"alice", "cat", "like", "rain"}},
		{"我用Go写后端，Ｒｅｄｉｓ做缓存", []string{"我用", "go", "写后", "后端", "redis", "做缓", "缓存"}},
		{"好", []string{"好"}},
		{"2026年3月", []string{"2026", "年", "3", "月"}},
		{"…!!! ？？", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if got := Tokens(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Tokens(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
