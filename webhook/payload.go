package webhook

import (
	"encoding/json"
	"time"

	"github.com/groupmem/groupmem"
)

// payload is the body of a delivery, as the Standard Webhooks
// specification shapes it.
type payload struct {
	Type      groupmem.EventType `json:"type"`
	Timestamp string             `json:"timestamp"`
	Data      groupmem.EventData `json:"data"`
}

// Payload returns the JSON body of event e: its type, the time it
// committed and its data. It is the same for every delivery of e, unless
// a redaction removed a statement from it in between.
func Payload(e groupmem.Event) []byte {
	b, _ := json.Marshal(payload{Type: e.Type, Timestamp: e.At.UTC().Format(time.RFC3339Nano), Data: e.Data}) // plain data always marshals
	return b
}
