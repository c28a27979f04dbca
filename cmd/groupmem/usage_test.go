package main

import (
	"strings"
	"testing"

	"github.com/groupmem/groupmem"
)

// The model prices reach the worker's configuration; a price that is
// negative or not a number is refused, naming its setting.
func TestPricesAreValidated(t *testing.T) {
	tests := []struct {
		env     map[string]string
		setting string // "" when valid
	}{
		{nil, ""},
		{map[string]string{"GROUPMEM_LLM_PRICE_INPUT": "2.5", "GROUPMEM_LLM_PRICE_OUTPUT": "10", "GROUPMEM_EMBED_PRICE_INPUT": "0.02"}, ""},
		{map[string]string{"GROUPMEM_LLM_PRICE_OUTPUT": "-1"}, "GROUPMEM_LLM_PRICE_OUTPUT"},
		{map[string]string{"GROUPMEM_EMBED_PRICE_INPUT": "NaN"}, "GROUPMEM_EMBED_PRICE_INPUT"},
		{map[string]string{"GROUPMEM_LLM_PRICE_INPUT": "+Inf"}, "GROUPMEM_LLM_PRICE_INPUT"},
		{map[string]string{"GROUPMEM_LLM_PRICE_INPUT": "cheap"}, "GROUPMEM_LLM_PRICE_INPUT"},
	}
	for _, tt := range tests {
		cfg, err := bindConfig(newFlagSet(), func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok })
		if err == nil {
			err = cfg.validate()
		}
		if tt.setting == "" {
			if err != nil {
				t.Errorf("%v: %v", tt.env, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.setting) {
			t.Errorf("%v: error %v; want one naming %s", tt.env, err, tt.setting)
		}
	}
	cfg, err := bindConfig(newFlagSet(), func(k string) (string, bool) { v, ok := tests[1].env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	want := groupmem.Prices{ChatInput: 2.5, ChatOutput: 10, EmbedInput: 0.02}
	if got := stackConfig(cfg, nil).Service.Prices; got != want {
		t.Errorf("the worker's prices %+v, want %+v", got, want)
	}
}
