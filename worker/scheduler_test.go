package worker_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/worker"
)

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// The schedule yields the expected slots for a fixed "now" in the
// configured zone, across daylight-saving changes, and a late tick
// belongs to the slot it fired for.
func TestSchedulerSlots(t *testing.T) {
	shanghai, newYork := mustZone(t, "Asia/Shanghai"), mustZone(t, "America/New_York")
	tests := []struct {
		name       string
		cfg        worker.SchedulerConfig
		now        time.Time
		wantNext   []time.Time // the next slots after now, in order
		lateTick   time.Time   // a tick firing at this time...
		lateSlotIs time.Time   // ...belongs to this slot
	}{
		{
			name: "default: 03:00 UTC",
			cfg:  worker.SchedulerConfig{},
			now:  time.Date(2026, 11, 2, 3, 0, 0, 0, time.UTC),
			wantNext: []time.Time{
				time.Date(2026, 11, 3, 3, 0, 0, 0, time.UTC),
				time.Date(2026, 11, 4, 3, 0, 0, 0, time.UTC),
			},
			lateTick:   time.Date(2026, 11, 2, 3, 0, 0, 400e6, time.UTC),
			lateSlotIs: time.Date(2026, 11, 2, 3, 0, 0, 0, time.UTC),
		},
		{
			name: "03:00 in Shanghai is 19:00 UTC the day before",
			cfg:  worker.SchedulerConfig{TimeZone: "Asia/Shanghai"},
			now:  time.Date(2026, 11, 1, 20, 0, 0, 0, time.UTC), // 04:00 on the 2nd in Shanghai
			wantNext: []time.Time{
				time.Date(2026, 11, 3, 3, 0, 0, 0, shanghai),
				time.Date(2026, 11, 4, 3, 0, 0, 0, shanghai),
			},
			lateTick:   time.Date(2026, 11, 2, 18, 59, 0, 0, time.UTC), // 02:59 on the 3rd
			lateSlotIs: time.Date(2026, 11, 2, 3, 0, 0, 0, shanghai),
		},
		{
			name: "New York across the end of daylight saving time",
			cfg:  worker.SchedulerConfig{TimeZone: "America/New_York"},
			now:  time.Date(2026, 10, 30, 12, 0, 0, 0, time.UTC),
			wantNext: []time.Time{
				time.Date(2026, 10, 31, 7, 0, 0, 0, time.UTC), // 03:00 EDT
				time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC),  // 03:00 EST
				time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC),
			},
			lateTick:   time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC),
			lateSlotIs: time.Date(2026, 11, 1, 3, 0, 0, 0, newYork),
		},
		{
			name: "weekdays at 02:30 skip the weekend",
			cfg:  worker.SchedulerConfig{Spec: "30 2 * * 1-5"},
			now:  time.Date(2026, 11, 6, 12, 0, 0, 0, time.UTC), // a Friday
			wantNext: []time.Time{
				time.Date(2026, 11, 9, 2, 30, 0, 0, time.UTC), // Monday
				time.Date(2026, 11, 10, 2, 30, 0, 0, time.UTC),
			},
			lateTick:   time.Date(2026, 11, 8, 23, 0, 0, 0, time.UTC), // Sunday night
			lateSlotIs: time.Date(2026, 11, 6, 2, 30, 0, 0, time.UTC),
		},
		{
			name: "CRON_TZ in the spec overrides the zone",
			cfg:  worker.SchedulerConfig{Spec: "CRON_TZ=Asia/Shanghai 0 3 * * *", TimeZone: "America/New_York"},
			now:  time.Date(2026, 11, 1, 20, 0, 0, 0, time.UTC),
			wantNext: []time.Time{
				time.Date(2026, 11, 3, 3, 0, 0, 0, shanghai),
			},
			lateTick:   time.Date(2026, 11, 1, 20, 0, 0, 0, time.UTC),
			lateSlotIs: time.Date(2026, 11, 2, 3, 0, 0, 0, shanghai),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.Now = func() time.Time { return tt.now }
			s, err := worker.NewScheduler(nil, nil, tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			var got []time.Time
			for at := tt.now; len(got) < len(tt.wantNext); {
				at = s.Next(at)
				got = append(got, at)
			}
			if diff := cmp.Diff(tt.wantNext, got); diff != "" {
				t.Errorf("next slots after %s (-want +got):\n%s", tt.now, diff)
			}
			if slot := s.Slot(tt.lateTick); !slot.Equal(tt.lateSlotIs) {
				t.Errorf("a tick at %s belongs to slot %s, want %s", tt.lateTick, slot, tt.lateSlotIs)
			}
		})
	}
}

