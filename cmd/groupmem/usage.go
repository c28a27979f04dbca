package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/groupmem/groupmem"
)

// usageCommand prints the groups that cost the most over a window of
// whole UTC days: groupmem usage -since 30d.
func usageCommand(fs *flag.FlagSet) runFunc {
	since := fs.String("since", "30d", "the window's first day: Nd for the last N days, today included, or a date YYYY-MM-DD (UTC)")
	until := fs.String("until", "", "the window's last day, a date YYYY-MM-DD (UTC; default: today)")
	top := fs.Int("top", 20, "how many groups to print, the costliest first (1 to "+strconv.Itoa(groupmem.MaxUsageGroups)+")")
	return func(ctx context.Context, env *Env, _ []string) error {
		q, err := usageWindow(*since, *until, time.Now())
		if err != nil {
			return fmt.Errorf("usage: %w", err)
		}
		q.By, q.Limit = groupmem.UsageByGroup, *top
		if err := q.Check(); err != nil {
			return fmt.Errorf("usage: %s", groupmem.ErrorMessage(err))
		}
		b, err := openStack(ctx, env.Config, env.Log, false)
		if err != nil {
			return err
		}
		defer b.Close()
		rep, err := b.Ledger.Usage(ctx, q)
		if err != nil {
			return err
		}
		printUsage(env.Stdout, q, rep)
		return nil
	}
}

// usageWindow reads the window of -since and -until: since is Nd (the
// last N days up to until, until included) or a date, until a date or
// "" for the day of now (UTC).
func usageWindow(since, until string, now time.Time) (groupmem.UsageQuery, error) {
	q := groupmem.UsageQuery{Until: groupmem.UsageDay(now)}
	if until != "" {
		d, err := time.Parse(time.DateOnly, until)
		if err != nil {
			return q, fmt.Errorf("-until must be a date such as 2026-11-01, got %q", until)
		}
		q.Until = d
	}
	if n, ok := strings.CutSuffix(since, "d"); ok {
		days, err := strconv.Atoi(n)
		if err != nil || days < 1 || days > groupmem.MaxUsageDays {
			return q, fmt.Errorf("-since must be 1d to %dd or a date, got %q", groupmem.MaxUsageDays, since)
		}
		q.Since = q.Until.AddDate(0, 0, 1-days)
		return q, nil
	}
	d, err := time.Parse(time.DateOnly, since)
	if err != nil {
		return q, fmt.Errorf("-since must be a number of days such as 30d or a date such as 2026-11-01, got %q", since)
	}
	q.Since = d
	return q, nil
}

// printUsage writes the groups of rep as a table, the costliest first,
// and the window's total over every group.
func printUsage(w io.Writer, q groupmem.UsageQuery, rep groupmem.UsageReport) {
	fmt.Fprintf(w, "usage from %s to %s (UTC), the costliest groups first\n",
		q.Since.Format(time.DateOnly), q.Until.Format(time.DateOnly))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "COST\tRUNS\tCALLS\tPROMPT\tCOMPLETION\tEMBEDDING\t  GROUP")
	line := func(name string, u groupmem.Usage) {
		fmt.Fprintf(tw, "%.4f\t%d\t%d\t%d\t%d\t%d\t  %s\n", u.Cost.Float64(), u.Runs, u.Calls, u.PromptTokens,
			u.CompletionTokens, u.EmbeddingTokens, name)
	}
	for _, u := range rep.Rows {
		if u.Purged {
			u.GroupID = groupmem.PurgedLabel
		}
		line(u.GroupID, u)
	}
	line("all groups", rep.Total)
	tw.Flush()
}
