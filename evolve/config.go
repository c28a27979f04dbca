// Package evolve is an evolution run, with no I/O of its own: Fuse is the
// one pass loop every evolution goes through. It splits a group's new
// messages into passes within a budget (measured by the size of the
// prompt a model would be shown, package prompts), has a groupmem.Fuser
// answer each pass, validates every action against what the pass showed,
// asks a pass again whose answer held no valid action, splits one a token
// limit cut, carries the result from pass to pass, applies the deletion
// guard, and finally turns the result into the writes of a groupmem.Plan
// (new versions, transitions and change-log rows) that the worker commits.
// It knows no model: a Fuser that asks one renders the prompt and reads
// the answer itself (package llmfuse).
//
// An answer is untrusted input. Only memories shown in a pass can be
// touched, under the aliases the pass gave them; every line that is not
// applied is reported with a reason; a pass that would delete too much is
// refused as a whole so that a person can review it (the plan it would
// have made is kept for them: Fusion.Held).
//
// The worker runs it like this:
//
//	fusion, err := evolve.Fuse(ctx, fuser, cfg, evolve.Input{Run: run, Memories: active, Messages: msgs, Now: now})
//	// errors.Is(err, groupmem.ErrReview): held for a person, fusion.Held the plan held; any other error: the run fails
//	// otherwise: embed the new versions of fusion.Plan, commit fusion.Plan with the run's fence
//
// Inside, a state holds the run's memories; its batches, pass, apply and
// plan are the steps Fuse is made of.
package evolve

import (
	"cmp"
	"math"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/prompts"
)

// Defaults of Config.
const (
	DefaultMaxMemories     = 50
	DefaultMaxMessages     = 200
	DefaultMaxPromptTokens = 12000
	DefaultMaxDeleteShare  = 0.5
	DefaultMinDeleteGuard  = 4
	DefaultNearDuplicate   = 0.8
	DefaultStrength        = 0.5
	DefaultReasks          = 2
	DefaultMaxSplits       = 3
	DefaultMinLetters      = 4
)

// Config tunes an evolution. The zero value of every field means its
// default; WithDefaults applies and checks them.
type Config struct {
	// Lang is the language of the prompt the passes are budgeted by,
	// prompts.LangZH or prompts.LangEN; "" means prompts.DefaultLang. A
	// Fuser that renders the prompt should use the same (llmfuse.Config).
	Lang string
	// Location is the zone of the run's days and of the dates and times a
	// prompt shows; nil means UTC.
	Location *time.Location
	// MaxMemories is the most memories one pass shows (default 50). When a
	// group has more, a pass shows the highest-ranked ones (see state.pass)
	// and the others are kept untouched.
	MaxMemories int
	// MaxMessages is the most messages one pass shows (default 200).
	MaxMessages int
	// MaxPromptTokens bounds the estimated size (prompts.EstimateTokens) of
	// one pass's system and user prompt together (default 12000).
	MaxPromptTokens int
	// Whole makes one pass of the run that shows every memory and every
	// message, whatever their number and size, measuring nothing: for an
	// evolver that reads no prompt (package offline). MaxMemories,
	// MaxMessages and MaxPromptTokens are then ignored.
	Whole bool
	// MaxDeleteShare is the largest share of the memories shown in a pass
	// that the pass may delete, and of the group's memories that the whole
	// run may delete (default 0.5); beyond it the pass is refused with
	// groupmem.ErrReview. 1 turns the guard off.
	MaxDeleteShare float64
	// MinDeleteGuard is the number of deletions below which the guard never
	// applies (default 4), so a small group can lose one or two stale
	// memories.
	MinDeleteGuard int
	// NearDuplicate is the similarity (Dice coefficient of character
	// bigrams, in (0, 1]) at or above which a created statement counts as a
	// duplicate of an existing memory or of another create (default 0.8).
	// 1 treats only statements with the same bigrams as duplicates.
	NearDuplicate float64
	// MaxStatementRunes is the longest statement accepted from the model,
	// in characters (default and upper bound groupmem.MaxStatementRunes).
	// Longer statements are dropped, never cut.
	MaxStatementRunes int
	// DefaultStrength is the strength of a newly created memory, in (0, 1]
	// (default 0.5). Updates keep their parent's strength.
	DefaultStrength float64
	// Reasks is how many times a pass is asked again when the model's
	// answer holds no valid action (default 2; negative: never). After
	// that the run fails and its messages wait for the next run.
	Reasks int
	// MaxSplits is how many times a pass whose answer the token limit cut
	// is split in half and asked again (default 3; negative: never). A cut
	// answer is never applied.
	MaxSplits int
	// MinStatementLetters is the least content a statement must carry,
	// counting two for each Han, kana or Hangul character and one for any
	// other letter (default 4: two Han characters or four letters).
	MinStatementLetters int
}

