package groupmem_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/groupmem/groupmem"
)

func TestCleanText(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                "plain",
		"tab\tand\nnewline\r":  "tab\tand\nnewline\r",
		"nul\x00byte":          "nulbyte",
		"bell\x07 and esc\x1b": "bell and esc",
		"bad \xff\xfe utf8":    "bad \uFFFD\uFFFD utf8",
		"中文\x00消息":             "中文消息",
	} {
		if got := groupmem.CleanText(in); got != want {
			t.Errorf("CleanText(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzCleanText(f *testing.F) {
	f.Add("hello\x00\xff世界")
	f.Fuzz(func(t *testing.T, s string) {
		got := groupmem.CleanText(s)
		if !utf8.ValidString(got) || strings.ContainsRune(got, 0) {
			t.Fatalf("CleanText(%q) = %q: not valid UTF-8 or has NUL", s, got)
		}
		if groupmem.CleanText(got) != got {
			t.Fatalf("CleanText is not idempotent on %q", s)
		}
		if cut := groupmem.Truncate(got, 7); len(cut) > 7 || !utf8.ValidString(cut) {
			t.Fatalf("Truncate(%q, 7) = %q", got, cut)
		}
	})
}

func TestIDs(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		id := groupmem.NewID()
		if !groupmem.ValidID(id) || id[14] != '4' || seen[id] {
			t.Fatalf("NewID() = %q: not a fresh v4 UUID", id)
		}
		seen[id] = true
	}
	for _, bad := range []string{"", "x", "6F9619FF-8B86-D011-B42D-00C04FC964FF", "6f9619ff8b86d011b42d00c04fc964ff", "6f9619ff-8b86-d011-b42d-00c04fc964fg"} {
		if groupmem.ValidID(bad) || groupmem.ErrorCode(groupmem.CheckID(bad)) != groupmem.EINVALID {
			t.Errorf("%q accepted as an id", bad)
		}
	}
}

func TestCheckGroupID(t *testing.T) {
	for _, ok := range []string{"g1", "group_xxx", "群组-42", strings.Repeat("g", 255)} {
		if err := groupmem.CheckGroupID(ok); err != nil {
			t.Errorf("CheckGroupID(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"", " g", "g ", "a\x00b", "a\nb", "\xff", strings.Repeat("g", 256)} {
		if groupmem.ErrorCode(groupmem.CheckGroupID(bad)) != groupmem.EINVALID {
			t.Errorf("CheckGroupID(%q) accepted", bad)
		}
	}
}

func TestCleanStatement(t *testing.T) {
	if s, err := groupmem.CleanStatement("  likes\x00 tea  "); err != nil || s != "likes tea" {
		t.Fatalf("CleanStatement = %q, %v", s, err)
	}
	for _, bad := range []string{"", "   ", "\x00\x00", strings.Repeat("长", groupmem.MaxStatementRunes+1)} {
		if _, err := groupmem.CleanStatement(bad); groupmem.ErrorCode(err) != groupmem.EINVALID {
			t.Errorf("CleanStatement(%.20q) = %v, want EINVALID", bad, err)
		}
	}
}

func TestErrorHelpers(t *testing.T) {
	base := groupmem.Errorf(groupmem.ENOTFOUND, "memory %s not found", "x")
	wrapped := fmt.Errorf("load: %w", base)
	if groupmem.ErrorCode(wrapped) != groupmem.ENOTFOUND || groupmem.ErrorMessage(wrapped) != "memory x not found" {
		t.Fatalf("code/message through a wrap = %q / %q", groupmem.ErrorCode(wrapped), groupmem.ErrorMessage(wrapped))
	}
	plain := errors.New("driver exploded: password=secret")
	if groupmem.ErrorCode(plain) != groupmem.EINTERNAL || strings.Contains(groupmem.ErrorMessage(plain), "secret") {
		t.Fatal("an unknown error must be internal and must not leak its text")
	}
	if groupmem.ErrorCode(nil) != "" {
		t.Fatal("nil has a code")
	}
	cause := errors.New("cause")
	if !errors.Is(groupmem.WrapError(groupmem.EUNAVAILABLE, "down", cause), cause) {
		t.Fatal("WrapError hides its cause")
	}
}
