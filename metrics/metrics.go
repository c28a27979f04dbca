// Package metrics owns groupmem's Prometheus metrics: HTTP latency by route
// and status class, evolution runs by outcome and trigger, model tokens,
// the tokens, calls and cost of runs by model (usage_*), actions
// applied, repairs and drops of model output, lock contention and
// the outbox lag. Everything is registered on a Registry of its own, never
// on Prometheus's global registry, so that several Registries (one per test)
// can live in one process.
//
// A *Registry is a worker.Observer: pass it as worker.Deps.Observer and it
// hears about every finished run and every busy lock. No metric carries a
// group id, message text or key name as a label, so the metrics reveal
// nothing about any group's data and their cardinality stays bounded.
package metrics

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/groupmem/groupmem"
)

// Namespace prefixes every metric name.
const Namespace = "groupmem"

// OutboxLagger reports the outbox lag; groupmem.Ledger is one.
type OutboxLagger interface {
	// OutboxLag returns the number of pending outbox entries and the age of
	// the oldest one.
	OutboxLag(ctx context.Context) (int, time.Duration, error)
}

// lagTimeout bounds the ledger query made at each scrape.
const lagTimeout = 2 * time.Second

// Registry holds every groupmem collector. It is safe for concurrent use.
type Registry struct {
	reg         *prometheus.Registry
	httpLatency *prometheus.HistogramVec
	runs        *prometheus.CounterVec
	runDuration *prometheus.HistogramVec
	tokens      *prometheus.CounterVec
	actions     *prometheus.CounterVec
	repairs     prometheus.Counter
	drops       prometheus.Counter
	lockBusy    prometheus.Counter
	usage       usageCounters
}

// New returns a Registry with every collector registered, the Go runtime
// and process collectors included. When lag is not nil, the outbox lag is
// read from it at every scrape (groupmem_outbox_pending,
// groupmem_outbox_oldest_age_seconds and groupmem_outbox_lag_up, which is
// 0 when the ledger could not be asked).
func New(lag OutboxLagger) *Registry {
	r := &Registry{
		reg: prometheus.NewRegistry(),
		httpLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Subsystem: "http", Name: "request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route pattern and status class.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10, 60},
		}, []string{"route", "code"}),
		runs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "runs_total",
			Help: "Finished evolution runs, by outcome (status) and trigger.",
		}, []string{"status", "trigger"}),
		runDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Name: "run_duration_seconds",
			Help:    "Wall time of finished evolution runs, by outcome.",
			Buckets: []float64{.01, .05, .1, .5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600},
		}, []string{"status"}),
		tokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "model_tokens_total",
			Help: "Tokens the model reported using, by kind (prompt, completion).",
		}, []string{"kind"}),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "actions_applied_total",
			Help: "Actions of succeeded runs, by kind (keep, update, create, delete).",
		}, []string{"action"}),
		repairs: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: Namespace, Name: "model_lines_repaired_total",
			Help: "Lines of model output that needed repair before they parsed.",
		}),
		drops: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: Namespace, Name: "model_actions_dropped_total",
			Help: "Lines or actions of model output that were not applied.",
		}),
		lockBusy: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: Namespace, Name: "lock_busy_total",
			Help: "Runs that could not start because another worker held the group.",
		}),
	}
	r.usage = newUsageCounters()
	r.reg.MustRegister(r.httpLatency, r.runs, r.runDuration, r.tokens, r.actions, r.repairs, r.drops, r.lockBusy,
		r.usage.tokens, r.usage.calls, r.usage.cost,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if lag != nil {
		r.reg.MustRegister(newOutboxCollector(lag))
	}
	return r
}

// Gatherer exposes the registry, for tests and for other exposition paths.
func (r *Registry) Gatherer() prometheus.Gatherer { return r.reg }

