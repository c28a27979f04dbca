package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// ModelRate is what the model's rate limiter counted since the process
// started (llm.LimiterStats has the same figures).
type ModelRate struct {
	Calls        int64         // requests admitted
	Tokens       int64         // tokens charged to the rate budget
	Throttled    int64         // answers with status 429
	BudgetWaits  int64         // admissions that waited for the budget
	BudgetWaited time.Duration // total time spent waiting for the budget
	Concurrency  int           // calls allowed in flight now
	InFlight     int           // calls in flight now
}

// WatchModelRate exports the figures read returns, read at every scrape:
// groupmem_model_calls_total, groupmem_model_budget_tokens_total (their
// rate is the tokens per minute), groupmem_model_throttled_total (429s),
// groupmem_model_budget_waits_total, groupmem_model_budget_wait_seconds_total,
// groupmem_model_concurrency and groupmem_model_in_flight. Call it once.
func (r *Registry) WatchModelRate(read func() ModelRate) {
	counter := func(name, help string, v func(ModelRate) float64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: Namespace, Name: name, Help: help},
			func() float64 { return v(read()) })
	}
	gauge := func(name, help string, v func(ModelRate) float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: Namespace, Name: name, Help: help},
			func() float64 { return v(read()) })
	}
	r.reg.MustRegister(
		counter("model_calls_total", "Model requests admitted by the rate budget.", func(m ModelRate) float64 { return float64(m.Calls) }),
		counter("model_budget_tokens_total", "Tokens charged to the model's rate budget (prompt estimate + completion cap per call).", func(m ModelRate) float64 { return float64(m.Tokens) }),
		counter("model_throttled_total", "Model answers with status 429.", func(m ModelRate) float64 { return float64(m.Throttled) }),
		counter("model_budget_waits_total", "Model requests that waited for the rate budget.", func(m ModelRate) float64 { return float64(m.BudgetWaits) }),
		counter("model_budget_wait_seconds_total", "Time model requests spent waiting for the rate budget.", func(m ModelRate) float64 { return m.BudgetWaited.Seconds() }),
		gauge("model_concurrency", "Model calls allowed in flight now (adapts to 429s and latency).", func(m ModelRate) float64 { return float64(m.Concurrency) }),
		gauge("model_in_flight", "Model calls in flight now.", func(m ModelRate) float64 { return float64(m.InFlight) }),
	)
}
