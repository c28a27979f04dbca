package llmfuse

import (
	"cmp"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/prompts"
)

// Defaults of Config.
const (
	DefaultMaxAnswerBytes = 2 << 20
	DefaultMaxObjectBytes = 8 << 10
)

// Config tunes the model-driven evolver: the prompt it renders and how it
// reads an answer. The zero value of every field means its default. The
// passes themselves (their budget, asking again, splitting, validation,
// the deletion guard) are evolve.Config's, given to the run.
type Config struct {
	// Lang is the prompt language, prompts.LangZH or prompts.LangEN;
	// "" means prompts.DefaultLang. The run should budget its passes in
	// the same language (evolve.Config.Lang).
	Lang string
	// Location is the zone in which the prompt shows dates and times; nil
	// means UTC.
	Location *time.Location
	// MaxAnswerBytes is the most of one answer that Parse reads (default
	// 2 MiB); the lines past it are dropped as too_long.
	MaxAnswerBytes int
	// MaxObjectBytes is the longest object of an answer that Parse decodes
	// or repairs (default 8 KiB); a longer one is dropped as too_long.
	MaxObjectBytes int
}

// withDefaults returns c with every zero field set to its default, or
// EINVALID naming the setting for a value out of range.
func (c Config) withDefaults() (Config, error) {
	c.Lang = cmp.Or(c.Lang, prompts.DefaultLang)
	if c.Location == nil {
		c.Location = time.UTC
	}
	c.MaxAnswerBytes = cmp.Or(c.MaxAnswerBytes, DefaultMaxAnswerBytes)
	c.MaxObjectBytes = cmp.Or(c.MaxObjectBytes, DefaultMaxObjectBytes)
	switch {
	case prompts.Version(c.Lang) == "":
		return c, groupmem.Errorf(groupmem.EINVALID, "llmfuse Lang %q is not supported", groupmem.Truncate(c.Lang, 20))
	case c.MaxAnswerBytes < 1 || c.MaxObjectBytes < 64:
		return c, groupmem.Errorf(groupmem.EINVALID, "llmfuse MaxAnswerBytes must be positive and MaxObjectBytes at least 64, got %d and %d", c.MaxAnswerBytes, c.MaxObjectBytes)
	}
	return c, nil
}
