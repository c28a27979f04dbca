package sqlite_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/store/storetest"
)

// BenchmarkUsage measures the usage queries on a SQLite ledger of
// 1,000,100 runs: 2,740 groups, one run a day each for a year (see
// storetest.BenchUsage); seeding takes a minute or two.
func BenchmarkUsage(b *testing.B) {
	path := filepath.Join(b.TempDir(), "ledger.db")
	l := openAt(b, path, nil)
	storetest.BenchUsage(b, l, func(b *testing.B, groups, days int, last time.Time) time.Duration {
		start := time.Now()
		db, err := sql.Open("sqlite", path)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		// The oldest first, as runs end.
		_, err = db.ExecContext(context.Background(), `INSERT INTO evolution_runs
			(id, group_id, trigger, status, fence, watermark, new_watermark, started_at, finished_at, tokens)
			WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n + 1 < ?2),
				g(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM g WHERE n + 1 < ?1)
			SELECT lower(hex(randomblob(16))), 'g' || g.n, 'cron', 'succeeded', 1, 0, 0,
				?3 - d.n * 86400000000000 + g.n * 1000000000, ?3 - d.n * 86400000000000 + g.n * 1000000000 + 20000000000,
				json_object('prompt', 1000 + (g.n * 7 + d.n) % 500, 'completion', 100, 'calls', 1, 'cost', 0.001 * (1 + g.n % 10))
			FROM d, g ORDER BY d.n DESC, g.n`, groups, days, last.Add(time.Hour).UnixNano())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := db.ExecContext(context.Background(), `ANALYZE`); err != nil {
			b.Fatal(err)
		}
		return time.Since(start)
	}, 2740, 365)
}

// BenchmarkUsageWrite measures what keeping usage adds to a run's end on
// SQLite (see storetest.BenchUsageWrite).
func BenchmarkUsageWrite(b *testing.B) {
	storetest.BenchUsageWrite(b, func(b *testing.B, now func() time.Time) groupmem.Ledger {
		return openAt(b, filepath.Join(b.TempDir(), "ledger.db"), now)
	})
}
