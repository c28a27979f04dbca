package metrics

import (
	"cmp"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/groupmem/groupmem"
)

// maxModelLabel bounds the length of a model label.
const maxModelLabel = 64

// usageCounters count what finished runs used, by the run's model: its
// tokens by kind, its model calls and its cost (groupmem.Tokens); its
// embedding tokens by the embeddings model (embedModel), when it is
// known. The model label takes the few values the configuration names,
// so its cardinality stays bounded; a run of no model counts as "none".
type usageCounters struct {
	tokens     *prometheus.CounterVec
	calls      *prometheus.CounterVec
	cost       *prometheus.CounterVec
	embedModel string
}

func newUsageCounters() usageCounters {
	return usageCounters{
		tokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "usage_tokens_total",
			Help: "Tokens finished runs used, by the run's model and kind (prompt, completion, embedding).",
		}, []string{"model", "kind"}),
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "usage_calls_total",
			Help: "Model calls of finished runs, by the run's model.",
		}, []string{"model"}),
		cost: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "usage_cost_total",
			Help: "What finished runs cost at the prices configured when they ended, by the run's model.",
		}, []string{"model"}),
	}
}

// add counts the usage of one finished run; a run that used nothing adds
// no series.
func (c usageCounters) add(run groupmem.Run) {
	t := run.Tokens
	model := groupmem.Truncate(cmp.Or(run.Model, "none"), maxModelLabel)
	for kind, n := range map[string]int{"prompt": t.Prompt, "completion": t.Completion, "embedding": t.Embedding} {
		if n <= 0 {
			continue
		}
		if kind == "embedding" && c.embedModel != "" {
			c.tokens.WithLabelValues(c.embedModel, kind).Add(float64(n))
			continue
		}
		c.tokens.WithLabelValues(model, kind).Add(float64(n))
	}
	if t.Calls > 0 {
		c.calls.WithLabelValues(model).Add(float64(t.Calls))
	}
	if t.Cost > 0 {
		c.cost.WithLabelValues(model).Add(t.Cost.Float64())
	}
}

// SetEmbeddingsModel labels the embedding tokens of the runs that finish
// from now on with the embeddings model, rather than with the run's chat
// model. The assembly calls it once, before any run, when the embeddings
// come from a service that names its model.
func (r *Registry) SetEmbeddingsModel(model string) {
	r.usage.embedModel = groupmem.Truncate(model, maxModelLabel)
}
