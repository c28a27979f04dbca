// Command longchat writes the long-chat retrieval evaluation set of one
// seed to a directory, so that a person can read it: one transcript per
// group (<group>.txt) and questions.tsv (group, split, kind, question,
// evidence ids comma-separated, answer; tab-separated). It prints one line
// per group: messages, nights, members, tokens and questions by kind.
//
//	go run ./internal/tools/longchat -seed 1 -o /tmp/longchat
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/groupmem/groupmem/demo"
	"github.com/groupmem/groupmem/internal/longchat"
	"github.com/groupmem/groupmem/prompts"
)

func main() {
	seed := flag.Int64("seed", 1, "the seed of the set")
	dir := flag.String("o", "", "the directory to write the set to (required)")
	flag.Parse()
	if err := run(*seed, *dir, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "longchat:", err)
		os.Exit(1)
	}
}

func run(seed int64, dir string, w io.Writer) error {
	if dir == "" {
		return fmt.Errorf("-o is required: the directory to write the set to")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	set := longchat.Generate(seed)
	kinds := map[string]map[string]int{}
	var tsv bytes.Buffer
	tsv.WriteString("# group\tsplit\tkind\tquestion\tevidence\tanswer\n")
	split := map[string]string{}
	for _, g := range set.Groups {
		split[g.ID] = g.Split
	}
	for _, q := range set.Questions {
		if kinds[q.Group] == nil {
			kinds[q.Group] = map[string]int{}
		}
		kinds[q.Group][q.Kind]++
		fmt.Fprintf(&tsv, "%s\t%s\t%s\t%s\t%s\t%s\n", q.Group, split[q.Group], q.Kind, q.Text, strings.Join(q.Evidence, ","), q.Answer)
	}
	if err := os.WriteFile(filepath.Join(dir, "questions.tsv"), tsv.Bytes(), 0o644); err != nil {
		return err
	}
	for _, g := range set.Groups {
		if err := os.WriteFile(filepath.Join(dir, g.ID+".txt"), g.Transcript, 0o644); err != nil {
			return err
		}
		c, err := demo.ParseChat(bytes.NewReader(g.Transcript))
		if err != nil {
			return fmt.Errorf("%s: %w", g.ID, err)
		}
		msgs, tokens := c.Messages(), 0
		for _, m := range msgs {
			tokens += prompts.EstimateTokens(m.Content)
		}
		k := kinds[g.ID]
		fmt.Fprintf(w, "%-17s %-5s %-5s %4d messages %2d nights %d members %6d tokens | questions %2d: single %d multihop %d temporal %d who %d paraphrase %d updated %d\n",
			g.ID, g.Lang, g.Split, len(msgs), len(c.Days), len(c.Members), tokens,
			k["single"]+k["multihop"]+k["temporal"]+k["who"]+k["paraphrase"]+k["updated"],
			k["single"], k["multihop"], k["temporal"], k["who"], k["paraphrase"], k["updated"])
	}
	return nil
}
