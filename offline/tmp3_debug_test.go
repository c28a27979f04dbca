package offline_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/demo"
	"github.com/groupmem/groupmem/internal/longchat"
)

func TestTmpTrace(t *testing.T) {
	want := os.Getenv("TRACE")
	if want == "" {
		t.Skip()
	}
	set := longchat.Generate(1)
	for _, g := range set.Groups {
		if !strings.Contains(string(g.Transcript), want) {
			continue
		}
		c, _ := demo.ParseChat(bytes.NewReader(g.Transcript))
		ctx := context.Background()
		env, _ := demo.Open(ctx, demo.Options{Chat: c, Now: func() time.Time { return g.AskedAt }})
		env.Replay(ctx, func(demo.Night) {})
		ch, _ := env.Ledger.Changes(ctx, groupmem.ChangeQuery{GroupID: g.ID, Limit: 100000})
		for _, x := range ch {
			if strings.Contains(x.NewStatement, want) || strings.Contains(x.OldStatement, want) {
				fmt.Printf("%s %s | %q -> %q | %s\n", g.ID, x.Action, x.OldStatement, x.NewStatement, x.Reason)
			}
		}
		env.Close()
	}
}
