package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// consoleLineageShowsParentsAndEvidence is the console subtest "lineage shows parents and evidence".
func consoleLineageShowsParentsAndEvidence(t *testing.T, b *browser, base string, active consoleList) {
	b = b.with(t)
	var updated consoleMemory
	for _, m := range active.Memories {
		if m.ParentID != "" {
			updated = m
		}
	}
	if updated.MemoryID == "" {
		t.Fatal("the demo has no updated memory")
	}
	var v2 struct {
		Evidence []struct {
			SenderName string `json:"sender_name"`
			Content    string `json:"content"`
		} `json:"evidence_messages"`
	}
	getJSON(t, base, "/memory/"+updated.MemoryID, &v2)
	ctx := b.tab(1200, 900, "en-US")
	b.signIn(ctx, consoleAdmin, "#/m/"+updated.MemoryID)
	b.run(ctx, visible(`.version`))
	if n := count(ctx, b, `.version`); n != updated.Version {
		t.Errorf("%d versions shown, want %d", n, updated.Version)
	}
	parent, evidence := b.text(ctx, `.version.current .parent`), b.text(ctx, `.version.current .evidence`)
	if !strings.Contains(parent, fmt.Sprint("v", updated.Version-1)) {
		t.Errorf("the current version names parent %q, want v%d", parent, updated.Version-1)
	}
	if len(v2.Evidence) == 0 || !strings.Contains(evidence, v2.Evidence[0].Content) || !strings.Contains(evidence, v2.Evidence[0].SenderName) {
		t.Errorf("evidence shown %q lacks the first evidence message %+v", evidence, v2.Evidence)
	}
	if count(ctx, b, `.version.current .diff ins`)+count(ctx, b, `.version.current .diff del`) == 0 {
		t.Error("the update shows no diff of its statement")
	}
	b.run(ctx, chromedp.Click(chromedp.CSS(`.version.current .parent a`)))
	if hash := value(b, ctx, chromedp.Evaluate[string](`location.hash`)); hash != "#/m/"+updated.MemoryID || count(ctx, b, `.version`) != updated.Version {
		t.Errorf("following the parent link left the lineage for %q", hash)
	}
	b.shot(ctx, "console-lineage.png")
	b.noProblems(ctx)
}

// consoleDryRunPreviewListsThePlanned is the console subtest "dry-run preview lists the planned changes and applies nothing".
func consoleDryRunPreviewListsThePlanned(t *testing.T, b *browser, base string, active consoleList) {
	b = b.with(t)
	ctx := b.tab(1200, 900, "en-US")
	b.signIn(ctx, consoleAdmin, "#/g/demo-devs")
	b.run(ctx, visible(`#cards`),
		chromedp.Click(chromedp.CSS(`button[data-act="evolve"]`)),
		visible(`#days`),
		chromedp.SendKeys(chromedp.CSS(`#days`), "60"),
		chromedp.Click(chromedp.CSS(`#dry-run`)),
		visible(`#planned`))
	planned := b.text(ctx, `#planned`)
	if n := count(ctx, b, `#preview .change`); n == 0 || !strings.Contains(planned, fmt.Sprint(n, " planned change")) {
		t.Errorf("preview says %q and lists %d changes", planned, n)
	}
	b.shot(ctx, "console-evolve.png")
	b.noProblems(ctx)
	var after struct {
		Memories []consoleMemory `json:"memories"`
	}
	getJSON(t, base, "/memory/list/demo-devs?limit=100", &after)
	if fmt.Sprint(after.Memories) != fmt.Sprint(active.Memories) {
		t.Errorf("a dry run changed the memories:\nbefore %v\nafter  %v", active.Memories, after.Memories)
	}
}

