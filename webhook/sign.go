// Package webhook delivers a ledger's events to webhook subscriptions:
// the subscriptions' rules (Subscriptions: URL, event types, secret and
// its rotation), the Standard Webhooks signature (Sign), the guard that
// keeps deliveries off loopback, link-local and private addresses
// (Guard), and the Deliverer, the loop that claims streams of pending
// deliveries from the ledger and posts them in order, with retries.
//
// The ledger holds every guarantee about what is sent: an event exists
// only for what committed, and a stream (one webhook, one group) is held
// by one deliverer at a time. This package sends at least once: an event
// whose delivery was not recorded is sent again, with the same id.
package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/groupmem/groupmem"
)

// SecretPrefix starts every secret, as the Standard Webhooks
// specification writes them.
const SecretPrefix = "whsec_"

// NewSecret returns a new random secret: SecretPrefix and the base64 of
// 32 random bytes.
func NewSecret() string {
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return SecretPrefix + base64.StdEncoding.EncodeToString(b[:])
}

// Sign returns the signature of one delivery by secret, as the
// webhook-signature header carries it: "v1," and the base64 of the
// HMAC-SHA256, keyed by the secret's decoded bytes, of
// "<id>.<timestamp>.<body>". EINVALID for a secret that is not
// SecretPrefix and base64.
func Sign(secret, id string, ts time.Time, body []byte) (string, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
	if err != nil || !strings.HasPrefix(secret, SecretPrefix) || len(key) == 0 {
		return "", groupmem.Errorf(groupmem.EINVALID, "a webhook secret must be %s and base64", SecretPrefix)
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id))
	mac.Write([]byte{'.'})
	mac.Write([]byte(strconv.FormatInt(ts.Unix(), 10)))
	mac.Write([]byte{'.'})
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// Signatures returns the webhook-signature header of one delivery of w's:
// the signature by its secret and, until PreviousUntil, by the secret
// before it, separated by a space.
func Signatures(w groupmem.Webhook, id string, ts time.Time, body []byte) (string, error) {
	sig, err := Sign(w.Secret, id, ts, body)
	if err != nil {
		return "", err
	}
	if w.PreviousSecret != "" && ts.Before(w.PreviousUntil) {
		old, err := Sign(w.PreviousSecret, id, ts, body)
		if err != nil {
			return "", err
		}
		sig += " " + old
	}
	return sig, nil
}