// Bad settings are refused with an error naming the setting.
func TestSchedulerRejectsBadSettings(t *testing.T) {
	tests := []struct {
		cfg     worker.SchedulerConfig
		setting string
	}{
		{worker.SchedulerConfig{Spec: "at three"}, "Spec"},
		{worker.SchedulerConfig{Spec: "0 3 * *"}, "Spec"},
		{worker.SchedulerConfig{Spec: "0 0 30 2 *"}, "Spec"}, // February 30th never comes
		{worker.SchedulerConfig{TimeZone: "Mars/Olympus_Mons"}, "TimeZone"},
		{worker.SchedulerConfig{MinMessages: -1}, "MinMessages"},
	}
	for _, tt := range tests {
		_, err := worker.NewScheduler(nil, nil, tt.cfg)
		if groupmem.ErrorCode(err) != groupmem.EINVALID || !strings.Contains(groupmem.ErrorMessage(err), tt.setting) {
			t.Errorf("NewScheduler(%+v) = %v; want %s naming %s", tt.cfg, err, groupmem.EINVALID, tt.setting)
		}
	}
}

// A tick enqueues the groups with at least MinMessages new messages; the
// same slot ticked again, by this or another replica, adds nothing.
func TestSchedulerTick(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	addMessages(t, s.ledger, "a", 3, "a", "c")
	addMessages(t, s.ledger, "b", 1, "b")
	addMessages(t, s.ledger, "x", 1, "c") // c: 4
	sch, err := worker.NewScheduler(s.ledger, s.log, worker.SchedulerConfig{MinMessages: 3, Page: 1})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := sch.Tick(ctx, slot1); n != 2 || err != nil {
		t.Fatalf("Tick = %d, %v; want 2", n, err)
	}
	if n, err := sch.Tick(ctx, slot1); n != 0 || err != nil {
		t.Fatalf("second Tick of the slot = %d, %v; want 0", n, err)
	}
	jobs, err := s.ledger.Jobs(ctx, slot1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, j := range jobs {
		got = append(got, j.GroupID)
	}
	if diff := cmp.Diff([]string{"a", "c"}, got); diff != "" {
		t.Fatalf("jobs of the slot (-want +got):\n%s", diff)
	}
}

// slotRecorder passes a real queue through and reports the slot of each
// enqueue.
type slotRecorder struct {
	groupmem.Queue
	slots chan time.Time
}

func (r slotRecorder) EnqueueJobs(ctx context.Context, slot time.Time, groups []string) (int, error) {
	r.slots <- slot
	return r.Queue.EnqueueJobs(ctx, slot, groups)
}

// Started, the cron schedule calls Tick with the slot it fired for; after
// Stop it fires no more.
func TestSchedulerFiresOnSchedule(t *testing.T) {
	ctx := context.Background()
	s := newStores(t)
	addMessages(t, s.ledger, "a", 1, "g")
	q := slotRecorder{Queue: s.ledger, slots: make(chan time.Time, 10)}
	sch, err := worker.NewScheduler(q, s.log, worker.SchedulerConfig{Spec: "@every 1s"})
	if err != nil {
		t.Fatal(err)
	}
	sch.Start(ctx)
	var slot time.Time
	select {
	case slot = <-q.slots:
	case <-time.After(5 * time.Second):
		t.Fatal("the schedule did not fire within 5s")
	}
	if err := sch.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if now := time.Now(); slot.Nanosecond() != 0 || slot.After(now) || now.Sub(slot) > 2*time.Second {
		t.Fatalf("fired for slot %s at %s", slot, now)
	}
	if j := jobOf(t, s.ledger, slot, "g"); j.Status != groupmem.JobPending {
		t.Fatalf("job of the fired slot: %+v", j)
	}
	for len(q.slots) > 0 { // a second tick may have raced Stop
		<-q.slots
	}
	select {
	case slot := <-q.slots:
		t.Fatalf("fired for %s after Stop", slot)
	case <-time.After(1200 * time.Millisecond):
	}
}
