package postgres_test

import (
	"context"
	"testing"
	"time"

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
		for from := 0; from < days; from += 10 { // ten days a statement, within the statement timeout
			_, err := l.Pool().Exec(context.Background(), `INSERT INTO evolution_runs
				(id, group_id, trigger, status, fence, watermark, new_watermark, started_at, finished_at, tokens)
				SELECT gen_random_uuid(), 'g' || g, 'cron', 'succeeded', 1, 0, 0, t.at, t.at + interval '20 seconds',
					jsonb_build_object('prompt', 1000 + (g * 7 + d) % 500, 'completion', 100, 'calls', 1, 'cost', 0.001 * (1 + g % 10))
				FROM generate_series($4::int, least($4::int + 9, $2::int - 1)) AS d, generate_series(0, $1::int - 1) AS g,
					LATERAL (SELECT $3::timestamptz - d * interval '1 day' + g * interval '1 second' AS at) AS t`,
				groups, days, last.Add(time.Hour), from)
			if err != nil {
				b.Fatal(err)
			}
		}
		if _, err := l.Pool().Exec(context.Background(), `VACUUM ANALYZE usage_days`); err != nil {
			b.Fatal(err)
		}
		return time.Since(start)
	}, 2740, 365)
}
