package metrics

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/groupmem/groupmem"
)

// WatchNight exports the jobs of the latest nightly slot by state, as read
// returns them at every scrape: groupmem_night_jobs{status="pending" |
// "running" | "done" | "given_up"}, summed over every replica sharing the
// queue. read returns false while there is no slot to show; the metric is
// then absent. Call it once.
func (r *Registry) WatchNight(read func() (groupmem.JobCounts, bool)) {
	r.reg.MustRegister(&nightCollector{read: read, desc: prometheus.NewDesc(Namespace+"_night_jobs",
		"Jobs of the latest nightly slot by state (from the last progress reading).", []string{"status"}, nil)})
}

type nightCollector struct {
	read func() (groupmem.JobCounts, bool)
	desc *prometheus.Desc
}

func (c *nightCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *nightCollector) Collect(ch chan<- prometheus.Metric) {
	jobs, ok := c.read()
	if !ok {
		return
	}
	for status, n := range map[groupmem.JobStatus]int{groupmem.JobPending: jobs.Pending, groupmem.JobRunning: jobs.Running,
		groupmem.JobDone: jobs.Done, groupmem.JobGivenUp: jobs.GivenUp} {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(n), string(status))
	}
}