// consoleReadOnlyKeySeesNoWrite is the console subtest "read-only key sees no write button".
func consoleReadOnlyKeySeesNoWrite(t *testing.T, b *browser, base string, active consoleList) {
	b = b.with(t)
	ctx := b.tab(1200, 900, "en-US")
	b.signIn(ctx, consoleRead, "#/g/demo-devs")
	b.run(ctx, visible(`#cards`))
	if n := count(ctx, b, `.card`); n != active.Total {
		t.Fatalf("a read key sees %d cards, want %d", n, active.Total)
	}
	if n := count(ctx, b, `[data-write], button.danger`); n != 0 {
		t.Errorf("a read key sees %d write buttons on the group page", n)
	}
	b.run(ctx, chromedp.Navigate(base+"/console/#/m/"+active.Memories[0].MemoryID), visible(`.version`))
	if n := count(ctx, b, `[data-write]`); n != 0 {
		t.Errorf("a read key sees %d write buttons on the lineage page", n)
	}
}

// consoleWriteKeyMayEvolveButNot is the console subtest "write key may evolve but not change memories by hand".
func consoleWriteKeyMayEvolveButNot(t *testing.T, b *browser, base string, active consoleList) {
	b = b.with(t)
	ctx := b.tab(1200, 900, "en-US")
	b.signIn(ctx, consoleWrite, "#/g/demo-devs")
	b.run(ctx, visible(`#cards`))
	if evolve, admin := count(ctx, b, `[data-act="evolve"]`), count(ctx, b, `[data-write="admin"]`); evolve != 1 || admin != 0 {
		t.Errorf("a write key sees %d evolve and %d admin buttons, want 1 and 0", evolve, admin)
	}
}

// consoleKeyForOtherGroupsIsTold is the console subtest "key for other groups is told so".
func consoleKeyForOtherGroupsIsTold(t *testing.T, b *browser, base string, active consoleList) {
	b = b.with(t)
	ctx := b.tab(1200, 900, "en-US")
	b.signIn(ctx, consoleOther, "#/g/demo-devs")
	b.run(ctx, visible(`.error`))
	if msg := b.text(ctx, `.error`); !strings.Contains(msg, "may not see this group") {
		t.Errorf("a key for other groups sees %q", msg)
	}
	if n := count(ctx, b, `.card`); n != 0 {
		t.Errorf("a key for other groups sees %d cards", n)
	}
}

// consoleWrongKeyShowsAClearMessage is the console subtest "wrong key shows a clear message".
func consoleWrongKeyShowsAClearMessage(t *testing.T, b *browser, base string, active consoleList) {
	b = b.with(t)
	ctx := b.tab(1200, 900, "en-US")
	b.signIn(ctx, "not-the-key", "#/g/demo-devs")
	b.run(ctx, visible(`#key-error`))
	msg := b.text(ctx, `#key-error`)
	if !strings.Contains(msg, "refused") || !strings.Contains(msg, "wrong") {
		t.Errorf("a wrong key shows %q", msg)
	}
	if n := count(ctx, b, `.card`); n != 0 {
		t.Errorf("a wrong key sees %d cards", n)
	}
	b.shot(ctx, "console-wrong-key.png")

	// A key that stops being accepted mid-session (expired, revoked)
	// leads back to the key form with the same message.
	ctx = b.tab(1200, 900, "en-US")
	b.signIn(ctx, consoleRead, "#/g/demo-devs")
	b.run(ctx, visible(`#cards`), js(`sessionStorage.setItem('groupmem.key', 'expired-key')`),
		chromedp.Click(chromedp.CSS(`.card .statement`)), visible(`#key-error`))
	if msg := b.text(ctx, `#key-error`); !strings.Contains(msg, "refused") {
		t.Errorf("a key refused mid-session shows %q", msg)
	}
}

