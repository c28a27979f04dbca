// Package demo replays a group chat night by night through the whole
// embedded stack — the SQLite ledger, the in-process index and lock, the
// local embedder, the offline evolver and the worker's one writer path —
// on a simulated clock, and tells what happened: each night's changes, the
// memories at the end, one memory's history, and a search. It needs no
// server and no model. `groupmem demo` runs it on the bundled sample chat.
package demo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/offline"
	"github.com/groupmem/groupmem/stack"
	"github.com/groupmem/groupmem/worker"
)

// Options shape a demo. The zero value replays the sample chat into a
// temporary directory and prints nothing.
type Options struct {
	// Out receives the story of the replay; nil discards it.
	Out io.Writer
	// Dir is the directory of the ledger file groupmem.db, created if
	// missing; an existing ledger there is replayed into again (messages
	// already stored are skipped). "" means a new temporary directory that
	// Close removes.
	Dir string
	// Dim, when set, embeds with the hashing embedder of that dimension
	// instead of the static embedder (the embedded default).
	Dim int
	// Now is the wall clock (default time.Now). The chat is moved by whole
	// weeks so that its last night falls in the week before Now; after the
	// replay the Env's clock is Now.
	Now func() time.Time
	// Chat is the chat to replay (default Sample()).
	Chat *Chat
	// Offline tunes the offline evolver; its History is the demo's ledger
	// and its Evolve.Location, when nil, the chat's zone.
	Offline offline.Config
	// Queries are the searches the story ends with (default
	// DefaultQueries()).
	Queries []string
	// Logger receives the service's logs; nil discards them.
	Logger *slog.Logger
}

// DefaultQueries returns the searches a demo ends with by default.
func DefaultQueries() []string {
	return []string{"周五晚上一起做什么？", "when is code review?"}
}

// Env is the demo's stack, open after Run so that the API can serve the
// replayed data: the embedded configuration (its ledger and service on
// the Env's clock), and what the replay did. Close it.
type Env struct {
	*stack.Stack
	GroupID string
	Chat    *Chat         // the chat as replayed, moved to the clock
	Path    string        // the ledger's file
	Nights  []Night       // what each night's run did, in order
	Elapsed time.Duration // how long Run took

	clock *clock
	tmp   string
}

// Night is one nightly run of the replay.
type Night struct {
	At       time.Time // the simulated time of the run
	Messages int       // messages the day brought
	Result   worker.Result
}

// Now returns the Env's clock: the simulated time during the replay, the
// wall clock after it.
func (e *Env) Now() time.Time { return e.clock.Now() }

// Close closes the ledger and removes the temporary directory, if Open
// made one.
func (e *Env) Close() error {
	err := e.Stack.Close()
	if e.tmp != "" {
		err = errors.Join(err, os.RemoveAll(e.tmp))
	}
	return err
}

// Run opens the stack, replays the chat night by night and tells the story
// to o.Out: for each day it inserts the day's messages and evolves the
// group at 03:00 the next morning on the simulated clock; then it prints
// the active and the deleted memories, the history of the memory with the
// most versions, and the searches of o.Queries. It returns the open Env
// (Close it), or the first error, with everything closed. EINVALID for bad
// options.
func Run(ctx context.Context, o Options) (*Env, error) {
	start := time.Now()
	e, err := Open(ctx, o)
	if err != nil {
		return nil, err
	}
	out := o.Out
	if out == nil {
		out = io.Discard
	}
	p := &printer{w: out, env: e, queries: o.Queries}
	if len(p.queries) == 0 {
		p.queries = DefaultQueries()
	}
	p.intro()
	if err := e.Replay(ctx, p.night); err != nil {
		e.Close()
		return nil, err
	}
	if err := p.summary(ctx); err != nil {
		e.Close()
		return nil, err
	}
	e.Elapsed = time.Since(start)
	p.done()
	if p.err != nil {
		e.Close()
		return nil, fmt.Errorf("write the story: %w", p.err)
	}
	return e, nil
}

