package offline

import (
	"cmp"
	"context"
	"log/slog"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/embed/static"
	"github.com/groupmem/groupmem/evolve"
)

// History reads a group's earlier messages; groupmem.Ledger implements it.
type History interface {
	// MessagesSince returns up to limit messages of a group with Seq >
	// after and SentAt >= since, in Seq order.
	MessagesSince(ctx context.Context, groupID string, after int64, since time.Time, limit int) ([]groupmem.Message, error)
}

// Config tunes the offline evolver. The zero value of every field means its
// default.
type Config struct {
	// History is where the window's earlier messages are read (normally
	// the ledger). Without it a run sees only its new messages, so a habit
	// must recur within one run's messages to be found, and a memory's
	// last support is only known from the run's messages and its version's
	// time.
	History History
	// Evolve holds the validation rules shared with the model-driven
	// evolver (NearDuplicate, MaxDeleteShare, MinDeleteGuard,
	// MaxStatementRunes) and Location, the zone in which days are counted.
	// Its prompt budget (MaxMemories, MaxMessages, MaxPromptTokens) is
	// ignored: one pass shows every memory and every message.
	Evolve evolve.Config
	// WindowDays is how far back a run looks (default 28): that many
	// days the group was active, reading back at most four times as many
	// calendar days. It must be at least DeleteAfterDays.
	WindowDays int
	// MaxWindowMessages bounds the messages of the window (default 5000);
	// beyond it the oldest are left out.
	MaxWindowMessages int
	// AssignThreshold is the cosine at or above which a message joins a
	// cluster (default 0.25), in (0, 1).
	AssignThreshold float64
	// MergeThreshold is the cosine at or above which two clusters merge
	// (default 0.3), in (0, 1].
	MergeThreshold float64
	// MinDays, MinMembers and MinMessages are the support a cluster needs
	// to become a memory (defaults 3 distinct days, 2 members, 3
	// messages).
	MinDays, MinMembers, MinMessages int
	// DeleteAfterDays is how many days the group was active (wrote
	// anything) a memory may go without support before it is deleted
	// (default 21); days without a message do not count.
	DeleteAfterDays int
	// HalfLifeDays is how fast an unsupported memory's strength halves, in
	// days the group was active (default 14).
	HalfLifeDays float64
	// StrengthStep is the width of the strength bands (default 0.2): a
	// kept memory's recomputed strength is written only when it lies in
	// another band than the stored one, so that a slowly fading memory is
	// not rewritten every night.
	StrengthStep float64
	// MinChangeMessages is how many messages must name a changed fact
	// before the memory is updated (default 2).
	MinChangeMessages int
	// ClearerMargin is how much better a newer message must represent a
	// memory's cluster than its statement to replace it (default 0.15).
	ClearerMargin float64
	// MinUnits is the least content a message needs not to be noise
	// (default 4; a CJK character is one unit, another word two).
	MinUnits int
	// MaxStatementRunes is the longest message that can become a statement
	// (default 200, at most Evolve.MaxStatementRunes).
	MaxStatementRunes int
	// MaxEvidence bounds the cluster messages a new version cites before
	// its parent's evidence (default 20).
	MaxEvidence int
	// Lexicon ties words of different languages that mean the same (see
	// the package documentation; default: the static embedder's table,
	// embed/static).
	Lexicon Lexicon
	// ConceptCosine is the cosine at or above which a Chinese word and an
	// English word of the window are one concept (default 0.8), in (0, 1].
	ConceptCosine float64
	// MaxConceptFreq is how frequent in ordinary text an English word may
	// be and still name a concept (default 2e-5: topic words such as
	// "badminton" or "brunch", not "week" or "morning"), in (0, 1].
	MaxConceptFreq float64
	// Languages are the languages statements are read in, each a Language
	// value; a clause is read by the first that owns it (default
	// DefaultLanguages: Chinese, then English). Adding a language is adding
	// a value.
	Languages []Language
	// IgnoreSenders lists sender ids or names (any case) whose messages are
	// noise, besides senders named like bots.
	IgnoreSenders []string
	// Logger hears one line per run; nil discards.
	Logger *slog.Logger
}

