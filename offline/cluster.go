package offline

import (
	"math"
	"slices"
	"time"

	"github.com/groupmem/groupmem"
)

// item is one message that says something, ready to cluster.
type item struct {
	msg   groupmem.Message
	vec   sparse   // the unit vector of its features
	day   string   // the local date it was sent on, 2006-01-02
	fresh bool     // among the run's new messages
	words []string // tokens of its features, each once
}

// sparse is a unit vector given by its non-zero entries.
type sparse struct {
	idx []int32
	val []float32
}

func toSparse(v []float32) sparse {
	var s sparse
	for i, x := range v {
		if x != 0 {
			s.idx = append(s.idx, int32(i))
			s.val = append(s.val, x)
		}
	}
	return s
}

func (s sparse) zero() bool { return len(s.idx) == 0 }

// dotSparse returns the dot product of two sparse vectors.
func (s sparse) dotSparse(o sparse) float64 {
	var sum float64
	for a, b := 0, 0; a < len(s.idx) && b < len(o.idx); {
		switch {
		case s.idx[a] == o.idx[b]:
			sum += float64(s.val[a]) * float64(o.val[b])
			a++
			b++
		case s.idx[a] < o.idx[b]:
			a++
		default:
			b++
		}
	}
	return sum
}

// cluster is a group of messages about one thing, seeded by a memory or
// started by a message. Its centroid is the sum of its members' vectors
// (the memory's statement counting as one member), kept sparse; similarity
// to it is the cosine with that sum.
type cluster struct {
	mem   *groupmem.Memory // the memory it stands for; nil for a candidate
	seed  sparse           // the memory's statement vector
	sum   centroid
	norm  float64 // of sum
	items []*item // in the order they joined
}

// centroid is a sparse sum of vectors: the value of dimension dims[k] is
// vals[k], and slot finds k.
type centroid struct {
	slot map[int32]int32
	dims []int32
	vals []float64
}

// at returns the value of dimension d.
func (s *centroid) at(d int32) float64 {
	if k, ok := s.slot[d]; ok {
		return s.vals[k]
	}
	return 0
}

// add adds x to dimension d and says whether d was new.
func (s *centroid) add(d int32, x float64) (k int32, fresh bool) {
	k, ok := s.slot[d]
	if !ok {
		k = int32(len(s.dims))
		s.slot[d] = k
		s.dims = append(s.dims, d)
		s.vals = append(s.vals, 0)
	}
	s.vals[k] += x
	return k, !ok
}

func newCluster(mem *groupmem.Memory, seed sparse) *cluster {
	c := &cluster{mem: mem, seed: seed, sum: centroid{slot: map[int32]int32{}}}
	c.addVec(seed)
	return c
}

func (c *cluster) add(it *item) {
	c.items = append(c.items, it)
	c.addVec(it.vec)
}

func (c *cluster) addVec(v sparse) {
	for k, i := range v.idx {
		c.sum.add(i, float64(v.val[k]))
	}
	c.renorm()
}

func (c *cluster) renorm() {
	var n float64
	for _, x := range c.sum.vals {
		n += x * x
	}
	c.norm = math.Sqrt(n)
}

// cosine returns the cosine of v (a unit vector) with the centroid.
func (c *cluster) cosine(v sparse) float64 {
	if c.norm == 0 {
		return 0
	}
	var dot float64
	for k, i := range v.idx {
		dot += float64(v.val[k]) * c.sum.at(i)
	}
	return dot / c.norm
}

// absorb moves every member of o into c.
func (c *cluster) absorb(o *cluster) {
	c.items = append(c.items, o.items...)
	for k, i := range o.sum.dims {
		c.sum.add(i, o.sum.vals[k])
	}
	c.renorm()
}

// similarity returns the cosine of two clusters' centroids.
func (c *cluster) similarity(o *cluster) float64 {
	if c.norm == 0 || o.norm == 0 {
		return 0
	}
	a, b := &c.sum, &o.sum
	if len(b.dims) < len(a.dims) {
		a, b = b, a
	}
	var dot float64
	for k, i := range a.dims {
		dot += a.vals[k] * b.at(i)
	}
	return dot / (c.norm * o.norm)
}

