package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/groupmem/groupmem/demo"
)

var screenshots = flag.Bool("screenshots", false, "save the console's screenshots under docs/")

const (
	consoleAdmin = "console-admin-secret-0123456789"
	consoleRead  = "console-read-secret-0123456789"
	consoleWrite = "console-write-secret-0123456789"
	consoleOther = "console-other-secret-0123456789"
)

// chromium returns the path of a Chromium or Chrome on this machine, or
// skips the test saying how to install one.
func chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("GROUPMEM_REQUIRE_BROWSER") != "" {
		t.Fatal("GROUPMEM_REQUIRE_BROWSER is set, but no chromium is on PATH")
	}
	t.Skip("browser tests skipped: no chromium on PATH (apt-get install -y chromium; .ci/run installs it)")
	return ""
}

// consoleServer serves the demo's data with `groupmem serve`, with an
// admin key and a read-only key, on a loopback port.
func consoleServer(t testing.TB) (base, path string) {
	t.Helper()
	dir := t.TempDir()
	d, err := demo.Run(context.Background(), demo.Options{Out: io.Discard, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	path = d.Path
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	base, stop := serveOn(t, map[string]string{
		"GROUPMEM_SQLITE_PATH": path, "GROUPMEM_WEBHOOK_ALLOW_PRIVATE": "true", "GROUPMEM_WEBHOOK_ALLOW_HTTP": "true",
		"GROUPMEM_API_KEYS": "mod:admin:*:" + hashOf(consoleAdmin) + ";viewer:read:*:" + hashOf(consoleRead) +
			";bot:write:*:" + hashOf(consoleWrite) + ";other:admin:other-group:" + hashOf(consoleOther),
	})
	t.Cleanup(func() { _ = stop() })
	return base, path
}

// getJSON decodes GET base+path as the admin into v.
func getJSON(t testing.TB, base, path string, v any) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+path, nil)
	req.Header.Set("Authorization", "Bearer "+consoleAdmin)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s = %d", path, res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

type consoleMemory struct {
	MemoryID  string  `json:"memory_id"`
	Statement string  `json:"statement"`
	Version   int     `json:"version"`
	ParentID  string  `json:"parent_id"`
	Strength  float64 `json:"strength"`
	UpdatedAt string  `json:"updated_at"`
}

// browser is one headless Chromium; tab opens a fresh tab (its own
// sessionStorage) at width × height, in language lang.
type browser struct {
	t    testing.TB
	ctx  context.Context
	base string
}

func newBrowser(t testing.TB, base string) *browser {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromium(t)),
		chromedp.NoSandbox, chromedp.Flag("disable-gpu", true))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx); err != nil {
		cancelAlloc()
		t.Fatalf("start chromium: %v", err)
	}
	t.Cleanup(func() { cancelBrowser(); cancelAlloc() })
	return &browser{t: t, ctx: bctx, base: base}
}

// watchProblems records, in every page the tab loads, what the CSP blocked
// and every uncaught error, for problems to report.
const watchProblems = `window.__problems = [];
document.addEventListener('securitypolicyviolation', (e) => window.__problems.push('CSP blocked ' + e.violatedDirective + ' ' + e.blockedURI));
window.addEventListener('error', (e) => window.__problems.push('error: ' + e.message));
window.addEventListener('unhandledrejection', (e) => window.__problems.push('unhandled: ' + e.reason));`

// noProblems fails the test when the page met a CSP violation or an uncaught error.
func (b *browser) noProblems(ctx context.Context) {
	b.t.Helper()
	if p := value(b, ctx, chromedp.Evaluate[[]string](`Array.isArray(window.__problems) ? window.__problems : ["the problem watcher did not run"]`)); len(p) > 0 {
		b.t.Errorf("the page had problems: %q", p)
	}
}

// with returns b reporting to t (a subtest).
func (b *browser) with(t *testing.T) *browser { return &browser{t: t, ctx: b.ctx, base: b.base} }