// WithDefaults returns c with every zero field set to its default. It
// returns EINVALID, naming the setting, for a value out of range.
func (c Config) WithDefaults() (Config, error) {
	c.Lang = cmp.Or(c.Lang, prompts.DefaultLang)
	if c.Location == nil {
		c.Location = time.UTC
	}
	c.MaxMemories = cmp.Or(c.MaxMemories, DefaultMaxMemories)
	c.MaxMessages = cmp.Or(c.MaxMessages, DefaultMaxMessages)
	c.MaxPromptTokens = cmp.Or(c.MaxPromptTokens, DefaultMaxPromptTokens)
	if c.Whole {
		c.MaxMemories, c.MaxMessages, c.MaxPromptTokens = math.MaxInt32, math.MaxInt32, math.MaxInt32
	}
	c.MaxDeleteShare = cmp.Or(c.MaxDeleteShare, DefaultMaxDeleteShare)
	c.MinDeleteGuard = cmp.Or(c.MinDeleteGuard, DefaultMinDeleteGuard)
	c.NearDuplicate = cmp.Or(c.NearDuplicate, DefaultNearDuplicate)
	c.MaxStatementRunes = cmp.Or(c.MaxStatementRunes, groupmem.MaxStatementRunes)
	c.DefaultStrength = cmp.Or(c.DefaultStrength, DefaultStrength)
	// Negative stays negative ("never"), so that applying the defaults
	// twice gives what applying them once does.
	c.Reasks = cmp.Or(c.Reasks, DefaultReasks)
	c.MaxSplits = cmp.Or(c.MaxSplits, DefaultMaxSplits)
	c.MinStatementLetters = cmp.Or(c.MinStatementLetters, DefaultMinLetters)
	switch {
	case prompts.Version(c.Lang) == "":
		return c, groupmem.Errorf(groupmem.EINVALID, "evolve Lang %q is not supported", groupmem.Truncate(c.Lang, 20))
	case c.MaxMemories < 1:
		return c, groupmem.Errorf(groupmem.EINVALID, "evolve MaxMemories must be positive, got %d", c.MaxMemories)
	case c.MaxMessages < 1:
		return c, groupmem.Errorf(groupmem.EINVALID, "evolve MaxMessages must be positive, got %d", c.MaxMessages)
	case c.MaxPromptTokens < 1:
		return c, groupmem.Errorf(groupmem.EINVALID, "evolve MaxPromptTokens must be positive, got %d", c.MaxPromptTokens)
	case !(c.MaxDeleteShare > 0 && c.MaxDeleteShare <= 1):
		return c, groupmem.Errorf(groupmem.EINVALID, "evolve MaxDeleteShare must be within (0, 1], got %g", c.MaxDeleteShare)
	case c.MinDeleteGuard < 1:
		return c, groupmem.Errorf(groupmem.EINVALID, "evolve MinDeleteGuard must be positive, got %d", c.MinDeleteGuard)
	case !(c.NearDuplicate > 0 && c.NearDuplicate <= 1):
		return c, groupmem.Errorf(groupmem.EINVALID, "evolve NearDuplicate must be within (0, 1], got %g", c.NearDuplicate)
	case c.MaxStatementRunes < 1 || c.MaxStatementRunes > groupmem.MaxStatementRunes:
		return c, groupmem.Errorf(groupmem.EINVALID, "evolve MaxStatementRunes must be within [1, %d], got %d", groupmem.MaxStatementRunes, c.MaxStatementRunes)
	case c.MinStatementLetters < 1:
		return c, groupmem.Errorf(groupmem.EINVALID, "evolve MinStatementLetters must be positive, got %d", c.MinStatementLetters)
	case !(c.DefaultStrength > 0 && c.DefaultStrength <= 1):
		return c, groupmem.Errorf(groupmem.EINVALID, "evolve DefaultStrength must be within (0, 1], got %g", c.DefaultStrength)
	}
	return c, nil
}
