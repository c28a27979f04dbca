package prompts

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// chatLines are typical group-chat lines; sizeFixture cycles through them.
var chatLines = []string{
	"这周五还看新番吗",
	"看！我只追科幻的，其他的没兴趣",
	"有没有人用过新出的那个前端框架，性能到底怎么样",
	"我们组上周刚迁过去，构建速度快了不少，就是文档还不太全",
	"哈哈哈哈",
	"周末有人一起打羽毛球吗？老地方，下午三点",
	"+1",
	"今天的番剧更新了，第七集的作画有点崩",
	"I pushed the fix to the shared repo, can someone review it tonight?",
	"新人报到，做后端的，请多关照",
	"别在群里聊政治啊，群规第一条",
	"明天早上的会改到十点了，大家注意一下",
}

var memoryStatements = []string{
	"每周五晚上一起讨论新番动漫，偏好科幻题材",
	"多数成员从事前端开发，常讨论框架和构建工具",
	"群规禁止讨论政治话题",
	"周末常约羽毛球，地点固定",
	"小王负责整理每周的番剧更新列表",
	"成员对新人友好，鼓励提问",
}

// sizeFixture builds nm memories and nmsg messages as the ledger stores
// them: UUIDs, RFC 3339 times, evidence, every field.
func sizeFixture(nm, nmsg int) ([]groupmem.Memory, []groupmem.Message) {
	base := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	msgs := make([]groupmem.Message, nmsg)
	for i := range msgs {
		msgs[i] = groupmem.Message{
			GroupID:    "group_test_001",
			ID:         fmt.Sprintf("msg_%08d", 7100000+i),
			Seq:        int64(100000 + i),
			SenderID:   fmt.Sprintf("u_%06d", 1000+i%17),
			SenderName: []string{"小王", "阿杰", "Lily", "老张", "momo"}[i%5],
			Content:    chatLines[i%len(chatLines)],
			SentAt:     base.Add(time.Duration(i) * 3 * time.Minute),
		}
	}
	mems := make([]groupmem.Memory, nm)
	for i := range mems {
		id := groupmem.NewID()
		mems[i] = groupmem.Memory{
			ID:            id,
			LineageID:     groupmem.NewID(),
			GroupID:       "group_test_001",
			Statement:     memoryStatements[i%len(memoryStatements)],
			Version:       1 + i%4,
			ParentID:      groupmem.NewID(),
			Status:        groupmem.StatusActive,
			Tags:          []string{"习惯"},
			Strength:      0.8,
			ChangeSummary: "多位成员在讨论中提到",
			Evidence:      []string{msgs[i%nmsg].ID, msgs[(i+7)%nmsg].ID, msgs[(i+13)%nmsg].ID},
			RunID:         groupmem.NewID(),
			CreatedAt:     base.Add(-time.Duration(i+30) * 24 * time.Hour),
			UpdatedAt:     base.Add(-time.Duration(i+1) * 24 * time.Hour),
		}
	}
	return mems, msgs
}

// fixtureInput is what the evolver would render for mems and msgs.
func fixtureInput(mems []groupmem.Memory, msgs []groupmem.Message) Input {
	in := Input{Lang: LangZH, GroupID: "group_test_001", Now: time.Date(2026, 11, 21, 3, 0, 0, 0, time.UTC)}
	for i, m := range mems {
		in.Memories = append(in.Memories, Memory{Alias: fmt.Sprintf("M%d", i+1), Statement: m.Statement, Version: m.Version, UpdatedAt: m.UpdatedAt})
	}
	for i, m := range msgs {
		in.Messages = append(in.Messages, Message{Ref: fmt.Sprintf("m%d", i+1), Sender: m.SenderName, SentAt: m.SentAt, Text: m.Content})
	}
	return in
}

// promptSizes returns the estimated tokens of our prompt (system + user)
// and of a naive prompt: the same system text followed by a JSON dump of
// the stored structs.
func promptSizes(tb testing.TB, mems []groupmem.Memory, msgs []groupmem.Message) (ours, naive int) {
	tb.Helper()
	sys, usr, err := Render(fixtureInput(mems, msgs))
	if err != nil {
		tb.Fatal(err)
	}
	dump, err := json.Marshal(struct {
		ExistingMemories []groupmem.Memory
		NewMessages      []groupmem.Message
	}{mems, msgs})
	if err != nil {
		tb.Fatal(err)
	}
	return EstimateTokens(sys) + EstimateTokens(usr), EstimateTokens(sys) + EstimateTokens(string(dump))
}

func TestPromptSmallerThanJSONDump(t *testing.T) {
	mems, msgs := sizeFixture(50, 200)
	ours, naive := promptSizes(t, mems, msgs)
	t.Logf("prompt for 50 memories + 200 messages: ours %d tokens, naive JSON %d tokens (%.0f%%)", ours, naive, 100*float64(ours)/float64(naive))
	if float64(ours) > 0.6*float64(naive) {
		t.Errorf("our prompt costs %d tokens, more than 60%% of the naive JSON prompt's %d", ours, naive)
	}
}

func BenchmarkRender(b *testing.B) {
	mems, msgs := sizeFixture(50, 200)
	ours, naive := promptSizes(b, mems, msgs)
	in := fixtureInput(mems, msgs)
	for b.Loop() {
		if _, _, err := Render(in); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(ours), "tokens/prompt")
	b.ReportMetric(float64(naive), "tokens/naive")
}
