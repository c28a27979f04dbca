package offline

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

func TestTmpDebug(t *testing.T) {
	f, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	fh, err := os.Open(os.Getenv("MISSED"))
	if err != nil {
		t.Skip()
	}
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		kind, rest, _ := strings.Cut(sc.Text(), "\t")
		i := strings.Index(rest, ": ")
		j := strings.LastIndex(rest[:i], " ")
		name, txt := rest[j+1:i], rest[i+2:]
		m := groupmem.Message{ID: "m1", SenderName: name, SenderID: name, Content: txt, SentAt: time.Date(2026, 5, 6, 20, 0, 0, 0, time.UTC)}
		k, from, to, ok := factAt(f.cfg.Languages, txt)
		st := ""
		if ok {
			said := m
			said.Content = txt[from:to]
			st = f.subject(f.ownStatement(said), m)
		}
		fmt.Printf("%-14s %-8v %q\n    <- %s\n", kind, k.name, st, txt)
	}
}