// withDefaults applies the defaults and checks the result: EINVALID
// naming the setting for a value out of range.
func (c Config) withDefaults() (Config, error) {
	var err error
	if c.Evolve, err = c.Evolve.WithDefaults(); err != nil {
		return c, err
	}
	c.WindowDays = cmp.Or(c.WindowDays, DefaultWindowDays)
	c.MaxWindowMessages = cmp.Or(c.MaxWindowMessages, DefaultMaxWindowMessages)
	c.AssignThreshold = cmp.Or(c.AssignThreshold, DefaultAssignThreshold)
	c.MergeThreshold = cmp.Or(c.MergeThreshold, DefaultMergeThreshold)
	c.MinDays = cmp.Or(c.MinDays, DefaultMinDays)
	c.MinMembers = cmp.Or(c.MinMembers, DefaultMinMembers)
	c.MinMessages = cmp.Or(c.MinMessages, DefaultMinMessages)
	c.DeleteAfterDays = cmp.Or(c.DeleteAfterDays, DefaultDeleteAfterDays)
	c.HalfLifeDays = cmp.Or(c.HalfLifeDays, DefaultHalfLifeDays)
	c.MinChangeMessages = cmp.Or(c.MinChangeMessages, DefaultMinChangeMessages)
	c.StrengthStep = cmp.Or(c.StrengthStep, DefaultStrengthStep)
	c.ClearerMargin = cmp.Or(c.ClearerMargin, DefaultClearerMargin)
	c.MinUnits = cmp.Or(c.MinUnits, DefaultMinUnits)
	c.MaxStatementRunes = min(cmp.Or(c.MaxStatementRunes, DefaultMaxStatementRunes), c.Evolve.MaxStatementRunes)
	c.MaxEvidence = cmp.Or(c.MaxEvidence, DefaultMaxEvidence)
	c.ConceptCosine = cmp.Or(c.ConceptCosine, DefaultConceptCosine)
	c.MaxConceptFreq = cmp.Or(c.MaxConceptFreq, DefaultMaxConceptFreq)
	if c.Lexicon == nil {
		lex, err := static.Load()
		if err != nil {
			return c, err
		}
		c.Lexicon = lex
	}
	if len(c.Languages) == 0 {
		c.Languages = DefaultLanguages()
	}
	c.Languages = compile(c.Languages)
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if err := c.validate(); err != nil {
		return c, err
	}
	// This evolver reads no prompt: its one pass shows everything.
	c.Evolve.Whole = true
	return c, nil
}

// validate names the first setting of c, defaults applied, out of its
// range (EINVALID).
func (c Config) validate() error {
	bad := func(format string, args ...any) error {
		return groupmem.Errorf(groupmem.EINVALID, "offline "+format, args...)
	}
	switch {
	case c.DeleteAfterDays < 1:
		return bad("DeleteAfterDays must be positive, got %d", c.DeleteAfterDays)
	case c.WindowDays < c.DeleteAfterDays:
		return bad("WindowDays (%d) must be at least DeleteAfterDays (%d)", c.WindowDays, c.DeleteAfterDays)
	case c.MaxWindowMessages < 1:
		return bad("MaxWindowMessages must be positive, got %d", c.MaxWindowMessages)
	case !(c.AssignThreshold > 0 && c.AssignThreshold < 1):
		return bad("AssignThreshold must be within (0, 1), got %g", c.AssignThreshold)
	case !(c.MergeThreshold > 0 && c.MergeThreshold <= 1):
		return bad("MergeThreshold must be within (0, 1], got %g", c.MergeThreshold)
	case c.MinDays < 1 || c.MinMembers < 1 || c.MinMessages < 1:
		return bad("MinDays, MinMembers and MinMessages must be positive, got %d, %d, %d", c.MinDays, c.MinMembers, c.MinMessages)
	case !(c.HalfLifeDays > 0):
		return bad("HalfLifeDays must be positive, got %g", c.HalfLifeDays)
	case !(c.StrengthStep > 0 && c.StrengthStep <= 1):
		return bad("StrengthStep must be within (0, 1], got %g", c.StrengthStep)
	case c.MinChangeMessages < 1:
		return bad("MinChangeMessages must be positive, got %d", c.MinChangeMessages)
	case !(c.ClearerMargin >= 0):
		return bad("ClearerMargin must not be negative, got %g", c.ClearerMargin)
	case c.MinUnits < 1:
		return bad("MinUnits must be positive, got %d", c.MinUnits)
	case c.MaxStatementRunes < 1:
		return bad("MaxStatementRunes must be positive, got %d", c.MaxStatementRunes)
	case !(c.ConceptCosine > 0 && c.ConceptCosine <= 1):
		return bad("ConceptCosine must be within (0, 1], got %g", c.ConceptCosine)
	case !(c.MaxConceptFreq > 0 && c.MaxConceptFreq <= 1):
		return bad("MaxConceptFreq must be within (0, 1], got %g", c.MaxConceptFreq)
	case c.MaxEvidence < 1 || c.MaxEvidence > groupmem.MaxEvidence:
		return bad("MaxEvidence must be within [1, %d], got %d", groupmem.MaxEvidence, c.MaxEvidence)
	}
	return nil
}
