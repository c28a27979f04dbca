package main

import (
	"cmp"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/telemetry/otlp"
)

// otelEnv is what the OpenTelemetry exporter's own variables say: whether
// an endpoint is set (the exporter then reads it and the other
// OTEL_EXPORTER_OTLP_* variables itself) and the protocol asked for.
type otelEnv struct {
	standard bool
	protocol string
}

// readOTelEnv reads the exporter's variables that decide whether traces
// are on and how they travel.
func readOTelEnv(lookupEnv func(string) (string, bool)) otelEnv {
	get := func(name string) string { v, _ := lookupEnv(name); return v }
	return otelEnv{
		standard: get("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != "",
		protocol: cmp.Or(get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"), get("OTEL_EXPORTER_OTLP_PROTOCOL")),
	}
}

// telemetryConfig is the traces' part of cfg.
func telemetryConfig(cfg *Config) otlp.Config {
	return otlp.Config{
		Endpoint: cfg.OTelEndpoint, Standard: cfg.otel.standard, Protocol: cfg.otel.protocol,
		SampleRatio: cfg.OTelSampleRatio, Content: cfg.OTelContent, Version: groupmem.BuildVersion(),
	}
}
