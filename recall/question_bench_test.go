package recall

import (
	"fmt"
	"testing"
	"unicode/utf8"
)

// BenchmarkRead reads a question of about 100 characters, mixing English
// and Chinese, with 10 members of two names each.
func BenchmarkRead(b *testing.B) {
	q := "What did Ann and 老张 say about the trip between May 3 and May 10, before 小王 booked it last week?"
	if n := utf8.RuneCountInString(q); n < 90 || n > 110 {
		b.Fatalf("question of %d characters, want about 100", n)
	}
	members := []Member{
		{ID: "u-ann", Names: []string{"Ann", "Annie"}},
		{ID: "u-lz", Names: []string{"老张", "张伟"}},
		{ID: "u-xw", Names: []string{"小王", "王小明"}},
	}
	for i := len(members); i < 10; i++ {
		members = append(members, Member{ID: fmt.Sprintf("u-%d", i), Names: []string{fmt.Sprintf("Member%d", i), fmt.Sprintf("成员%d", i)}})
	}
	b.ReportAllocs()
	for b.Loop() {
		Read(q, asked, cst, members)
	}
}
