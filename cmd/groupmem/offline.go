package main

import (
	"errors"
	"log/slog"

	"github.com/groupmem/groupmem/worker"
)

// newOfflineFuser returns the evolver that needs no language model.
func newOfflineFuser(cfg *Config, log *slog.Logger) (worker.Fuser, error) {
	return nil, errors.New("GROUPMEM_LLM_URL is not set and no offline evolver is built in")
}
