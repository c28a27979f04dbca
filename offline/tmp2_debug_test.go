package offline

import (
	"fmt"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

func TestTmpAnswers(t *testing.T) {
	f, _ := New(Config{}, nil)
	at := time.Date(2027, 1, 4, 20, 0, 0, 0, time.UTC)
	mk := func(id, who, text string, min int) *item {
		return &item{msg: groupmem.Message{ID: id, SenderID: who, SenderName: who, Content: text, SentAt: at.Add(time.Duration(min) * time.Minute)}, fresh: true}
	}
	items := []*item{mk("1", "Ann", "Ben what's your little one's name again?", 0), mk("2", "Ben", "Ruby! the tornado of the family", 1)}
	names := senders(items)
	to := addressee(items[0].msg, names)
	asked, l := question(f.cfg.Languages, items[0].msg.Content, names[to])
	fmt.Printf("to=%q asked=%q l=%v\n", to, asked, l != nil)
	for _, c := range clauses(f.cfg.Languages, " what's your little one's name again?") {
		fmt.Printf("clause %q asks=%v\n", c, asks(f.cfg.Languages, c))
	}
	ds, _ := f.answers(items, nil, nil)
	for _, d := range ds {
		fmt.Println(d.statement)
	}
}

func TestTmpAsked(t *testing.T) {
	fmt.Println(enAsked("what's your little one's name again?"))
	f, _ := New(Config{}, nil)
	for _, l := range f.cfg.Languages {
		fmt.Println(l.Name, l.Asked != nil)
	}
}
