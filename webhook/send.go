package webhook

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
)

// UserAgent is the User-Agent of every delivery.
const UserAgent = "groupmem-webhooks/1"

// result is what one delivery attempt came to.
type result struct {
	status     int
	latency    time.Duration
	retryAfter time.Duration // what the receiver asked for, if anything
	err        error         // nil when the receiver answered 2xx
}

// send posts event e to w once: signed, bounded by the client's timeout,
// reading at most MaxResponseBytes of the answer.
func (d *Deliverer) send(ctx context.Context, w groupmem.Webhook, e groupmem.Event) result {
	body := Payload(e)
	now := d.cfg.Now()
	sig, err := Signatures(w, e.ID, now, body)
	if err != nil {
		return result{err: err}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.URL, bytes.NewReader(body))
	if err != nil {
		return result{err: fmt.Errorf("build request: %w", err)}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", UserAgent)
	req.Header.Set("webhook-id", e.ID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
	req.Header.Set("webhook-signature", sig)
	start := time.Now()
	resp, err := d.client.Do(req)
	if err != nil {
		return result{latency: time.Since(start), err: err}
	}
	head, _ := io.ReadAll(io.LimitReader(resp.Body, MaxResponseBytes))
	resp.Body.Close()
	res := result{status: resp.StatusCode, latency: time.Since(start)}
	if resp.StatusCode/100 != 2 {
		res.err = fmt.Errorf("HTTP %d", resp.StatusCode)
		if text := groupmem.Truncate(strings.TrimSpace(string(head)), 200); text != "" {
			res.err = fmt.Errorf("HTTP %d: %s", resp.StatusCode, text)
		}
		res.retryAfter = retryAfter(resp.Header.Get("Retry-After"), now)
	}
	return res
}

// retryAfter reads a Retry-After header: seconds or an HTTP date; zero
// when there is none or it cannot be read.
func retryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && s > 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return 0
}