// consolePhoneWidthInChinese is the console subtest "phone width in Chinese".
func consolePhoneWidthInChinese(t *testing.T, b *browser, base string, active consoleList) {
	b = b.with(t)
	ctx := b.tab(390, 844, "zh-CN")
	b.signIn(ctx, consoleAdmin, "#/g/demo-devs")
	b.run(ctx, visible(`#cards`))
	tile := b.text(ctx, `#h-total`)
	scrollW := value(b, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	clientW := value(b, ctx, chromedp.Evaluate[int](`document.documentElement.clientWidth`))
	if !strings.Contains(tile, "使用中的记忆") {
		t.Errorf("a zh-CN browser sees the total tile as %q", tile)
	}
	if scrollW > clientW {
		t.Errorf("the page is %dpx wide on a %dpx phone", scrollW, clientW)
	}
	b.shot(ctx, "console-phone-zh.png")
	b.noProblems(ctx)
}

// consoleAdminEditsDeletesRestoresSetsStrength is the console subtest "admin edits, deletes, restores, sets strength and evolves".
func consoleAdminEditsDeletesRestoresSetsStrength(t *testing.T, b *browser, base string, active consoleList) {
	b = b.with(t)
	var target consoleMemory
	for _, m := range active.Memories {
		if m.ParentID == "" {
			target = m
			break
		}
	}
	var lineage struct {
		Memory struct {
			consoleMemory
			LineageID     string `json:"lineage_id"`
			Status        string `json:"status"`
			ChangeSummary string `json:"change_summary"`
		} `json:"memory"`
	}
	current := func() {
		t.Helper()
		getJSON(t, base, "/memory/lineage/"+target.MemoryID, &lineage)
	}
	card := func(act string) string {
		return fmt.Sprintf(`.card[data-lineage=%q] button[data-act=%q]`, target.MemoryID, act)
	}
	// waitCards waits for the page to render its cards again after an action.
	waitCards := func(ctx context.Context) {
		t.Helper()
		value(b, ctx, chromedp.Poll[bool](`!document.querySelector('dialog').open && !!document.querySelector('#cards:not([data-old]), #cards-empty')`))
	}
	mark := js(`document.querySelector('#cards').dataset.old = 'yes'`)
	ctx := b.tab(1200, 900, "en-US")
	b.signIn(ctx, consoleAdmin, "#/g/demo-devs")

	const edited = "Code review moved to Wednesday at 4pm"
	b.run(ctx, visible(`#cards`), chromedp.Click(chromedp.CSS(card("edit"))), visible(`#statement`),
		js(`document.querySelector('#statement').value = ''`),
		chromedp.SendKeys(chromedp.CSS(`#statement`), edited), chromedp.SendKeys(chromedp.CSS(`#reason`), "the team moved it"),
		mark, chromedp.Click(chromedp.CSS(`#action-submit`)))
	waitCards(ctx)
	current()
	if lineage.Memory.Statement != edited || lineage.Memory.Version != 2 || !strings.Contains(lineage.Memory.ChangeSummary, "the team moved it") {
		t.Fatalf("after the edit the memory is %+v", lineage.Memory)
	}
	if !strings.Contains(b.text(ctx, `#cards`), edited) {
		t.Error("the edited statement is not on a card")
	}

	b.run(ctx, chromedp.Click(chromedp.CSS(card("delete"))), visible(`#action-submit`), mark,
		chromedp.Click(chromedp.CSS(`#action-submit`)))
	waitCards(ctx)
	current()
	if lineage.Memory.Status != "deprecated" || count(ctx, b, fmt.Sprintf(`.card[data-lineage=%q]`, target.MemoryID)) != 0 {
		t.Fatalf("after delete the memory is %s and its card is still shown: %d", lineage.Memory.Status, count(ctx, b, `.card`))
	}

	b.run(ctx, chromedp.Navigate(base+"/console/#/g/demo-devs?status=deprecated"), visible(card("restore")), mark,
		chromedp.Click(chromedp.CSS(card("restore"))))
	waitCards(ctx)
	current()
	if lineage.Memory.Status != "active" || lineage.Memory.Statement != edited {
		t.Fatalf("after restore the memory is %+v", lineage.Memory)
	}

	b.run(ctx, chromedp.Navigate(base+"/console/#/g/demo-devs"), visible(card("strength")),
		chromedp.Click(chromedp.CSS(card("strength"))), visible(`#strength`),
		js(`document.querySelector('#strength').value = ''`),
		chromedp.SendKeys(chromedp.CSS(`#strength`), "0.2"), mark, chromedp.Click(chromedp.CSS(`#action-submit`)))
	waitCards(ctx)
	current()
	if lineage.Memory.Strength != 0.2 {
		t.Errorf("after setting strength 0.2 the memory has %v", lineage.Memory.Strength)
	}
	if tile := b.text(ctx, `#h-weak`); !strings.Contains(tile, "1") {
		t.Errorf("the weak tile shows %q after a memory fell to 0.2", tile)
	}
	b.run(ctx, mark, chromedp.Click(chromedp.CSS(`#h-weak`)))
	waitCards(ctx)
	if n, weak := count(ctx, b, `.card`), count(ctx, b, fmt.Sprintf(`.card[data-lineage=%q]`, target.MemoryID)); n != 1 || weak != 1 {
		t.Errorf("the weak tile opened %d cards (%d of them the weakened memory), want just it", n, weak)
	}

	// Evolve for real after a preview: the applied changes are the ones previewed.
	before := map[string]consoleMemory{}
	var list struct {
		Memories []consoleMemory `json:"memories"`
	}
	getJSON(t, base, "/memory/list/demo-devs?limit=100", &list)
	for _, m := range list.Memories {
		before[m.MemoryID] = m
	}
	b.run(ctx, chromedp.Navigate(base+"/console/#/g/demo-devs"), visible(`#cards`),
		chromedp.Click(chromedp.CSS(`button[data-act="evolve"]`)), visible(`#days`),
		chromedp.SendKeys(chromedp.CSS(`#days`), "60"), chromedp.Click(chromedp.CSS(`#dry-run`)), visible(`#planned`))
	planned := count(ctx, b, `#preview .change`)
	b.run(ctx, chromedp.Click(chromedp.CSS(`#apply`)), visible(`#applied`))
	if applied := count(ctx, b, `#preview .change`); planned == 0 || applied != planned {
		t.Errorf("previewed %d changes, applied %d", planned, applied)
	}
	getJSON(t, base, "/memory/list/demo-devs?limit=100", &list)
	changed := 0
	for _, m := range list.Memories {
		if before[m.MemoryID] != m {
			changed++
		}
	}
	if changed == 0 {
		t.Error("applying the evolution changed no memory")
	}

	// An older version made current again: a new version on top, with
	// the old statement, and the lineage page shows it.
	var updated consoleMemory
	for _, m := range active.Memories {
		if m.ParentID != "" {
			updated = m
		}
	}
	var hist struct {
		History []consoleMemory `json:"history"`
	}
	getJSON(t, base, "/memory/history/"+updated.MemoryID, &hist)
	b.run(ctx, chromedp.Navigate(base+"/console/#/m/"+updated.MemoryID), visible(`[data-act="restore-version"]`),
		js(`document.querySelector('.version').dataset.old = 'yes'`), chromedp.Click(chromedp.CSS(`[data-act="restore-version"]`)))
	value(b, ctx, chromedp.Poll[bool](`!!document.querySelector('.version.current:not([data-old])')`))
	var now struct {
		History []consoleMemory `json:"history"`
	}
	getJSON(t, base, "/memory/history/"+updated.MemoryID, &now)
	top := now.History[len(now.History)-1]
	if len(now.History) != len(hist.History)+1 || top.Statement != hist.History[0].Statement {
		t.Errorf("after making v1 current the lineage is %+v", now.History)
	}
	if n := count(ctx, b, `.version`); n != len(now.History) {
		t.Errorf("the lineage page shows %d versions, want %d", n, len(now.History))
	}
}