func (b *browser) tab(width, height int64, lang string) context.Context {
	b.t.Helper()
	tab, cancel := chromedp.NewContext(b.ctx)
	b.run(tab, chromedp.EmulateViewport(width, height), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
			UserAgent: "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome", AcceptLanguage: lang})
		if err != nil {
			return err
		}
		_, err = cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watchProblems})
		return err
	}))
	ctx, cancelTime := context.WithTimeout(tab, 60*time.Second)
	b.t.Cleanup(func() { cancelTime(); cancel() })
	return ctx
}

func (b *browser) run(ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("browser: %v", err)
	}
}

// value runs a and returns its value.
func value[T any](b *browser, ctx context.Context, a chromedp.Action[T]) T {
	b.t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		b.t.Fatalf("browser: %v", err)
	}
	return v
}

// text returns the text of the first element matching the CSS selector.
func (b *browser) text(ctx context.Context, sel string) string {
	b.t.Helper()
	return value(b, ctx, chromedp.Text(chromedp.CSS(sel)))
}

// js runs the script expr in the page.
func js(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[any](expr+"; null")(ctx, t)
		return err
	})
}

// visible waits until an element matches the CSS selector and shows.
func visible(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.WaitVisible(chromedp.CSS(sel))
}

// signIn opens the console at hash and enters secret in the key form.
func (b *browser) signIn(ctx context.Context, secret, hash string) {
	b.t.Helper()
	b.run(ctx, chromedp.Navigate(b.base+"/console/"+hash), visible(`#key`),
		chromedp.SendKeys(chromedp.CSS(`#key`), secret+kb.Enter))
}

