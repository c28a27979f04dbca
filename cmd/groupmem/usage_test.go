package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/sqlite"
)

// The model prices reach the worker's configuration; a price that is
// negative, not a number or above groupmem.MaxPrice is refused, naming
// its setting.
func TestPricesAreValidated(t *testing.T) {
	tests := []struct {
		env     map[string]string
		setting string // "" when valid
	}{
		{nil, ""},
		{map[string]string{"GROUPMEM_LLM_PRICE_INPUT": "2.5", "GROUPMEM_LLM_PRICE_OUTPUT": "10", "GROUPMEM_EMBED_PRICE_INPUT": "0.02"}, ""},
		{map[string]string{"GROUPMEM_LLM_PRICE_OUTPUT": "-1"}, "GROUPMEM_LLM_PRICE_OUTPUT"},
		{map[string]string{"GROUPMEM_EMBED_PRICE_INPUT": "NaN"}, "GROUPMEM_EMBED_PRICE_INPUT"},
		{map[string]string{"GROUPMEM_LLM_PRICE_INPUT": "+Inf"}, "GROUPMEM_LLM_PRICE_INPUT"},
		{map[string]string{"GROUPMEM_LLM_PRICE_INPUT": "cheap"}, "GROUPMEM_LLM_PRICE_INPUT"},
		{map[string]string{"GROUPMEM_LLM_PRICE_OUTPUT": "1e300"}, "GROUPMEM_LLM_PRICE_OUTPUT"},
	}
	for _, tt := range tests {
		cfg, err := bindConfig(newFlagSet(), func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok })
		if err == nil {
			err = cfg.validate()
		}
		if tt.setting == "" {
			if err != nil {
				t.Errorf("%v: %v", tt.env, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.setting) {
			t.Errorf("%v: error %v; want one naming %s", tt.env, err, tt.setting)
		}
	}
	cfg, err := bindConfig(newFlagSet(), func(k string) (string, bool) { v, ok := tests[1].env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	want := groupmem.Prices{ChatInput: 2.5, ChatOutput: 10, EmbedInput: 0.02}
	if got := stackConfig(cfg, nil).Service.Prices; got != want {
		t.Errorf("the worker's prices %+v, want %+v", got, want)
	}
}

// groupmem usage prints the costliest groups of the window first (a
// purged group's usage as "(purged)"), and the total of every group; a
// window it cannot read is refused before
// anything is opened.
func TestUsageCommand(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.db")
	l, err := sqlite.Open(ctx, sqlite.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []struct {
		group string
		cost  groupmem.Cost
	}{{"team-a", 0.5 * groupmem.CostUnit}, {"team-b", 2.25 * groupmem.CostUnit}, {"team-a", 0.25 * groupmem.CostUnit}, {"team-c", 0}} {
		run, err := l.BeginRun(ctx, groupmem.BeginRunParams{GroupID: u.group, Trigger: groupmem.TriggerCron})
		if err != nil {
			t.Fatal(err)
		}
		run.Status, run.Tokens = groupmem.RunNoop, groupmem.Tokens{Prompt: 1000, Completion: 100, Calls: 1, Cost: u.cost}
		if err := l.FinishRun(ctx, run); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.PurgeGroup(ctx, "team-b", "test"); err != nil { // its usage stays, as "(purged)"
		t.Fatal(err)
	}
	l.Close()
	env := map[string]string{"GROUPMEM_SQLITE_PATH": path}
	out, _, err := runCmd(t, env, "usage", "-since", "30d", "-top", "2")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 || !strings.HasSuffix(lines[2], "  (purged)") || !strings.HasSuffix(lines[3], "team-a") ||
		!strings.HasPrefix(strings.TrimSpace(lines[3]), "0.7500") || !strings.HasSuffix(lines[4], "all groups") ||
		!strings.HasPrefix(strings.TrimSpace(lines[4]), "3.0000") || !strings.Contains(lines[4], "4000") {
		t.Errorf("usage printed:\n%s\nwant the purged team-b, then team-a at 0.75, then all four runs at 3.00", out)
	}
	for _, args := range [][]string{{"-since", "0d"}, {"-since", "401d"}, {"-since", "last week"}, {"-until", "2026-13-01"},
		{"-since", "2026-11-30", "-until", "2026-11-01"}, {"-top", "0"}} {
		if _, _, err := runCmd(t, env, append([]string{"usage"}, args...)...); err == nil {
			t.Errorf("usage %v: no error", args)
		}
	}
}

func TestUsageWindow(t *testing.T) {
	now := time.Date(2026, 11, 27, 23, 59, 0, 0, time.FixedZone("", -3*3600)) // 2026-11-28 UTC
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	for _, tt := range []struct {
		since, until string
		want         [2]time.Time
	}{
		{"30d", "", [2]time.Time{day("2026-10-30"), day("2026-11-28")}},
		{"1d", "2026-11-01", [2]time.Time{day("2026-11-01"), day("2026-11-01")}},
		{"2026-11-01", "", [2]time.Time{day("2026-11-01"), day("2026-11-28")}},
	} {
		q, err := usageWindow(tt.since, tt.until, now)
		if err != nil || !q.Since.Equal(tt.want[0]) || !q.Until.Equal(tt.want[1]) {
			t.Errorf("usageWindow(%q, %q) = %v..%v, %v; want %v", tt.since, tt.until, q.Since, q.Until, err, tt.want)
		}
	}
}
