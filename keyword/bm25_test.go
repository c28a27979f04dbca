package keyword

import (
	"fmt"
	"testing"
)

func TestSearchRanksByBM25(t *testing.T) {
	x := NewIndex()
	x.Add("m1", "周会改到星期五晚上八点")
	x.Add("m2", "今天中午吃什么")
	x.Add("m3", "The weekly meeting moved to Friday evening")
	x.Add("m4", "Friday Friday Friday, finally")
	x.Add("m5", "周末去爬山吗")

	got := x.Search("周会是星期几", 5, nil)
	if len(got) == 0 || got[0].ID != "m1" {
		t.Fatalf("周会是星期几 = %v, want m1 first", got)
	}
	for _, s := range got {
		if s.ID == "m2" {
			t.Errorf("an unrelated line matched: %v", got)
		}
	}
	got = x.Search("when is the weekly meeting?", 5, nil)
	if len(got) != 1 || got[0].ID != "m3" {
		t.Errorf("weekly meeting = %v, want m3 only", got)
	}
	// A rare term outweighs a frequent one.
	got = x.Search("friday evening", 5, nil)
	if len(got) < 2 || got[0].ID != "m3" {
		t.Errorf("friday evening = %v, want m3 first", got)
	}
	if got := x.Search("friday", 5, func(id string) bool { return id != "m4" }); len(got) != 1 || got[0].ID != "m3" {
		t.Errorf("friday without m4 = %v", got)
	}
	x.Add("m3", "nothing to see")
	x.Remove("m4")
	if got := x.Search("friday", 5, nil); len(got) != 0 || x.Len() != 4 {
		t.Errorf("after replace and remove: %v, %d docs", got, x.Len())
	}
	if got := x.Search("!!!", 5, nil); got != nil {
		t.Errorf("a query without terms matched %v", got)
	}
}

func BenchmarkSearch100k(b *testing.B) {
	x := NewIndex()
	words := []string{"周会", "星期五", "羽毛球", "deploy", "redis", "前端", "后端", "晚上", "meeting", "coffee", "猫", "周末", "爬山", "review"}
	for i := range 100_000 {
		x.Add(fmt.Sprint(i), fmt.Sprintf("%s %s %s 第%d条", words[i%len(words)], words[(i*7)%len(words)], words[(i*13)%len(words)], i))
	}
	b.ResetTimer()
	for b.Loop() {
		x.Search("周末去爬山还是打羽毛球", 10, nil)
	}
}
