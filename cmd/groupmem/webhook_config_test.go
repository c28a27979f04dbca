package main

import (
	"strings"
	"testing"
)

// GROUPMEM_WEBHOOK_LEASE is 0 (4 × the timeout) or at least twice
// GROUPMEM_WEBHOOK_TIMEOUT, so that a stream's lease outlasts a send;
// GROUPMEM_WEBHOOK_RETAIN_DAYS is not negative. Anything else is refused
// at startup, naming the setting.
func TestWebhookSettingsAreValidated(t *testing.T) {
	tests := []struct {
		env  map[string]string
		name string // the setting the error names; "" when valid
	}{
		{nil, ""},
		{map[string]string{"GROUPMEM_WEBHOOK_LEASE": "30s"}, ""},
		{map[string]string{"GROUPMEM_WEBHOOK_LEASE": "10s", "GROUPMEM_WEBHOOK_TIMEOUT": "5s"}, ""},
		{map[string]string{"GROUPMEM_WEBHOOK_LEASE": "20s"}, "GROUPMEM_WEBHOOK_LEASE"}, // above the 15s timeout, below twice it
		{map[string]string{"GROUPMEM_WEBHOOK_LEASE": "9s", "GROUPMEM_WEBHOOK_TIMEOUT": "5s"}, "GROUPMEM_WEBHOOK_LEASE"},
		{map[string]string{"GROUPMEM_WEBHOOK_RETAIN_DAYS": "0"}, ""},
		{map[string]string{"GROUPMEM_WEBHOOK_RETAIN_DAYS": "-1"}, "GROUPMEM_WEBHOOK_RETAIN_DAYS"},
	}
	for _, tt := range tests {
		cfg, err := bindConfig(newFlagSet(), func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok })
		if err != nil {
			t.Fatal(err)
		}
		err = cfg.validate()
		if (tt.name == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.name) {
			t.Errorf("validate(%v) = %v; want an error naming %q", tt.env, err, tt.name)
		}
	}
}
