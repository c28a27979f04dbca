package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/groupmem/groupmem"
)

// runMCP serves one MCP session on standard input and output: the API's
// tools, as the key GROUPMEM_MCP_KEY names (or, on the embedded default
// without keys, as its local admin), with the outbox relay running so that
// what the agent writes is searchable. It ends when the client closes
// standard input. Logs go to standard error: standard output is the
// protocol's.
func runMCP(ctx context.Context, env *Env, _ []string) error {
	cfg := *env.Config
	keys := strings.TrimSpace(cfg.APIKeys) != ""
	open := cfg.APIOpen
	switch {
	case cfg.MCPKey != "" && !keys:
		return errors.New("GROUPMEM_MCP_KEY is set but GROUPMEM_API_KEYS is empty: the key must be one of the API keys")
	case cfg.MCPKey == "" && keys:
		return errors.New("GROUPMEM_MCP_KEY is not set: give the secret of the API key (one of GROUPMEM_API_KEYS) the agent acts with")
	case cfg.MCPKey == "" && !open && cfg.PostgresURL != "":
		return errors.New("GROUPMEM_MCP_KEY is not set: on a shared ledger the agent needs a key of GROUPMEM_API_KEYS " +
			"(GROUPMEM_API_OPEN=true acts as an admin of every group, for a private machine)")
	case cfg.MCPKey == "":
		open = true // the embedded default, opened by its local user as the demo opens it
	}
	cfg.Scheduler = false // an agent's tool server runs no nightly evolutions
	menv := *env
	menv.Config = &cfg
	b, err := openStack(ctx, &cfg, env.Log, true)
	if err != nil {
		return err
	}
	defer b.Close()
	s, err := newServer(&menv, b, open)
	if err != nil {
		return err
	}
	dutyCtx, stopDuties := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	for _, d := range s.duties {
		wg.Go(func() { d(dutyCtx) })
	}
	err = s.mcp.Stdio(ctx, env.Stdin, env.Stdout, cfg.MCPKey)
	if groupmem.ErrorCode(err) == groupmem.EUNAUTH {
		err = fmt.Errorf("GROUPMEM_MCP_KEY: %s", groupmem.ErrorMessage(err))
	}
	grace, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownGrace)
	defer cancel()
	_ = s.handler.Wait(grace) // evolutions still running then are cancelled below
	s.cancelBackground()
	stopDuties()
	wg.Wait()
	return err
}
