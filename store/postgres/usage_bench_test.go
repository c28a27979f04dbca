package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/postgres/pgtest"
	"github.com/groupmem/groupmem/store/storetest"
)

// BenchmarkUsage measures the usage queries on a Postgres ledger of
// 1,000,100 runs: 2,740 groups, one run a day each for a year (see
// storetest.BenchUsage); seeding takes a minute or two.
func BenchmarkUsage(b *testing.B) {
	l := pgtest.Open(b)
	storetest.BenchUsage(b, l, func(b *testing.B, groups, days int, last time.Time) time.Duration {
		start := time.Now()
		// Ten days a statement, within the statement timeout, the oldest
		// first, as runs end.
		for from := days - 1; from >= 0; from -= 10 {
			_, err := l.Pool().Exec(context.Background(), `INSERT INTO evolution_runs
				(id, group_id, trigger, status, fence, watermark, new_watermark, started_at, finished_at, tokens)
				SELECT gen_random_uuid(), 'g' || g, 'cron', 'succeeded', 1, 0, 0, t.at, t.at + interval '20 seconds',
					jsonb_build_object('prompt', 1000 + (g * 7 + d) % 500, 'completion', 100, 'calls', 1, 'cost', 0.001 * (1 + g % 10))
				FROM generate_series(greatest($4::int - 9, 0), least($4::int, $2::int - 1)) AS d, generate_series(0, $1::int - 1) AS g,
					LATERAL (SELECT $3::timestamptz - d * interval '1 day' + g * interval '1 second' AS at) AS t
				ORDER BY d DESC, g`,
				groups, days, last.Add(time.Hour), from)
			if err != nil {
				b.Fatal(err)
			}
		}
		if _, err := l.Pool().Exec(context.Background(), `VACUUM ANALYZE usage_days, usage_groups, usage_all_days`); err != nil {
			b.Fatal(err)
		}
		return time.Since(start)
	}, 2740, 365)
}

// BenchmarkUsageWrite measures what keeping usage adds to a run's end on
// Postgres (see storetest.BenchUsageWrite).
func BenchmarkUsageWrite(b *testing.B) {
	storetest.BenchUsageWrite(b, func(b *testing.B, now func() time.Time) groupmem.Ledger {
		return pgtest.OpenWith(b, pgtest.Options{Now: now})
	})
}
