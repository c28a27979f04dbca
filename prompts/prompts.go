// Package prompts owns the text sent to the model for one evolution pass:
// the embedded templates (Chinese and English), the function that renders
// them, the version recorded on every run, and the token estimate the
// evolver budgets with.
//
// A prompt never shows storage ids. Memories appear under short per-pass
// aliases (M1, M2, ...) and messages under short refs (m1, m2, ...), one line
// each, so the prompt stays small and the model cannot name anything it was
// not shown. Rendering is pure: no I/O, no clock, no randomness; the same
// Input always gives the same text.
package prompts

import (
	"bytes"
	"embed"
	"fmt"
	"strings"
	"sync"
	"text/template"
	"time"

	"github.com/groupmem/groupmem"
)

//go:embed templates/*.tmpl
var templateFS embed.FS

// Languages a prompt can be rendered in. DefaultLang is used when Input.Lang
// is empty.
const (
	LangZH      = "zh"
	LangEN      = "en"
	DefaultLang = LangZH
)

// Version returns the version of the prompt for lang ("" means
// DefaultLang), recorded on every run so a run can be traced to the exact
// wording it was given. It returns "" for an unsupported language. Any
// change to a language's templates comes with a new version: the golden
// test in this package fails otherwise.
func Version(lang string) string {
	switch langOrDefault(lang) {
	case LangZH:
		return "zh-2026.11-2"
	case LangEN:
		return "en-2026.11-2"
	}
	return ""
}

// Reask returns the note added to the end of a pass's user prompt when
// the pass is asked again because the model's answer held no valid
// action line.
func Reask(lang string) string {
	if langOrDefault(lang) == LangEN {
		return "\n\nYour previous answer held no valid action line. Answer again with JSON Lines only: one object per line, " +
			`each with "action" (keep, update, create or delete); {"action":"keep"} alone if nothing changes.`
	}
	return "\n\n你上一次的回答中没有任何有效的操作行。请只用 JSON Lines 重新回答：每行一个对象，" +
		`都带 "action"（keep、update、create 或 delete）；若无需任何改动，只回答 {"action":"keep"}。`
}

// Langs returns the supported languages.
func Langs() []string { return []string{LangZH, LangEN} }

func langOrDefault(lang string) string {
	if lang == "" {
		return DefaultLang
	}
	return lang
}

// Input is everything one pass's prompt shows.
type Input struct {
	Lang     string    // LangZH or LangEN; "" means DefaultLang
	GroupID  string    // optional; shown when set
	Now      time.Time // today's date and the zone of every time shown; required
	Memories []Memory  // the memories shown, in the order given
	Messages []Message // the messages, in the order given
}

// Memory is one memory as the prompt shows it.
type Memory struct {
	Alias     string    // the per-pass alias, e.g. "M3"
	Statement string    // the current statement
	Version   int       // the version number
	UpdatedAt time.Time // when the statement last changed
}

// Message is one chat message as the prompt shows it.
type Message struct {
	Ref    string    // the per-pass ref, e.g. "m12"
	Sender string    // the sender's display name
	SentAt time.Time // when it was sent
	Text   string    // the content
}

// view is what the user template sees: every line is formatted in Go so the
// evolver can measure lines with the same functions.
type view struct {
	GroupID  string
	Today    string
	Weekday  string
	Zone     string
	From, To string
	Memories []string
	Messages []string
}

// Render returns the system and user prompts for in. All times are shown in
// the location of in.Now. It returns EINVALID for an unsupported language or
// a zero Now, and EINTERNAL if a template fails to execute.
func Render(in Input) (system, user string, err error) {
	lang := langOrDefault(in.Lang)
	if Version(lang) == "" {
		return "", "", groupmem.Errorf(groupmem.EINVALID, "prompt language %q is not supported; use %s", groupmem.Truncate(in.Lang, 20), strings.Join(Langs(), " or "))
	}
	if in.Now.IsZero() {
		return "", "", groupmem.Errorf(groupmem.EINVALID, "prompt input has no current time")
	}
	tmpl, err := parsed[lang]()
	if err != nil {
		return "", "", groupmem.WrapError(groupmem.EINTERNAL, "parse prompt templates", err)
	}
	v := newView(lang, in)
	var sys, usr bytes.Buffer
	if err := tmpl.ExecuteTemplate(&sys, lang+"_system.tmpl", v); err != nil {
		return "", "", groupmem.WrapError(groupmem.EINTERNAL, "render system prompt", err)
	}
	if err := tmpl.ExecuteTemplate(&usr, lang+"_user.tmpl", v); err != nil {
		return "", "", groupmem.WrapError(groupmem.EINTERNAL, "render user prompt", err)
	}
	return sys.String(), usr.String(), nil
}

