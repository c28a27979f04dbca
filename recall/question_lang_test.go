package recall

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// toy is a made-up language: adding it to a Reader is adding a value, with
// no change to the reading.
type toy struct{}

func (toy) Words() Words {
	return Words{
		Numbers:     map[string]int{"un": 1, "du": 2, "tri": 3},
		Units:       map[string]Unit{"zog": Day, "wek": Week, "mun": Month},
		Periods:     map[string]Period{"hodie": {0, Day, 0}, "heri": {-1, Day, 0}},
		Shifts:      map[string]int{"pra": -1, "nek": 1},
		Months:      map[string]time.Month{"florim": time.May, "sol": time.June},
		Guarded:     []string{"sol"}, // also "sun"
		DayMarks:    []string{"dia"},
		Weekdays:    map[string]time.Weekday{"frydo": time.Friday},
		Ago:         []string{"blen"},
		Bounds:      map[string]Bound{"ante": {}, "poz": {After: true, Follows: true}},
		Context:     []string{"en"},
		Every:       []string{"omni"},
		Future:      []string{"vol"},
		LookAlikes:  []string{"frydo bar"},
		CommonWords: []string{"zorg"},
	}
}

func TestReaderToyLanguage(t *testing.T) {
	r := NewReader(toy{})
	zorg := Member{ID: "u-zorg", Names: []string{"Zorg"}}
	for _, c := range []struct {
		q            string
		since, until string
		senders      []string
	}{
		{"heri", "2026-11-24", "2026-11-25", nil},
		{"du zog blen", "2026-11-23", "2026-11-24", nil},
		{"pra wek", "2026-11-16", "2026-11-23", nil},
		{"nek mun", "2026-12-01", "2027-01-01", nil},
		{"frydo", "2026-11-20", "2026-11-21", nil},
		{"vol frydo", "2026-11-27", "2026-11-28", nil},
		{"pra frydo", "2026-11-20", "2026-11-21", nil},
		{"omni frydo", "", "", nil},
		{"frydo bar", "", "", nil},
		{"florim 3", "2026-05-03", "2026-05-04", nil},
		{"ante florim 3", "", "2026-05-03", nil},
		{"pra wek poz", "2026-11-23", "", nil},
		{"3 dia", "2026-11-03", "2026-11-04", nil},
		{"sol", "", "", nil},
		{"en sol", "2026-06-01", "2026-07-01", nil},
		{"Zorg heri", "2026-11-24", "2026-11-25", []string{"u-zorg"}},
		{"zorg heri", "2026-11-24", "2026-11-25", nil},
		// Words of other languages are not read.
		{"yesterday", "", "", nil},
		{"昨天", "", "", nil},
	} {
		got := r.Read(c.q, asked, cst, []Member{zorg})
		want := Question{Text: c.q, Since: at(t, c.since), Until: at(t, c.until), Senders: c.senders}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("toy Read(%q) mismatch (-want +got):\n%s", c.q, diff)
		}
	}
}

// A question may mix the languages of its Reader.
func TestReaderMixedLanguages(t *testing.T) {
	r := NewReader(English, toy{})
	got := r.Read("between heri and today", asked, cst, nil)
	if want := at(t, "2026-11-24"); !got.Since.Equal(want) {
		t.Errorf("Since = %v, want %v", got.Since, want)
	}
	if want := at(t, "2026-11-26"); !got.Until.Equal(want) {
		t.Errorf("Until = %v, want %v", got.Until, want)
	}
}

// Read reads English and Chinese, as a Reader of both does.
func TestReadIsEnglishAndChinese(t *testing.T) {
	r := NewReader(English, Chinese)
	for _, c := range append(append([]windowCase{}, englishWindows...), chineseWindows...) {
		if diff := cmp.Diff(r.Read(c.q, asked, cst, everyone), Read(c.q, asked, cst, everyone)); diff != "" {
			t.Errorf("Read(%q) differs from a Reader of English and Chinese:\n%s", c.q, diff)
		}
	}
}