// focus reweights the vectors of items and seeds by how many items of the
// window share each dimension (its document frequency df): a feature no
// other message has (df 1) can never tie a message to another, so it only
// dilutes similarities and weighs uniqueWeight; one most messages have
// (over a fifth) says little and is weighed down by sqrt(N/5/df). Vectors
// are scaled back to length 1.
func focus(items []*item, seeds []sparse) {
	const uniqueWeight = 0.35
	df := map[int32]int{}
	for _, it := range items {
		for _, i := range it.vec.idx {
			df[i]++
		}
	}
	common := max(2, float64(len(items))/5)
	weigh := func(v sparse) sparse {
		var out sparse
		var norm float64
		for k, i := range v.idx {
			n := df[i]
			w := float64(v.val[k])
			if n < 2 {
				w *= uniqueWeight
			} else if float64(n) > common {
				w *= math.Sqrt(common / float64(n))
			}
			out.idx = append(out.idx, i)
			out.val = append(out.val, float32(w))
			norm += w * w
		}
		if norm == 0 {
			return sparse{}
		}
		norm = math.Sqrt(norm)
		for k := range out.val {
			out.val[k] = float32(float64(out.val[k]) / norm)
		}
		return out
	}
	for _, it := range items {
		it.vec = weigh(it.vec)
	}
	for i := range seeds {
		seeds[i] = weigh(seeds[i])
	}
}

// clusterParams are the thresholds of clusterItems.
type clusterParams struct {
	assign float64 // a message joins the most similar cluster at or above this cosine
	merge  float64 // two clusters whose centroids reach this cosine become one
}

// clusterItems groups items, in the order given, by online centroid
// clustering. Each memory starts a cluster seeded with its statement's
// vector (seeds[i] for mems[i]); a message the memory cites as evidence
// joins it directly. Every other message joins the cluster whose centroid
// is most similar, if that similarity reaches p.assign, and starts a new
// cluster otherwise. Then clusters whose centroids reach p.merge are
// merged; two memories are never merged (that is a decision for the
// near-duplicate rule), and single messages are left as they are. Memory
// clusters come first in the result, in the order of mems.
func clusterItems(items []*item, mems []groupmem.Memory, seeds []sparse, p clusterParams) []*cluster {
	x := &clusterIndex{postings: map[int32][]posting{}}
	cites := map[string]int{}
	for i := range mems {
		x.add(newCluster(&mems[i], sparse{}), seeds[i], nil)
		for _, id := range mems[i].Evidence {
			if _, ok := cites[id]; !ok {
				cites[id] = i
			}
		}
	}
	for _, it := range items {
		if ci, ok := cites[it.msg.ID]; ok {
			x.add(x.clusters[ci], it.vec, it)
			continue
		}
		if ci := x.nearest(it.vec, p.assign); ci >= 0 {
			x.add(x.clusters[ci], it.vec, it)
			continue
		}
		x.add(newCluster(nil, sparse{}), it.vec, it)
	}
	return mergeClusters(x.clusters, len(mems), p.merge)
}

// clusterIndex finds the cluster nearest to a vector without comparing it
// with every cluster: postings list, for each dimension, the clusters
// whose centroid has it.
type clusterIndex struct {
	clusters []*cluster
	pos      map[*cluster]int
	postings map[int32][]posting
	acc      []float64 // scratch: dot product per cluster
	touched  []int
}

// posting is a cluster whose centroid has a dimension, and the slot of
// that dimension in it.
type posting struct {
	cluster, slot int32
}

// add adds v (and it, unless nil) to c, which joins the index if new.
func (x *clusterIndex) add(c *cluster, v sparse, it *item) {
	if x.pos == nil {
		x.pos = map[*cluster]int{}
	}
	ci, ok := x.pos[c]
	if !ok {
		ci = len(x.clusters)
		x.pos[c] = ci
		x.clusters = append(x.clusters, c)
		x.acc = append(x.acc, 0)
		if c.mem != nil && c.seed.zero() {
			c.seed = v
		}
	}
	if it != nil {
		c.items = append(c.items, it)
	}
	for k, d := range v.idx {
		if slot, fresh := c.sum.add(d, float64(v.val[k])); fresh {
			x.postings[d] = append(x.postings[d], posting{int32(ci), slot})
		}
	}
	c.renorm()
}

