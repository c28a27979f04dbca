package metrics_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/metrics"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
	"github.com/groupmem/groupmem/worker"
)

var _ worker.Observer = (*metrics.Registry)(nil)

// value returns the value of the metric name with exactly the labels
// given, and whether it exists. Histograms give their sample count.
func value(t *testing.T, r *metrics.Registry, name string, labels map[string]string) (float64, bool) {
	t.Helper()
	fams, err := r.Gatherer().Gather()
	if err != nil {
		t.Fatalf("gather: %v", err)
	}
	for _, f := range fams {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			if !sameLabels(m.GetLabel(), labels) {
				continue
			}
			switch {
			case m.Counter != nil:
				return m.GetCounter().GetValue(), true
			case m.Gauge != nil:
				return m.GetGauge().GetValue(), true
			case m.Histogram != nil:
				return float64(m.GetHistogram().GetSampleCount()), true
			}
		}
	}
	return 0, false
}

func sameLabels(got []*dto.LabelPair, want map[string]string) bool {
	if len(got) != len(want) {
		return false
	}
	for _, l := range got {
		if want[l.GetName()] != l.GetValue() {
			return false
		}
	}
	return true
}

func wantValue(t *testing.T, r *metrics.Registry, name string, labels map[string]string, want float64) {
	t.Helper()
	got, ok := value(t, r, name, labels)
	if !ok || got != want {
		t.Errorf("%s%v = %v (present %v), want %v", name, labels, got, ok, want)
	}
}

func TestRunsAndLocks(t *testing.T) {
	r := metrics.New(nil)
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r.RunFinished(groupmem.Run{Status: groupmem.RunSucceeded, Trigger: groupmem.TriggerCron,
		Stats:     groupmem.Stats{Kept: 3, Updated: 2, Created: 1},
		Tokens:    groupmem.Tokens{Prompt: 1000, Completion: 200},
		Report:    groupmem.Report{Repaired: 2, Drops: map[string]int{"unknown_id": 2, "truncated": 1}},
		StartedAt: start, FinishedAt: start.Add(3 * time.Second)})
	r.RunFinished(groupmem.Run{Status: groupmem.RunFailed, Trigger: groupmem.TriggerManual,
		Stats: groupmem.Stats{Created: 5}, Tokens: groupmem.Tokens{Prompt: 10}})
	r.RunFinished(groupmem.Run{Status: "exploded", Trigger: "g-123"})
	r.LockBusy("g1")
	r.LockBusy("g2")

	wantValue(t, r, "groupmem_runs_total", map[string]string{"status": "succeeded", "trigger": "cron"}, 1)
	wantValue(t, r, "groupmem_runs_total", map[string]string{"status": "failed", "trigger": "manual"}, 1)
	wantValue(t, r, "groupmem_runs_total", map[string]string{"status": "other", "trigger": "other"}, 1)
	wantValue(t, r, "groupmem_model_tokens_total", map[string]string{"kind": "prompt"}, 1010)
	wantValue(t, r, "groupmem_model_tokens_total", map[string]string{"kind": "completion"}, 200)
	// Only a succeeded run applies its actions.
	wantValue(t, r, "groupmem_actions_applied_total", map[string]string{"action": "create"}, 1)
	wantValue(t, r, "groupmem_actions_applied_total", map[string]string{"action": "update"}, 2)
	wantValue(t, r, "groupmem_actions_applied_total", map[string]string{"action": "keep"}, 3)
	wantValue(t, r, "groupmem_actions_applied_total", map[string]string{"action": "delete"}, 0)
	wantValue(t, r, "groupmem_model_lines_repaired_total", nil, 2)
	wantValue(t, r, "groupmem_model_actions_dropped_total", nil, 3)
	wantValue(t, r, "groupmem_lock_busy_total", nil, 2)
	wantValue(t, r, "groupmem_run_duration_seconds", map[string]string{"status": "succeeded"}, 1)
	if _, ok := value(t, r, "groupmem_run_duration_seconds", map[string]string{"status": "failed"}); ok {
		t.Error("a run without timing was timed")
	}
}

