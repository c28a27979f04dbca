package groupmem_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/groupmem/groupmem"
)

func TestCostOf(t *testing.T) {
	for _, tt := range []struct {
		in   float64
		want groupmem.Cost
	}{
		{0.1, 100_000_000},
		{0.1 + 0.2, 300_000_000},
		{1.5, 1_500_000_000},
		{2.5e-9, 3}, // half a nano-unit away from zero
		{-2.5e-9, -3},
		{0.4e-9, 0},
		{math.NaN(), 0},
		{math.Inf(1), groupmem.MaxCost},
		{-1e300, -groupmem.MaxCost},
	} {
		if got := groupmem.CostOf(tt.in); got != tt.want {
			t.Errorf("CostOf(%v) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestCostJSON(t *testing.T) {
	for _, tt := range []struct {
		cost groupmem.Cost
		text string
	}{
		{0, "0"},
		{300_000_000, "0.3"},
		{12 * groupmem.CostUnit, "12"},
		{1, "0.000000001"},
		{-1_500_000_001, "-1.500000001"},
		{groupmem.MaxCost, "9223372036.854775807"},
		{-groupmem.MaxCost, "-9223372036.854775807"},
	} {
		b, err := json.Marshal(tt.cost)
		if err != nil || string(b) != tt.text || tt.cost.String() != tt.text {
			t.Errorf("Marshal(%d) = %s, %v; String %s; want %s", tt.cost, b, err, tt.cost, tt.text)
		}
		var back groupmem.Cost
		if err := json.Unmarshal(b, &back); err != nil || back != tt.cost {
			t.Errorf("Unmarshal(%s) = %d, %v; want %d", b, back, err, tt.cost)
		}
	}
	// What older versions wrote, floats, reads as the nano-units it meant.
	for text, want := range map[string]groupmem.Cost{
		"0.30000000000000004": 300_000_000,
		"0.20000000000000004": 200_000_000,
		"1e-7":                100,
		"2.5e-9":              3,
		"-2.5e-9":             -3,
		"1e300":               groupmem.MaxCost,
	} {
		var c groupmem.Cost
		if err := json.Unmarshal([]byte(text), &c); err != nil || c != want {
			t.Errorf("Unmarshal(%s) = %d, %v; want %d", text, c, err, want)
		}
	}
	for _, bad := range []string{`"0.3"`, `true`, `{}`} {
		var c groupmem.Cost
		if err := json.Unmarshal([]byte(bad), &c); err == nil {
			t.Errorf("Unmarshal(%s) = %d, want an error", bad, c)
		}
	}
	// Tokens keep their shape: cost a number, left out when zero.
	b, _ := json.Marshal(groupmem.Tokens{Prompt: 1, Cost: 0.1 * groupmem.CostUnit})
	if string(b) != `{"prompt":1,"completion":0,"cost":0.1}` {
		t.Errorf("Tokens as JSON: %s", b)
	}
	if b, _ := json.Marshal(groupmem.Tokens{Prompt: 1}); string(b) != `{"prompt":1,"completion":0}` {
		t.Errorf("Tokens without a cost as JSON: %s", b)
	}
}

func TestCostFloat64(t *testing.T) {
	for c, want := range map[groupmem.Cost]float64{300_000_000: 0.3, 1_300_000_000: 1.3, -100_000_000: -0.1, 1: 1e-9} {
		if got := c.Float64(); got != want {
			t.Errorf("Cost(%d).Float64() = %v, want %v", c, got, want)
		}
	}
}
