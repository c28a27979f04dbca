package offline

import (
	"fmt"
	"testing"
)

func TestTmpRw(t *testing.T) {
	ls := DefaultLanguages()
	st := statementOf(ls, "Hot take: Hilary Mantel is the best writer there is, fight me")
	fmt.Printf("%q\n", st)
	for _, c := range clauses(ls, st) {
		l := language(ls, c)
		fmt.Printf("%q fit=%v\n", c, l.fit(c))
		for n, re := range map[string]interface{ MatchString(string) bool }{"2p": l.SecondPerson, "q": l.Question, "gr": l.Greeting, "so": l.SignOff, "re": l.Reaction, "ph": l.Photo, "fp": l.FirstPerson, "bv": l.BareVerb} {
			if re.MatchString(c) {
				fmt.Println("  ", n)
			}
		}
	}
}