// nearest returns the index of the cluster whose centroid is most similar
// to v (the earliest on a tie) if that similarity reaches threshold, and
// -1 otherwise.
func (x *clusterIndex) nearest(v sparse, threshold float64) int {
	for k, d := range v.idx {
		w := float64(v.val[k])
		for _, p := range x.postings[d] {
			if x.acc[p.cluster] == 0 {
				x.touched = append(x.touched, int(p.cluster))
			}
			x.acc[p.cluster] += w * x.clusters[p.cluster].sum.vals[p.slot]
		}
	}
	best, bestSim := -1, threshold
	for _, ci := range x.touched {
		c := x.clusters[ci]
		if s := x.acc[ci] / c.norm; c.norm > 0 && (s > bestSim || s == bestSim && (best < 0 || ci < best)) {
			best, bestSim = ci, s
		}
		x.acc[ci] = 0
	}
	x.touched = x.touched[:0]
	return best
}

// mergeClusters merges, until none is left, every pair of clusters (not
// both memories, neither a single message) whose centroids reach
// threshold; a candidate merges into a memory, a later candidate into an
// earlier one.
func mergeClusters(clusters []*cluster, memories int, threshold float64) []*cluster {
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(clusters); i++ {
			if clusters[i].mem == nil && len(clusters[i].items) < 2 {
				continue
			}
			for j := max(i+1, memories); j < len(clusters); j++ {
				if len(clusters[j].items) < 2 || clusters[i].similarity(clusters[j]) < threshold {
					continue
				}
				clusters[i].absorb(clusters[j])
				clusters = append(clusters[:j], clusters[j+1:]...)
				j--
				merged = true
			}
		}
	}
	return clusters
}

// support is how much a cluster's messages back it.
type support struct {
	messages int
	days     int // distinct local dates
	members  int // distinct senders
	fresh    int // messages among the run's new ones
	first    time.Time
	last     time.Time
	dayList  []string // its distinct local dates, in order
}

func supportOf(items []*item) support {
	var s support
	days, members := map[string]bool{}, map[string]bool{}
	for _, it := range items {
		s.messages++
		days[it.day] = true
		members[sender(it.msg)] = true
		if it.fresh {
			s.fresh++
		}
		if s.first.IsZero() || it.msg.SentAt.Before(s.first) {
			s.first = it.msg.SentAt
		}
		if it.msg.SentAt.After(s.last) {
			s.last = it.msg.SentAt
		}
	}
	s.days, s.members = len(days), len(members)
	for d := range days {
		s.dayList = append(s.dayList, d)
	}
	slices.Sort(s.dayList)
	return s
}

func sender(m groupmem.Message) string {
	if m.SenderID != "" {
		return m.SenderID
	}
	return m.SenderName
}

// core returns the word most of a cluster's messages share (the earliest
// seen on a tie) and the messages that have it: the theme that holds the
// cluster together, as opposed to words that chain one pair of messages
// to another. A word of some language's TimeWords ("day") is the core
// only when the messages share no other word.
func core(ls []Language, items []*item) (string, []*item) {
	count := map[string]int{}
	var order []string
	for _, it := range items {
		for _, w := range it.words {
			if count[w] == 0 {
				order = append(order, w)
			}
			count[w]++
		}
	}
	timeWord := func(w string) bool { return isTimeWord(ls, w) }
	best := ""
	for _, w := range order {
		if best == "" || count[w] > count[best] && (!timeWord(w) || timeWord(best)) || timeWord(best) && !timeWord(w) && count[w] > 1 {
			best = w
		}
	}
	var out []*item
	for _, it := range items {
		if slices.Contains(it.words, best) {
			out = append(out, it)
		}
	}
	return best, out
}

// isTimeWord reports whether w is a word of some language's TimeWords.
func isTimeWord(ls []Language, w string) bool {
	return slices.ContainsFunc(ls, func(l Language) bool { return slices.Contains(l.TimeWords, w) })
}