// parsed holds the templates of each language, parsed on first use and
// then shared: the embedded files never change, and a parsed template is
// safe to execute from several goroutines at once.
var parsed = func() map[string]func() (*template.Template, error) {
	m := map[string]func() (*template.Template, error){}
	for _, lang := range Langs() {
		m[lang] = sync.OnceValues(func() (*template.Template, error) {
			return template.ParseFS(templateFS, "templates/"+lang+"_*.tmpl")
		})
	}
	return m
}()

func newView(lang string, in Input) view {
	loc := in.Now.Location()
	v := view{
		GroupID:  oneLine(in.GroupID),
		Today:    in.Now.Format(time.DateOnly),
		Weekday:  weekday(lang, in.Now.Weekday()),
		Zone:     zoneLabel(in.Now),
		Memories: make([]string, len(in.Memories)),
		Messages: make([]string, len(in.Messages)),
	}
	for i, m := range in.Memories {
		v.Memories[i] = MemoryLine(m, loc)
	}
	var from, to time.Time
	for i, m := range in.Messages {
		v.Messages[i] = MessageLine(m, loc)
		if from.IsZero() || m.SentAt.Before(from) {
			from = m.SentAt
		}
		if m.SentAt.After(to) {
			to = m.SentAt
		}
	}
	if len(in.Messages) > 0 {
		v.From = from.In(loc).Format(minuteLayout)
		v.To = to.In(loc).Format(minuteLayout)
	}
	return v
}

const minuteLayout = "2006-01-02 15:04"

// MemoryLine returns the line a memory takes in the prompt, with its date in
// loc: "M3 (v2, 2026-11-12) statement". Line breaks and runs of white space
// in the statement become one space, so one memory is always one line.
func MemoryLine(m Memory, loc *time.Location) string {
	return fmt.Sprintf("%s (v%d, %s) %s", m.Alias, m.Version, m.UpdatedAt.In(loc).Format(time.DateOnly), oneLine(m.Statement))
}

// MessageLine returns the line a message takes in the prompt, with its time
// in loc: "m12 [2026-11-20 21:05] 小王: text". Line breaks and runs of white
// space become one space, so a message can never forge a line of its own;
// an empty sender is shown as "?".
func MessageLine(m Message, loc *time.Location) string {
	sender := oneLine(m.Sender)
	if sender == "" {
		sender = "?"
	}
	return m.Ref + " [" + m.SentAt.In(loc).Format(minuteLayout) + "] " + sender + ": " + oneLine(m.Text)
}

// oneLine cleans s of control characters, turns every run of ASCII white
// space into one space and trims it.
func oneLine(s string) string {
	s = groupmem.CleanText(s)
	if !needsFolding(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); i++ {
		if isSpace(s[i]) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteByte(s[i])
	}
	return b.String()
}

func needsFolding(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return true
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; isSpace(c) && (c != ' ' || s[i+1] == ' ') {
			return true
		}
	}
	return false
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func weekday(lang string, d time.Weekday) string {
	if lang == LangZH {
		return [...]string{"星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"}[d]
	}
	return d.String()
}

// zoneLabel names the UTC offset of t: "UTC" or "UTC+08:00".
func zoneLabel(t time.Time) string {
	_, off := t.Zone()
	if off == 0 {
		return "UTC"
	}
	sign := '+'
	if off < 0 {
		sign, off = '-', -off
	}
	return fmt.Sprintf("UTC%c%02d:%02d", sign, off/3600, off%3600/60)
}
