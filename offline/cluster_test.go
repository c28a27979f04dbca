package offline

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed"
)

// testItems embeds each text as a message of its own, sent by senders[i %
// len] on day i/2 of September 2026.
func testItems(t *testing.T, texts []string, senders ...string) []*item {
	t.Helper()
	emb, err := embed.NewHashing(DefaultDim)
	if err != nil {
		t.Fatal(err)
	}
	var out []*item
	for i, text := range texts {
		at := time.Date(2026, 9, 1+i/2, 20, i, 0, 0, time.UTC)
		m := groupmem.Message{GroupID: "g", ID: fmt.Sprintf("m%d", i+1), Seq: int64(i + 1),
			SenderID: senders[i%len(senders)], Content: text, SentAt: at}
		out = append(out, &item{msg: m, vec: sparseOf(t, emb, features(DefaultLanguages(), text)), day: at.Format(time.DateOnly)})
	}
	return out
}

func sparseOf(t *testing.T, emb *embed.Hashing, text string) sparse {
	t.Helper()
	return toSparse(emb.Vector(text))
}

// groups returns, for each cluster, the ids of its messages; clusters of
// one message are left out.
func groups(cs []*cluster) [][]string {
	var out [][]string
	for _, c := range cs {
		if len(c.items) < 2 && c.mem == nil {
			continue
		}
		var ids []string
		for _, it := range c.items {
			ids = append(ids, it.msg.ID)
		}
		slices.Sort(ids)
		out = append(out, ids)
	}
	return out
}

func TestClusterSeparatesTopics(t *testing.T) {
	texts := []string{
		"今晚新番谁一起看",                          // m1 anime
		"Code review at 4pm, push your PRs", // m2 review
		"明天上午十点羽毛球，场地订好了",                   // m3 badminton
		"新番开播了，弹幕走起",                        // m4 anime
		"joining the code review call now",  // m5 review
		"羽毛球打完了，腿废了",                        // m6 badminton
		"这周的新番作画太顶了",                        // m7 anime
		"Code review done, two PRs merged",  // m8 review
		"明天羽毛球还是十点",                         // m9 badminton
		"周末去看了奥本海默，三个小时",                    // m10 one-off
	}
	items := testItems(t, texts, "a", "b", "c")
	focus(items, nil)
	cs := clusterItems(items, nil, nil, clusterParams{assign: DefaultAssignThreshold, merge: DefaultMergeThreshold})
	want := [][]string{{"m1", "m4", "m7"}, {"m2", "m5", "m8"}, {"m3", "m6", "m9"}}
	if diff := cmp.Diff(want, groups(cs)); diff != "" {
		t.Errorf("clusters (-want +got):\n%s", diff)
	}
}

func TestClusterMemorySeedsAndEvidence(t *testing.T) {
	emb, err := embed.NewHashing(DefaultDim)
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{
		"周会开始了，大家上语音",  // m1: about the memory
		"这周的新番作画太顶了",   // m2: unrelated, but cited by the memory
		"今晚九点语音周会，别忘了", // m3: about the memory
		"新番开播了，弹幕走起",   // m4: another topic
		"今晚新番谁一起看",     // m5
		"周会马上开始，九点语音",  // m6: about the memory
	}
	items := testItems(t, texts, "a", "b")
	mems := []groupmem.Memory{
		{ID: "k1", Statement: "每周三晚上九点语音周会", Evidence: []string{"m2"}},
		{ID: "k2", Statement: "每周三晚上九点语音周会，记得上线"}, // a near twin: never merged with k1
	}
	seeds := []sparse{sparseOf(t, emb, features(DefaultLanguages(), mems[0].Statement)), sparseOf(t, emb, features(DefaultLanguages(), mems[1].Statement))}
	focus(items, seeds)
	cs := clusterItems(items, mems, seeds, clusterParams{assign: DefaultAssignThreshold, merge: DefaultMergeThreshold})
	if len(cs) < 2 || cs[0].mem != &mems[0] || cs[1].mem != &mems[1] {
		t.Fatalf("memory clusters do not come first in memory order")
	}
	got := groups(cs)
	memberOf := func(id string) int {
		for i, g := range got {
			if slices.Contains(g, id) {
				return i
			}
		}
		return -1
	}
	if memberOf("m2") != 0 {
		t.Errorf("the message the memory cites did not join it: %v", got)
	}
	for _, id := range []string{"m1", "m3", "m6"} {
		if k := memberOf(id); k != 0 && k != 1 {
			t.Errorf("%s (about the meeting) did not join a meeting memory: %v", id, got)
		}
	}
	if memberOf("m4") < 0 || memberOf("m4") != memberOf("m5") || memberOf("m4") == 1 {
		t.Errorf("the anime messages should stay together, away from the meeting: %v", got)
	}
}

func TestClusterMergesCandidatesThatConverge(t *testing.T) {
	vec := func(xs ...float32) sparse { return sparse{idx: []int32{0, 1, 2}[:len(xs)], val: xs} }
	cand := func(n int, v sparse) *cluster {
		c := newCluster(nil, sparse{})
		for range n {
			c.add(&item{vec: v})
		}
		return c
	}
	a, b := cand(2, vec(1, 0, 0)), cand(2, vec(0.994, 0.110, 0))
	single := cand(1, vec(1, 0, 0))
	far := cand(2, vec(0, 0, 1))
	memA := newCluster(&groupmem.Memory{ID: "x"}, vec(1, 0, 0))
	memB := newCluster(&groupmem.Memory{ID: "y"}, vec(1, 0, 0))
	got := mergeClusters([]*cluster{memA, memB, a, b, single, far}, 2, 0.9)
	if len(got) != 4 || got[0] != memA || got[1] != memB || got[2] != single || got[3] != far {
		t.Fatalf("merge left %d clusters; want the two memories (apart), the single message and the far cluster", len(got))
	}
	if len(memA.items) != 4 || len(memB.items) != 0 {
		t.Errorf("the candidates should merge into the first similar memory: %d and %d items", len(memA.items), len(memB.items))
	}
}

func TestSupport(t *testing.T) {
	items := testItems(t, []string{"a1", "b1", "a2", "b2", "c3"}, "alice", "bob")
	items[4].fresh = true
	s := supportOf(items)
	var days []string
	for _, it := range items {
		if !slices.Contains(days, it.day) {
			days = append(days, it.day)
		}
	}
	slices.Sort(days)
	want := support{messages: 5, days: 3, members: 2, fresh: 1, first: items[0].msg.SentAt, last: items[4].msg.SentAt, dayList: days}
	if diff := cmp.Diff(want, s, cmp.AllowUnexported(support{})); diff != "" {
		t.Errorf("support (-want +got):\n%s", diff)
	}
}

func TestVectorsEmbedEqualTextsOnce(t *testing.T) {
	emb := &countingEmbedder{dim: 8}
	f, err := New(Config{}, emb)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := f.vectors(context.Background(), []string{"x", "y", "x"})
	if err != nil {
		t.Fatal(err)
	}
	if emb.texts != 2 || len(vs) != 3 || vs[0].dotSparse(vs[2]) < 0.999 {
		t.Errorf("embedded %d texts for 3 (2 distinct), %d vectors", emb.texts, len(vs))
	}
}

type countingEmbedder struct {
	dim   int
	texts int
}

func (e *countingEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	e.texts += len(texts)
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, e.dim)
		v[len(t)%e.dim] = 2 // not unit length: the fuser scales it
		out[i] = v
	}
	return out, nil
}

func (e *countingEmbedder) Dimension() int { return e.dim }