// shot saves a full-page screenshot as docs/name when -screenshots is set.
func (b *browser) shot(ctx context.Context, name string) {
	b.t.Helper()
	if !*screenshots {
		return
	}
	png := value(b, ctx, chromedp.FullScreenshot(100))
	if err := os.WriteFile(filepath.Join("..", "..", "docs", name), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

func count(ctx context.Context, b *browser, selector string) int {
	b.t.Helper()
	return value(b, ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll(%q).length`, selector)))
}

// TestConsoleInBrowser drives the console in headless Chromium against
// `groupmem serve` holding the demo's data.
// consoleList is the demo group's active memories as the API lists them.
type consoleList struct {
	Total    int             `json:"total"`
	Memories []consoleMemory `json:"memories"`
}

func TestConsoleInBrowser(t *testing.T) {
	chromium(t)
	base, path := consoleServer(t)
	b := newBrowser(t, base)
	var active consoleList
	getJSON(t, base, "/memory/list/demo-devs?limit=100", &active)
	if active.Total < 3 {
		t.Fatalf("the demo left %d active memories; the test needs at least 3", active.Total)
	}

	t.Run("admin sees cards, search narrows them, runs and groups", func(t *testing.T) {
		b := b.with(t)
		ctx := b.tab(1200, 900, "en-US")
		b.signIn(ctx, consoleAdmin, "#/g/demo-devs")
		b.run(ctx, visible(`#cards`))
		if n := count(ctx, b, `.card`); n != active.Total {
			t.Fatalf("%d cards, want the %d active memories", n, active.Total)
		}
		text := b.text(ctx, `#cards`)
		for _, m := range active.Memories {
			if !strings.Contains(text, m.Statement) {
				t.Errorf("no card shows %q", m.Statement)
			}
		}
		if count(ctx, b, `[data-write]`) == 0 {
			t.Error("an admin key sees no write button")
		}
		b.shot(ctx, "console-group.png")
		b.noProblems(ctx)

		// Mark the cards shown, search, and wait for the page to replace them.
		b.run(ctx, js(`document.querySelector('#cards').dataset.old = 'yes'`))
		b.run(ctx, chromedp.SendKeys(chromedp.CSS(`#search`), "新番"+kb.Enter))
		value(b, ctx, chromedp.Poll[bool](`!!document.querySelector('#cards-empty, #cards:not([data-old])')`))
		text = b.text(ctx, `#cards .card .statement`)
		if n := count(ctx, b, `.card`); n == 0 || n >= active.Total {
			t.Errorf("search shows %d of %d cards; want fewer, at least one", n, active.Total)
		}
		if !strings.Contains(text, "新番") {
			t.Errorf("the first card after searching 新番 is %q", text)
		}
		b.shot(ctx, "console-search.png")
		b.noProblems(ctx)

		// Changed since: the day after the oldest change leaves that memory out.
		oldest := time.Now()
		for _, m := range active.Memories {
			if at, _ := time.Parse(time.RFC3339, m.UpdatedAt); at.Before(oldest) {
				oldest = at
			}
		}
		since := oldest.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
		want := 0
		for _, m := range active.Memories {
			if at, _ := time.Parse(time.RFC3339, m.UpdatedAt); !at.Before(since) {
				want++
			}
		}
		b.run(ctx, js(`document.querySelector('#cards').dataset.old = 'yes'`),
			chromedp.Navigate(base+"/console/#/g/demo-devs?since="+since.Format(time.DateOnly)))
		value(b, ctx, chromedp.Poll[bool](`!!document.querySelector('#cards:not([data-old]), #cards-empty')`))
		if n := count(ctx, b, `.card`); n != want || n == active.Total {
			t.Errorf("changed since %s shows %d cards, want %d of %d", since.Format(time.DateOnly), n, want, active.Total)
		}

		// A health tile opens the list behind it.
		b.run(ctx, chromedp.Click(chromedp.CSS(`#h-failed`)), visible(`#run-status`))
		if status := value(b, ctx, chromedp.Evaluate[string](`document.querySelector('#run-status').value`)); status != "failed" {
			t.Errorf("the failed-runs tile opened runs filtered by %q", status)
		}

		b.run(ctx, chromedp.Navigate(base+"/console/#/g/demo-devs/runs"), visible(`.run-row`))
		var runs struct {
			Runs []struct{} `json:"runs"`
		}
		getJSON(t, base, "/memory/runs/demo-devs?limit=50", &runs)
		if n := count(ctx, b, `.run-row`); n != len(runs.Runs) {
			t.Errorf("runs page shows %d runs, want the %d of the first page", n, len(runs.Runs))
		}
		b.shot(ctx, "console-runs.png")
		b.noProblems(ctx)
		b.run(ctx, chromedp.Click(chromedp.CSS(`.run-row a`)), visible(`#run-facts`))
		if facts := b.text(ctx, `#run-facts`); !strings.Contains(facts, "offline") || !strings.Contains(facts, "cli · demo") {
			t.Errorf("a run's page shows %q, want its model and trigger", facts)
		}
		b.shot(ctx, "console-run.png")
		b.noProblems(ctx)
		b.run(ctx, chromedp.Navigate(base+"/console/#/"), visible(`.group-row`))
		text = b.text(ctx, `.group-row`)
		if !strings.Contains(text, "demo-devs") {
			t.Errorf("groups page shows %q, want demo-devs", text)
		}
		b.shot(ctx, "console-groups.png")
		b.noProblems(ctx)

		b.run(ctx, chromedp.Navigate(base+"/console/#/g/demo-devs/messages"), visible(`#messages li`))
		if n := count(ctx, b, `#messages li`); n != 20 {
			t.Errorf("messages page shows %d messages, want a first page of 20", n)
		}
		b.run(ctx, js(`document.querySelector('#messages').dataset.old = 'yes'`),
			chromedp.SendKeys(chromedp.CSS(`#message-search`), "新番"+kb.Enter))
		value(b, ctx, chromedp.Poll[bool](`!!document.querySelector('#messages:not([data-old]), #messages-empty')`))
		if first := b.text(ctx, `#messages li`); !strings.Contains(first, "新番") {
			t.Errorf("the best message for 新番 is %q", first)
		}
		b.shot(ctx, "console-messages.png")
		b.noProblems(ctx)
		shown := count(ctx, b, `#messages li`)
		b.run(ctx, js(`document.querySelector('#messages').dataset.old = 'yes'`), chromedp.Click(chromedp.CSS(`#show-weaker`)))
		value(b, ctx, chromedp.Poll[bool](`!!document.querySelector('#messages:not([data-old])')`))
		if all := count(ctx, b, `#messages li`); all <= shown {
			t.Errorf("the weaker matches add nothing: %d shown, %d with them", shown, all)
		}
	})

	t.Run("lineage shows parents and evidence", func(t *testing.T) { consoleLineageShowsParentsAndEvidence(t, b, base, active) })

	t.Run("dry-run preview lists the planned changes and applies nothing", func(t *testing.T) { consoleDryRunPreviewListsThePlanned(t, b, base, active) })

	t.Run("read-only key sees no write button", func(t *testing.T) { consoleReadOnlyKeySeesNoWrite(t, b, base, active) })

	t.Run("write key may evolve but not change memories by hand", func(t *testing.T) { consoleWriteKeyMayEvolveButNot(t, b, base, active) })

	t.Run("key for other groups is told so", func(t *testing.T) { consoleKeyForOtherGroupsIsTold(t, b, base, active) })

	t.Run("wrong key shows a clear message", func(t *testing.T) { consoleWrongKeyShowsAClearMessage(t, b, base, active) })

	t.Run("phone width in Chinese", func(t *testing.T) { consolePhoneWidthInChinese(t, b, base, active) })

	t.Run("admin edits, deletes, restores, sets strength and evolves", func(t *testing.T) { consoleAdminEditsDeletesRestoresSetsStrength(t, b, base, active) })
	t.Run("members page lists the members and what the group knows of one", func(t *testing.T) { consoleMembersPage(t, b, base) })
	t.Run("review page approves and rejects held plans", func(t *testing.T) { consoleReviewApprovesAndRejects(t, b, base, path) })
	t.Run("runs page charts a group's usage over 30 days", func(t *testing.T) { consoleUsageChart(t, b, base, path) })
	t.Run("webhooks page subscribes, shows the delivery log and why a webhook paused", func(t *testing.T) { consoleWebhooks(t, b, base, path) })
	t.Run("a redacted memory offers no restore", func(t *testing.T) { consoleRedactedOffersNoRestore(t, b, base, path) })
}

// BenchmarkConsolePages measures how long the console takes, in headless
// Chromium against serve on the demo's data, from loading the page to
// showing a group's cards and a memory's lineage (a full page load each:
// modules, the key's scope, and the API calls behind the page).
func BenchmarkConsolePages(b *testing.B) {
	chromium(b)
	base, _ := consoleServer(b)
	br := newBrowser(b, base)
	var active struct {
		Memories []consoleMemory `json:"memories"`
	}
	getJSON(b, base, "/memory/list/demo-devs?limit=100", &active)
	var updated string
	for _, m := range active.Memories {
		if m.ParentID != "" {
			updated = m.MemoryID
		}
	}
	for _, page := range []struct{ name, hash, ready string }{
		{"group", "#/g/demo-devs", `#cards`},
		{"lineage", "#/m/" + updated, `.version.current .evidence`},
		{"runs", "#/g/demo-devs/runs", `.run-row`},
	} {
		b.Run(page.name, func(b *testing.B) {
			ctx := br.tab(1200, 900, "en-US")
			br.signIn(ctx, consoleAdmin, page.hash)
			br.run(ctx, visible(page.ready))
			i := 0
			for b.Loop() {
				i++
				br.run(ctx, chromedp.Navigate(fmt.Sprintf("%s/console/?n=%d%s", base, i, page.hash)), visible(page.ready))
			}
		})
	}
}
