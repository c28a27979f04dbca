package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llmfuse"
	"github.com/groupmem/groupmem/stack"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/redis"
	"github.com/groupmem/groupmem/webhook"
	"github.com/groupmem/groupmem/worker"
)

// openStack opens the parts cfg chooses through the one assembly (package
// stack); messages keeps an in-process message index when no Qdrant is
// configured (a serving process). An error a setting caused names its
// variable.
func openStack(ctx context.Context, cfg *Config, log *slog.Logger, messages bool) (*stack.Stack, error) {
	sc := stackConfig(cfg, log)
	sc.MessageIndex = messages
	s, err := stack.Open(ctx, sc)
	return s, settingError(err)
}

// stackConfig is the assembly's part of cfg.
func stackConfig(cfg *Config, log *slog.Logger) stack.Config {
	loc, _ := time.LoadLocation(cfg.TimeZone) // validated
	temp := cfg.LLMTemperature
	return stack.Config{
		Webhooks: webhook.Config{Guard: webhook.Guard{AllowPrivate: cfg.WebhookAllowPrivate, AllowHTTP: cfg.WebhookAllowHTTP},
			Timeout: cfg.WebhookTimeout, Lease: cfg.WebhookLease, Retention: webhookRetention(cfg.WebhookRetainDays)},
		Postgres:      postgresConfig(cfg),
		SQLitePath:    cfg.SQLitePath,
		Redis:         redis.Config{Addr: cfg.RedisAddr, Password: cfg.RedisPassword, DB: cfg.RedisDB, Prefix: cfg.RedisPrefix},
		SingleReplica: cfg.SingleReplica,
		Qdrant: qdrant.Config{Addr: cfg.QdrantAddr, APIKey: cfg.QdrantAPIKey, TLS: cfg.QdrantTLS,
			Collection: cfg.QdrantCollection},
		MessagesCollection: cfg.QdrantMessages,
		Embeddings:         llm.EmbeddingsConfig{BaseURL: cfg.EmbedURL, APIKey: cfg.EmbedKey, Model: cfg.EmbedModel, Dimension: cfg.EmbedDim},
		LocalEmbedder:      cfg.LocalEmbedder,
		Dim:                cfg.EmbedDim,
		Reembed:            cfg.reembed,
		Upgrade:            cfg.upgrade,
		Chat: llm.ChatConfig{BaseURL: cfg.LLMURL, APIKey: cfg.LLMKey, Model: cfg.LLMModel, Temperature: &temp,
			MaxTokens: cfg.LLMMaxTokens, Timeout: cfg.LLMTimeout},
		Limits:         groupmem.RateLimits{RequestsPerMinute: cfg.LLMRPM, TokensPerMinute: cfg.LLMTPM},
		MaxConcurrency: cfg.Concurrency,
		Evolve: evolve.Config{
			Lang: cfg.Lang, Location: loc, MaxMemories: cfg.MaxMemories, MaxMessages: cfg.MaxMessages,
			MaxPromptTokens: cfg.MaxPromptTokens, MaxDeleteShare: cfg.MaxDeleteShare,
			Reasks: never(cfg.LLMReasks), MaxSplits: never(cfg.LLMMaxSplits),
		},
		LLMFuse:         llmfuse.Config{MaxAnswerBytes: cfg.LLMMaxAnswer, MaxObjectBytes: cfg.LLMMaxObject},
		Service:         worker.Config{LockTTL: cfg.LockTTL, Prices: cfg.prices()},
		Retention:       worker.RetentionConfig{MessageDays: cfg.RetainMessagesDays, IdleGroupDays: cfg.PurgeIdleGroupsDays},
		SearchThreshold: cfg.SearchThreshold,
		Logger:          log,
		Telemetry:       telemetryConfig(cfg),
	}
}

// settingVariables names the variable behind each setting of
// stack.Config an error can name. The command checks the rest of the chat
// and embeddings settings (model, dimension, temperature, ...) before it
// opens a stack, so what the stack still refuses of them is their URL.
var settingVariables = map[string]string{
	"SQLitePath":         "GROUPMEM_SQLITE_PATH",
	"Postgres.URL":       "GROUPMEM_POSTGRES_URL",
	"Redis.Addr":         "GROUPMEM_REDIS_ADDR",
	"Qdrant.Addr":        "GROUPMEM_QDRANT_ADDR",
	"Embeddings":         "GROUPMEM_EMBED_URL",
	"Chat":               "GROUPMEM_LLM_URL",
	"LocalEmbedder":      "GROUPMEM_LOCAL_EMBEDDER",
	"Qdrant.Collection":  "GROUPMEM_QDRANT_COLLECTION",
	"MessagesCollection": "GROUPMEM_QDRANT_MESSAGE_COLLECTION",
	"Telemetry":          "GROUPMEM_OTEL_ENDPOINT or OTEL_EXPORTER_OTLP_*",
}

// settingError names the variable of the setting err blames, if any.
func settingError(err error) error {
	var se *stack.SettingError
	if errors.As(err, &se) {
		if v, ok := settingVariables[se.Setting]; ok {
			return fmt.Errorf("%s: %w", v, se.Err)
		}
	}
	return err
}

// never turns a setting's 0 ("never") into the negative value evolve.Config
// reads that way (its 0 means the default).
func never(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// postgresConfig is the Postgres ledger's part of cfg.
func postgresConfig(cfg *Config) postgres.Config {
	return postgres.Config{
		URL: cfg.PostgresURL, Schema: cfg.PostgresSchema,
		IdleInTxTimeout: cfg.PostgresIdleInTxTimeout, LockTimeout: cfg.PostgresLockTimeout,
		StatementTimeout: cfg.PostgresStatementTimeout, MigrateTimeout: cfg.PostgresMigrateTimeout,
	}
}

// webhookRetention is GROUPMEM_WEBHOOK_RETAIN_DAYS as the webhook
// package reads it: 0 days keeps everything.
func webhookRetention(days int) time.Duration {
	if days == 0 {
		return -1
	}
	return time.Duration(days) * 24 * time.Hour
}
