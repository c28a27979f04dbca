package longchat

import (
	"crypto/sha256"
	"fmt"
	"testing"
)

func TestZZHashTmp(t *testing.T) {
	gs := Pairs(1)
	qs := PairQuestions(1)
	for _, g := range gs[:6] {
		h := sha256.New()
		h.Write(g.Transcript)
		fmt.Fprintf(h, "%v", g.Facts)
		for _, q := range qs {
			if q.Group == g.ID {
				fmt.Fprintf(h, "%v|%v|%v|%v\n", q.Text, q.Kind, q.Evidence, q.Answer)
			}
		}
		fmt.Printf("HASH %s %x\n", g.ID, h.Sum(nil))
	}
}