// A run's usage counts by its model, its embedding tokens by the
// embeddings model once the assembly names it.
func TestUsageByModel(t *testing.T) {
	r := metrics.New(nil)
	run := groupmem.Run{Status: groupmem.RunSucceeded, Trigger: groupmem.TriggerCron, Model: "chat-1",
		Tokens: groupmem.Tokens{Prompt: 100, Completion: 10, Embedding: 40, Calls: 1, Cost: 0.5 * groupmem.CostUnit}}
	r.RunFinished(run)
	r.SetEmbeddingsModel("embed-1")
	r.RunFinished(run)
	wantValue(t, r, "groupmem_usage_tokens_total", map[string]string{"model": "chat-1", "kind": "prompt"}, 200)
	wantValue(t, r, "groupmem_usage_tokens_total", map[string]string{"model": "chat-1", "kind": "embedding"}, 40)
	wantValue(t, r, "groupmem_usage_tokens_total", map[string]string{"model": "embed-1", "kind": "embedding"}, 40)
	wantValue(t, r, "groupmem_usage_calls_total", map[string]string{"model": "chat-1"}, 2)
	wantValue(t, r, "groupmem_usage_cost_total", map[string]string{"model": "chat-1"}, 1)
}

func TestHTTP(t *testing.T) {
	r := metrics.New(nil)
	r.ObserveHTTP("GET /memory/list/{group_id}", 200, time.Millisecond)
	r.ObserveHTTP("GET /memory/list/{group_id}", 204, time.Millisecond)
	r.ObserveHTTP("GET /memory/list/{group_id}", 404, time.Millisecond)
	r.ObserveHTTP("unmatched", 999, time.Millisecond)
	wantValue(t, r, "groupmem_http_request_duration_seconds", map[string]string{"route": "GET /memory/list/{group_id}", "code": "2xx"}, 2)
	wantValue(t, r, "groupmem_http_request_duration_seconds", map[string]string{"route": "GET /memory/list/{group_id}", "code": "4xx"}, 1)
	wantValue(t, r, "groupmem_http_request_duration_seconds", map[string]string{"route": "unmatched", "code": "other"}, 1)

	// Registries are independent: nothing is global.
	other := metrics.New(nil)
	if _, ok := value(t, other, "groupmem_http_request_duration_seconds", map[string]string{"route": "unmatched", "code": "other"}); ok {
		t.Error("a new registry sees another's samples")
	}
}

func TestOutboxLag(t *testing.T) {
	l := pgtest.Open(t)
	r := metrics.New(l)
	wantValue(t, r, "groupmem_outbox_pending", nil, 0)
	wantValue(t, r, "groupmem_outbox_oldest_age_seconds", nil, 0)
	wantValue(t, r, "groupmem_outbox_lag_up", nil, 1)

	storetest.Commit(t, l, storetest.CreatePlan(storetest.Begin(t, l, "g1"), "likes tea", "likes coffee"))
	wantValue(t, r, "groupmem_outbox_pending", nil, 2)
	if age, _ := value(t, r, "groupmem_outbox_oldest_age_seconds", nil); age < 0 || age > 60 {
		t.Errorf("oldest age = %v", age)
	}

	srv := httptest.NewServer(r.Handler())
	defer srv.Close()
	body := scrape(t, srv.URL)
	for _, line := range []string{"groupmem_outbox_pending 2\n", "groupmem_outbox_lag_up 1\n", "go_goroutines "} {
		if !strings.Contains(body, line) {
			t.Errorf("scrape lacks %q", line)
		}
	}

	// A ledger that cannot answer: the scrape still succeeds and says so.
	l.Close()
	body = scrape(t, srv.URL)
	if !strings.Contains(body, "groupmem_outbox_lag_up 0\n") || strings.Contains(body, "groupmem_outbox_pending ") {
		t.Errorf("scrape with the ledger closed:\n%s", grep(body, "outbox"))
	}
}

func scrape(t *testing.T, url string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("scrape = %d\n%s", res.StatusCode, b)
	}
	return string(b)
}

func grep(s, sub string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if strings.Contains(line, sub) {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