// Open builds the stack of a demo without replaying anything: it opens (or
// creates) the ledger, rebuilds the index from it, and wires the offline
// evolver and the service on a clock that stays the wall clock until a
// replay sets it. EINVALID for an empty chat or a bad dimension or
// offline setting; EUNAVAILABLE when the ledger file cannot be opened.
func Open(ctx context.Context, o Options) (*Env, error) {
	chat := o.Chat
	if chat == nil {
		chat = Sample()
	}
	if len(chat.Days) == 0 {
		return nil, groupmem.Errorf(groupmem.EINVALID, "demo chat has no messages")
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	final := nightAfter(chat.Days[len(chat.Days)-1].Date)
	weeks := int(now().Sub(final).Hours() / (24 * 7))
	if now().Before(final) {
		weeks-- // round towards the past
	}
	chat = chat.Shifted(weeks)
	e := &Env{GroupID: chat.GroupID, Chat: chat, clock: &clock{wall: now}}
	dir := o.Dir
	if dir == "" {
		tmp, err := os.MkdirTemp("", "groupmem-demo-")
		if err != nil {
			return nil, fmt.Errorf("make the demo directory: %w", err)
		}
		dir, e.tmp = tmp, tmp
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("make the demo directory: %w", err)
	}
	e.Path = filepath.Join(dir, "groupmem.db")
	if err := e.open(ctx, chat, o); err != nil {
		if e.tmp != "" {
			os.RemoveAll(e.tmp)
		}
		return nil, err
	}
	return e, nil
}

// open opens the embedded configuration for the replay: on the Env's
// clock, with the hashing embedder when o.Dim asks for it, and the
// offline evolver reading days in the chat's zone.
func (e *Env) open(ctx context.Context, chat *Chat, o Options) error {
	cfg := stack.Config{SQLitePath: e.Path, Now: e.clock.Now, Offline: o.Offline, Logger: o.Logger, MessageIndex: true}
	if o.Dim > 0 {
		cfg.LocalEmbedder, cfg.Dim = stack.Hashing, o.Dim
	}
	if cfg.Offline.Evolve.Location == nil {
		cfg.Offline.Evolve.Location = chat.Zone
	}
	var err error
	e.Stack, err = stack.Open(ctx, cfg)
	return err
}

// Replay replays every day of the chat with ReplayDay, calling night
// (when not nil) after each run; then the clock becomes the wall clock. A
// run that fails ends the replay with its error; one a guard sent to
// review does not.
func (e *Env) Replay(ctx context.Context, night func(Night)) error {
	defer e.clock.set(time.Time{})
	for _, d := range e.Chat.Days {
		n, err := e.ReplayDay(ctx, d)
		if err != nil {
			return err
		}
		if night != nil {
			night(n)
		}
	}
	return nil
}

// ReplayDay inserts one day's messages at the time of its first message
// and evolves the group at 03:00 the next morning, on the simulated clock,
// which stays there until the next ReplayDay or the end of Replay. The
// night is appended to e.Nights. An evolution that fails returns its
// error.
func (e *Env) ReplayDay(ctx context.Context, d Day) (Night, error) {
	if len(d.Messages) == 0 {
		return Night{}, groupmem.Errorf(groupmem.EINVALID, "day %s has no messages", d.Date.Format(time.DateOnly))
	}
	e.clock.set(d.Messages[0].SentAt)
	if _, err := e.Ledger.InsertMessages(ctx, d.Messages); err != nil {
		return Night{}, fmt.Errorf("insert the messages of %s: %w", d.Date.Format(time.DateOnly), err)
	}
	at := nightAfter(d.Date)
	e.clock.set(at)
	res, err := e.Service.Evolve(ctx, e.GroupID, worker.Options{Trigger: groupmem.TriggerCLI, Actor: "demo"})
	if err != nil {
		return Night{}, fmt.Errorf("evolve on %s: %w", at.Format("2006-01-02 15:04"), err)
	}
	n := Night{At: at, Messages: len(d.Messages), Result: res}
	e.Nights = append(e.Nights, n)
	return n, nil
}

// clock is the demo's time: a simulated instant while set, the wall clock
// otherwise.
type clock struct {
	mu   sync.Mutex
	sim  time.Time
	wall func() time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.sim.IsZero() {
		return c.sim
	}
	return c.wall()
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	c.sim = t
	c.mu.Unlock()
}