// Handler serves the metrics in the Prometheus exposition format. A
// collector that fails is left out of the answer rather than failing the
// scrape.
func (r *Registry) Handler() http.Handler {
	return promhttp.HandlerFor(r.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}

// ObserveHTTP records one answered request: route is the pattern that
// matched (or a fixed name such as "unmatched"), status the HTTP status.
func (r *Registry) ObserveHTTP(route string, status int, d time.Duration) {
	r.httpLatency.WithLabelValues(route, statusClass(status)).Observe(d.Seconds())
}

// statusClass returns "2xx", "4xx", ... for a status code.
func statusClass(status int) string {
	if status < 100 || status > 599 {
		return "other"
	}
	return strconv.Itoa(status/100) + "xx"
}

// RunFinished implements worker.Observer: it counts the run by status and
// trigger, its tokens, the repairs and drops of its report, its duration
// when known, and the actions of a succeeded run.
func (r *Registry) RunFinished(run groupmem.Run) {
	status := knownOr(string(run.Status), "other", string(groupmem.RunRunning), string(groupmem.RunSucceeded),
		string(groupmem.RunNoop), string(groupmem.RunFailed), string(groupmem.RunReview), string(groupmem.RunDryRun))
	trigger := knownOr(run.Trigger, "other", groupmem.TriggerCron, groupmem.TriggerManual, groupmem.TriggerCLI, groupmem.TriggerAdmin)
	r.runs.WithLabelValues(status, trigger).Inc()
	r.tokens.WithLabelValues("prompt").Add(float64(max(run.Tokens.Prompt, 0)))
	r.tokens.WithLabelValues("completion").Add(float64(max(run.Tokens.Completion, 0)))
	r.usage.add(run)
	r.repairs.Add(float64(max(run.Report.Repaired, 0)))
	r.drops.Add(float64(groupmem.Total(run.Report.Drops)))
	if !run.StartedAt.IsZero() && run.FinishedAt.After(run.StartedAt) {
		r.runDuration.WithLabelValues(status).Observe(run.FinishedAt.Sub(run.StartedAt).Seconds())
	}
	if run.Status != groupmem.RunSucceeded {
		return
	}
	for action, n := range map[groupmem.ActionKind]int{
		groupmem.ActionKeep: run.Stats.Kept, groupmem.ActionUpdate: run.Stats.Updated,
		groupmem.ActionCreate: run.Stats.Created, groupmem.ActionDelete: run.Stats.Deleted,
	} {
		r.actions.WithLabelValues(string(action)).Add(float64(max(n, 0)))
	}
}

// LockBusy implements worker.Observer: it counts one busy lock. The group
// is not recorded, to keep the metric's cardinality bounded.
func (r *Registry) LockBusy(string) { r.lockBusy.Inc() }

// knownOr returns v when it is one of known, and other otherwise, so that
// unexpected values cannot grow a label's cardinality.
func knownOr(v, other string, known ...string) string {
	for _, k := range known {
		if v == k {
			return v
		}
	}
	return other
}

// outboxCollector reads the outbox lag from the ledger at scrape time.
type outboxCollector struct {
	lag     OutboxLagger
	pending *prometheus.Desc
	age     *prometheus.Desc
	up      *prometheus.Desc
}

func newOutboxCollector(lag OutboxLagger) *outboxCollector {
	return &outboxCollector{
		lag: lag,
		pending: prometheus.NewDesc(Namespace+"_outbox_pending",
			"Committed changes not yet projected into the search index.", nil, nil),
		age: prometheus.NewDesc(Namespace+"_outbox_oldest_age_seconds",
			"Age of the oldest pending outbox entry; 0 when none is pending.", nil, nil),
		up: prometheus.NewDesc(Namespace+"_outbox_lag_up",
			"1 when the outbox lag could be read from the ledger at this scrape, 0 otherwise.", nil, nil),
	}
}

// Describe implements prometheus.Collector.
func (c *outboxCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.pending
	ch <- c.age
	ch <- c.up
}

// Collect implements prometheus.Collector. When the ledger cannot be
// asked, only groupmem_outbox_lag_up is reported, as 0.
func (c *outboxCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), lagTimeout)
	defer cancel()
	n, age, err := c.lag.OutboxLag(ctx)
	if err != nil {
		ch <- prometheus.MustNewConstMetric(c.up, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(c.up, prometheus.GaugeValue, 1)
	ch <- prometheus.MustNewConstMetric(c.pending, prometheus.GaugeValue, float64(n))
	ch <- prometheus.MustNewConstMetric(c.age, prometheus.GaugeValue, age.Seconds())
}
