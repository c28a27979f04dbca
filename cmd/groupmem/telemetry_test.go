package main

import (
	"strings"
	"testing"

	"github.com/groupmem/groupmem/telemetry/otlp"
)

// Traces are on when GROUPMEM_OTEL_ENDPOINT or the exporter's standard
// endpoint is set, travel by the protocol the standard variables name
// (the traces' own before the general one), and are off otherwise.
func TestTelemetrySettings(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want otlp.Config
	}{
		{nil, otlp.Config{SampleRatio: 1}},
		{map[string]string{"GROUPMEM_OTEL_ENDPOINT": "http://collector:4318", "GROUPMEM_OTEL_CONTENT": "true"},
			otlp.Config{Endpoint: "http://collector:4318", Content: true, SampleRatio: 1}},
		{map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4317", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"},
			otlp.Config{Standard: true, Protocol: "grpc", SampleRatio: 1}},
		{map[string]string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://c:4318/v1/traces", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc",
			"OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/protobuf", "GROUPMEM_OTEL_SAMPLE_RATIO": "0.25"},
			otlp.Config{Standard: true, Protocol: "http/protobuf", SampleRatio: 0.25}},
	}
	for _, tt := range tests {
		cfg, err := bindConfig(newFlagSet(), func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok })
		if err != nil || cfg.validate() != nil {
			t.Fatalf("settings %v: %v, %v", tt.env, err, cfg.validate())
		}
		got := telemetryConfig(cfg)
		got.Version = ""
		if got != tt.want {
			t.Errorf("settings %v: telemetry %+v, want %+v", tt.env, got, tt.want)
		}
	}
	cfg, _ := bindConfig(newFlagSet(), func(k string) (string, bool) {
		return map[string]string{"GROUPMEM_OTEL_SAMPLE_RATIO": "1.5"}[k], k == "GROUPMEM_OTEL_SAMPLE_RATIO"
	})
	if err := cfg.validate(); err == nil || !strings.Contains(err.Error(), "GROUPMEM_OTEL_SAMPLE_RATIO") {
		t.Errorf("a sample ratio of 1.5: %v; want an error naming GROUPMEM_OTEL_SAMPLE_RATIO", err)
	}
}
