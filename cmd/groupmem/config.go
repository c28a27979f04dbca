package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/api"
	"github.com/groupmem/groupmem/embed"
	"github.com/groupmem/groupmem/evolve"
	"github.com/groupmem/groupmem/llm"
	"github.com/groupmem/groupmem/llmfuse"
	"github.com/groupmem/groupmem/prompts"
	"github.com/groupmem/groupmem/stack"
	"github.com/groupmem/groupmem/store/postgres"
	"github.com/groupmem/groupmem/store/qdrant"
	"github.com/groupmem/groupmem/store/redis"
	"github.com/groupmem/groupmem/store/sqlite"
	"github.com/groupmem/groupmem/webhook"
	"github.com/groupmem/groupmem/worker"
)

// Config is every setting of the groupmem binary. Each field is read from
// its GROUPMEM_* environment variable and may be overridden by the flag of
// the same name in lower case (GROUPMEM_POSTGRES_URL → -postgres-url).
// An empty address means "not configured": the embedded default is used
// for that part where one exists.
type Config struct {
	SQLitePath               string
	PostgresURL              string
	PostgresSchema           string
	PostgresIdleInTxTimeout  time.Duration
	PostgresLockTimeout      time.Duration
	PostgresStatementTimeout time.Duration
	PostgresMigrateTimeout   time.Duration

	RedisAddr     string
	RedisPassword string
	RedisDB       int
	RedisPrefix   string

	QdrantAddr       string
	QdrantAPIKey     string
	QdrantTLS        bool
	QdrantCollection string
	QdrantMessages   string

	EmbedDim      int
	LocalEmbedder string

	reembed    bool // reindex: embed every memory version again at open (not a setting)
	upgrade    bool // reindex: rebuild Qdrant collections an earlier version made (not a setting)
	EmbedURL   string
	EmbedKey   string
	EmbedModel string
	EmbedPrice float64

	LLMURL         string
	LLMKey         string
	LLMModel       string
	LLMTemperature float64
	LLMMaxTokens   int
	LLMRPM         int
	LLMTPM         int
	LLMTimeout     time.Duration
	LLMReasks      int
	LLMMaxSplits   int
	LLMMaxAnswer   int
	LLMMaxObject   int
	LLMPriceIn     float64
	LLMPriceOut    float64

	Lang            string
	TimeZone        string
	MaxMemories     int
	MaxMessages     int
	MaxPromptTokens int
	MaxDeleteShare  float64

	Schedule    string
	MinMessages int
	Concurrency int
	RunTimeout  time.Duration
	MaxAttempts int
	FollowUps   int

	RetainMessagesDays  int
	PurgeIdleGroupsDays int
	Scheduler           bool

	SingleReplica bool

	WebhookAllowPrivate bool
	WebhookAllowHTTP    bool
	WebhookTimeout      time.Duration
	WebhookLease        time.Duration
	WebhookRetainDays   int

	HTTPAddr        string
	MetricsAddr     string
	MetricsKey      string
	APIKeys         string
	APIOpen         bool
	MCPKey          string
	CORSOrigins     string
	SearchThreshold float64
	ShutdownGrace   time.Duration

	LockTTL  time.Duration
	JobLease time.Duration
	LogLevel string
	LogJSON  bool

	OTelEndpoint    string
	OTelContent     bool
	OTelSampleRatio float64
	otel            otelEnv // the OpenTelemetry exporter's own variables (not settings)
}

// setting describes one configuration variable.
type setting struct {
	env  string
	doc  string
	bind func(fs *flag.FlagSet, name, def string) error
	def  string
}

func (c *Config) settings() []setting {
	str := func(p *string) func(*flag.FlagSet, string, string) error {
		return func(fs *flag.FlagSet, name, def string) error { fs.StringVar(p, name, def, ""); return nil }
	}
	num := func(p *int) func(*flag.FlagSet, string, string) error {
		return func(fs *flag.FlagSet, name, def string) error {
			v, err := strconv.Atoi(def)
			if err != nil {
				return fmt.Errorf("not an integer: %q", def)
			}
			fs.IntVar(p, name, v, "")
			return nil
		}
	}
	float := func(p *float64) func(*flag.FlagSet, string, string) error {
		return func(fs *flag.FlagSet, name, def string) error {
			v, err := strconv.ParseFloat(def, 64)
			if err != nil {
				return fmt.Errorf("not a number: %q", def)
			}
			fs.Float64Var(p, name, v, "")
			return nil
		}
	}
	boolean := func(p *bool) func(*flag.FlagSet, string, string) error {
		return func(fs *flag.FlagSet, name, def string) error {
			v, err := strconv.ParseBool(def)
			if err != nil {
				return fmt.Errorf("not true or false: %q", def)
			}
			fs.BoolVar(p, name, v, "")
			return nil
		}
	}
	dur := func(p *time.Duration) func(*flag.FlagSet, string, string) error {
		return func(fs *flag.FlagSet, name, def string) error {
			v, err := time.ParseDuration(def)
			if err != nil {
				return fmt.Errorf("not a duration like 30s or 5m: %q", def)
			}
			fs.DurationVar(p, name, v, "")
			return nil
		}
	}
	return []setting{
		{"GROUPMEM_SQLITE_PATH", "SQLite file of the embedded ledger, used when GROUPMEM_POSTGRES_URL is empty", str(&c.SQLitePath), sqlite.DefaultPath},
		{"GROUPMEM_POSTGRES_URL", "Postgres connection URL of the ledger (empty: the embedded SQLite ledger)", str(&c.PostgresURL), ""},
		{"GROUPMEM_POSTGRES_SCHEMA", "Postgres schema holding the tables; created when missing (empty: the server's search_path)", str(&c.PostgresSchema), ""},
		{"GROUPMEM_POSTGRES_IDLE_TX_TIMEOUT", "Postgres ends a ledger session whose transaction stays idle this long, releasing its locks (idle_in_transaction_session_timeout)", dur(&c.PostgresIdleInTxTimeout), text(postgres.DefaultIdleInTxTimeout)},
		{"GROUPMEM_POSTGRES_LOCK_TIMEOUT", "longest wait of a ledger statement for a lock (lock_timeout), and of a write's whole wait for its group's row, queued behind other writers or not; the call then fails with `conflict`", dur(&c.PostgresLockTimeout), text(postgres.DefaultLockTimeout)},
		{"GROUPMEM_POSTGRES_STATEMENT_TIMEOUT", "longest run of one ledger statement (statement_timeout); the call then fails with `unavailable`", dur(&c.PostgresStatementTimeout), text(postgres.DefaultStatementTimeout)},
		{"GROUPMEM_POSTGRES_MIGRATE_TIMEOUT", "statement and lock timeout inside the migration transaction, which may rewrite large tables and waits for other migrators", dur(&c.PostgresMigrateTimeout), text(postgres.DefaultMigrateTimeout)},
		{"GROUPMEM_REDIS_ADDR", "Redis host:port for per-group locks (empty: in-process locks)", str(&c.RedisAddr), ""},
		{"GROUPMEM_REDIS_PASSWORD", "Redis password", str(&c.RedisPassword), ""},
		{"GROUPMEM_REDIS_DB", "Redis database number", num(&c.RedisDB), "0"},
		{"GROUPMEM_REDIS_PREFIX", "prefix of every Redis key", str(&c.RedisPrefix), redis.DefaultPrefix},
		{"GROUPMEM_QDRANT_ADDR", "Qdrant gRPC host:port of the search index (empty: in-process index)", str(&c.QdrantAddr), ""},
		{"GROUPMEM_QDRANT_API_KEY", "Qdrant API key", str(&c.QdrantAPIKey), ""},
		{"GROUPMEM_QDRANT_TLS", "use TLS to Qdrant", boolean(&c.QdrantTLS), "false"},
		{"GROUPMEM_QDRANT_COLLECTION", "Qdrant collection name", str(&c.QdrantCollection), qdrant.DefaultCollection},
		{"GROUPMEM_QDRANT_MESSAGE_COLLECTION", "Qdrant collection of the message index (hybrid message search and context)", str(&c.QdrantMessages), qdrant.DefaultMessageCollection},
		{"GROUPMEM_EMBED_DIM", "embedding dimension of the embeddings service or of the hashing embedder; must match the index collection (the static embedder's is 100)", num(&c.EmbedDim), text(embed.DefaultHashingDim)},
		{"GROUPMEM_LOCAL_EMBEDDER", "embedder used without GROUPMEM_EMBED_URL: static (a bilingual word table in the binary: similar meaning, Chinese and English) or hashing (shared characters and words only)", str(&c.LocalEmbedder), stack.Static},
		{"GROUPMEM_EMBED_URL", "OpenAI-compatible embeddings base URL (empty: the local hashed embedder)", str(&c.EmbedURL), ""},
		{"GROUPMEM_EMBED_KEY", "embeddings API key", str(&c.EmbedKey), ""},
		{"GROUPMEM_EMBED_MODEL", "embeddings model", str(&c.EmbedModel), "text-embedding-3-small"},
		{"GROUPMEM_EMBED_PRICE_INPUT", "price of a million tokens sent to the embeddings model, in the currency of your choice (at most 1000000), recorded as each run's cost (`groupmem usage`)", float(&c.EmbedPrice), "0"},
		{"GROUPMEM_LLM_URL", "OpenAI-compatible chat base URL, e.g. https://api.openai.com/v1 (empty: the offline evolver)", str(&c.LLMURL), ""},
		{"GROUPMEM_LLM_KEY", "chat API key", str(&c.LLMKey), ""},
		{"GROUPMEM_LLM_MODEL", "chat model", str(&c.LLMModel), "gpt-4o-mini"},
		{"GROUPMEM_LLM_TEMPERATURE", "chat temperature", float(&c.LLMTemperature), "0.2"},
		{"GROUPMEM_LLM_MAX_TOKENS", "most completion tokens per model call", num(&c.LLMMaxTokens), "4096"},
		{"GROUPMEM_LLM_RPM", "the chat model's requests per minute, shared by every process on the same Redis (0: unlimited, or as the provider's x-ratelimit headers report)", num(&c.LLMRPM), "0"},
		{"GROUPMEM_LLM_TPM", "the chat model's tokens per minute (prompt estimate + GROUPMEM_LLM_MAX_TOKENS per call), shared like GROUPMEM_LLM_RPM (0: unlimited, or as reported)", num(&c.LLMTPM), "0"},
		{"GROUPMEM_LLM_TIMEOUT", "timeout of one model call attempt", dur(&c.LLMTimeout), text(llm.DefaultChatTimeout)},
		{"GROUPMEM_LLM_REASKS", "times a pass is asked again when the answer holds no valid action; then the run fails and its messages wait (0: never)", num(&c.LLMReasks), text(evolve.DefaultReasks)},
		{"GROUPMEM_LLM_MAX_SPLITS", "times a pass whose answer the token limit cut is split in half and asked again (0: never)", num(&c.LLMMaxSplits), text(evolve.DefaultMaxSplits)},
		{"GROUPMEM_LLM_MAX_ANSWER_BYTES", "most bytes of one answer that are read; the lines past it are dropped", num(&c.LLMMaxAnswer), text(llmfuse.DefaultMaxAnswerBytes)},
		{"GROUPMEM_LLM_MAX_OBJECT_BYTES", "longest object of an answer that is decoded or repaired; longer ones are dropped", num(&c.LLMMaxObject), text(llmfuse.DefaultMaxObjectBytes)},
		{"GROUPMEM_LLM_PRICE_INPUT", "price of a million prompt tokens of the chat model, in the currency of your choice (at most 1000000), recorded as each run's cost (`groupmem usage`)", float(&c.LLMPriceIn), "0"},
		{"GROUPMEM_LLM_PRICE_OUTPUT", "price of a million completion tokens of the chat model, in the same currency (at most 1000000)", float(&c.LLMPriceOut), "0"},
		{"GROUPMEM_LANG", "prompt language: zh or en", str(&c.Lang), prompts.DefaultLang},
		{"GROUPMEM_TIMEZONE", "time zone of prompts and of the nightly schedule (IANA name)", str(&c.TimeZone), worker.DefaultTimeZone},
		{"GROUPMEM_MAX_MEMORIES", "most memories shown to the model in one pass", num(&c.MaxMemories), text(evolve.DefaultMaxMemories)},
		{"GROUPMEM_MAX_MESSAGES", "most messages shown to the model in one pass; more make several passes", num(&c.MaxMessages), text(evolve.DefaultMaxMessages)},
		{"GROUPMEM_MAX_PROMPT_TOKENS", "estimated token budget of one pass's prompt", num(&c.MaxPromptTokens), text(evolve.DefaultMaxPromptTokens)},
		{"GROUPMEM_MAX_DELETE_SHARE", "largest share of a group's memories one run may delete before it is held for review (1 disables)", float(&c.MaxDeleteShare), text(evolve.DefaultMaxDeleteShare)},
		{"GROUPMEM_SCHEDULE", "cron spec of the nightly evolution, read in GROUPMEM_TIMEZONE (5 fields or @daily)", str(&c.Schedule), worker.DefaultSchedule},
		{"GROUPMEM_MIN_MESSAGES", "new messages past the watermark that make a group due", num(&c.MinMessages), text(worker.DefaultMinMessages)},
		{"GROUPMEM_CONCURRENCY", "evolutions one process runs at once (also evolve -all)", num(&c.Concurrency), text(worker.DefaultConcurrency)},
		{"GROUPMEM_RUN_TIMEOUT", "time limit of one evolution", dur(&c.RunTimeout), text(worker.DefaultRunTimeout)},
		{"GROUPMEM_MAX_ATTEMPTS", "failed attempts before a group waits for the next slot", num(&c.MaxAttempts), text(worker.DefaultMaxAttempts)},
		{"GROUPMEM_MAX_FOLLOW_UPS", "more runs a group may get in one slot while it has more new messages than one run fuses (" + text(worker.DefaultMaxRunMessages) + " each), each queued behind the other due groups; 0: none", num(&c.FollowUps), text(worker.DefaultMaxFollowUps)},
		{"GROUPMEM_RETAIN_MESSAGES_DAYS", "after each nightly slot, remove the text of fused messages sent more than this many days ago (rows and memories stay; 0: keep all)", num(&c.RetainMessagesDays), "0"},
		{"GROUPMEM_PURGE_IDLE_GROUPS_DAYS", "after each nightly slot, purge groups with no message and no run for this many days (0: never)", num(&c.PurgeIdleGroupsDays), "0"},
		{"GROUPMEM_SCHEDULER", "serve also runs the nightly scheduler and an evolution pool", boolean(&c.Scheduler), "true"},
		{"GROUPMEM_SINGLE_REPLICA", "this process is the only one using its ledger: lets serve and worker run a Postgres ledger with the in-process index, and the in-process lock close abandoned runs", boolean(&c.SingleReplica), "false"},
		{"GROUPMEM_HTTP_ADDR", "address the API listens on", str(&c.HTTPAddr), ":8080"},
		{"GROUPMEM_METRICS_ADDR", "address of /metrics, /healthz and /readyz on their own: `groupmem worker` serves them only there (empty: none); `groupmem serve` serves them there too, and no longer /metrics on GROUPMEM_HTTP_ADDR", str(&c.MetricsAddr), ""},
		{"GROUPMEM_METRICS_KEY", "SHA-256 hex of the bearer token /metrics requires, wherever it is served (`groupmem hash-key` makes it; empty: no token)", str(&c.MetricsKey), ""},
		{"GROUPMEM_API_KEYS", "API keys as name:scope:groups:sha256hex entries separated by ';' (scope admin|write|read, groups * or g1|g2); `groupmem hash-key` makes the hash", str(&c.APIKeys), ""},
		{"GROUPMEM_API_OPEN", "serve without keys, every caller an admin of every group (local use only; not with GROUPMEM_API_KEYS)", boolean(&c.APIOpen), "false"},
		{"GROUPMEM_MCP_KEY", "the API key `groupmem mcp` acts with for its agent: the secret of one of GROUPMEM_API_KEYS (empty on the embedded default without keys: the local user, as an admin)", str(&c.MCPKey), ""},
		{"GROUPMEM_WEBHOOK_ALLOW_PRIVATE", "let webhooks deliver to loopback, link-local and private addresses (checked at every connection; off: public addresses only)", boolean(&c.WebhookAllowPrivate), "false"},
		{"GROUPMEM_WEBHOOK_ALLOW_HTTP", "let webhook URLs use http (off: https only)", boolean(&c.WebhookAllowHTTP), "false"},
		{"GROUPMEM_WEBHOOK_TIMEOUT", "time limit of one webhook delivery: connecting, sending and the answer", dur(&c.WebhookTimeout), text(webhook.DefaultTimeout)},
		{"GROUPMEM_WEBHOOK_LEASE", "how long a replica holds a claimed webhook stream without an attempt renewing it; a killed replica's streams go to another after it (0: 4 × GROUPMEM_WEBHOOK_TIMEOUT; else at least 2 × it, so that a lease outlasts a send)", dur(&c.WebhookLease), "0"},
		{"GROUPMEM_WEBHOOK_RETAIN_DAYS", "after each nightly slot, remove webhook deliveries delivered more than this many days ago and the events every webhook got; a replay reaches back this far (0: keep all)", num(&c.WebhookRetainDays), "7"},
		{"GROUPMEM_CORS_ORIGINS", "browser origins allowed to call the API, comma-separated (https://console.example.com), or * for any; empty: none", str(&c.CORSOrigins), ""},
		{"GROUPMEM_SEARCH_THRESHOLD", "similarity threshold of semantic search (0: " + text(api.DefaultThreshold) + " with an embeddings service, " + text(stack.StaticThreshold) + " with the static embedder, " + text(stack.HashingThreshold) + " with the hashing one); hybrid search cuts nothing unless asked", float(&c.SearchThreshold), "0"},
		{"GROUPMEM_GRACE", "at shutdown, how long requests and evolutions in flight may finish", dur(&c.ShutdownGrace), "30s"},
		{"GROUPMEM_LOCK_TTL", "lease of a per-group lock; renewed while held", dur(&c.LockTTL), text(worker.DefaultLockTTL)},
		{"GROUPMEM_JOB_LEASE", "how long a claimed job stays claimed unless its worker renews it (every third of it, while the run lasts); a killed worker's jobs go to another replica after it (0: GROUPMEM_LOCK_TTL; else at least it)", dur(&c.JobLease), "0"},
		{"GROUPMEM_LOG_LEVEL", "debug, info, warn or error", str(&c.LogLevel), "info"},
		{"GROUPMEM_LOG_JSON", "log JSON lines instead of text", boolean(&c.LogJSON), "false"},
		{"GROUPMEM_OTEL_ENDPOINT", "OTLP collector URL traces are exported to, e.g. http://collector:4318 (OTLP over HTTP; grpc with OTEL_EXPORTER_OTLP_PROTOCOL=grpc); traces are also on when OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set; empty and unset: no traces, at no cost", str(&c.OTelEndpoint), ""},
		{"GROUPMEM_OTEL_CONTENT", "let message text, memory statements, search queries, prompts, answers, SQL and Redis arguments into spans; off, spans carry ids, counts and timings only", boolean(&c.OTelContent), "false"},
		{"GROUPMEM_OTEL_SAMPLE_RATIO", "share of requests, runs and nightly jobs traced, within 0..1 (0: every one); the calls of a traced one are all traced", float(&c.OTelSampleRatio), "1"},
	}
}

// text writes a default as the settings table shows it and the flags
// parse it: a duration in its largest whole unit ("10m", "30s"), a
// number as Go prints it.
func text(v any) string {
	if d, ok := v.(time.Duration); ok {
		switch {
		case d >= time.Hour && d%time.Hour == 0:
			return fmt.Sprintf("%dh", d/time.Hour)
		case d >= time.Minute && d%time.Minute == 0:
			return fmt.Sprintf("%dm", d/time.Minute)
		case d%time.Second == 0:
			return fmt.Sprintf("%ds", d/time.Second)
		}
		return d.String()
	}
	return fmt.Sprint(v)
}

// flagName turns GROUPMEM_POSTGRES_URL into postgres-url.
func flagName(env string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(env, "GROUPMEM_")), "_", "-")
}

// bindConfig registers every setting as a flag on fs whose default comes
// from the environment (lookupEnv, usually os.LookupEnv) or the built-in
// default. A malformed environment value is an error naming the variable.
func bindConfig(fs *flag.FlagSet, lookupEnv func(string) (string, bool)) (*Config, error) {
	c := &Config{}
	for _, s := range c.settings() {
		def := s.def
		if v, ok := lookupEnv(s.env); ok {
			def = v
		}
		if err := s.bind(fs, flagName(s.env), def); err != nil {
			return nil, fmt.Errorf("%s: %w", s.env, err)
		}
		fs.Lookup(flagName(s.env)).Usage = s.doc
	}
	c.otel = readOTelEnv(lookupEnv)
	return c, nil
}

// validate checks the settings once, naming the one that is wrong.
func (c *Config) validate() error {
	switch {
	case c.EmbedDim < 8 || c.EmbedDim > 8192:
		return fmt.Errorf("GROUPMEM_EMBED_DIM must be within 8..8192, got %d", c.EmbedDim)
	case c.LockTTL < time.Second:
		return fmt.Errorf("GROUPMEM_LOCK_TTL must be at least 1s, got %s", c.LockTTL)
	case c.JobLease != 0 && c.JobLease < c.LockTTL:
		return fmt.Errorf("GROUPMEM_JOB_LEASE must be 0 or at least GROUPMEM_LOCK_TTL (%s), got %s", c.LockTTL, c.JobLease)
	case c.LLMMaxTokens < 1:
		return fmt.Errorf("GROUPMEM_LLM_MAX_TOKENS must be positive, got %d", c.LLMMaxTokens)
	case c.LLMTemperature < 0 || c.LLMTemperature > 2:
		return fmt.Errorf("GROUPMEM_LLM_TEMPERATURE must be within 0..2, got %g", c.LLMTemperature)
	case c.LLMRPM < 0:
		return fmt.Errorf("GROUPMEM_LLM_RPM must not be negative, got %d", c.LLMRPM)
	case c.LLMTPM < 0:
		return fmt.Errorf("GROUPMEM_LLM_TPM must not be negative, got %d", c.LLMTPM)
	case c.Concurrency < 1 || c.Concurrency > 1024:
		return fmt.Errorf("GROUPMEM_CONCURRENCY must be within 1..1024, got %d", c.Concurrency)
	case c.MinMessages < 1:
		return fmt.Errorf("GROUPMEM_MIN_MESSAGES must be at least 1, got %d", c.MinMessages)
	case c.MaxAttempts < 1:
		return fmt.Errorf("GROUPMEM_MAX_ATTEMPTS must be at least 1, got %d", c.MaxAttempts)
	case c.FollowUps < 0:
		return fmt.Errorf("GROUPMEM_MAX_FOLLOW_UPS must not be negative, got %d", c.FollowUps)
	case c.RunTimeout <= 0:
		return fmt.Errorf("GROUPMEM_RUN_TIMEOUT must be positive")
	case c.SearchThreshold < 0 || c.SearchThreshold > 1:
		return fmt.Errorf("GROUPMEM_SEARCH_THRESHOLD must be within 0..1, got %g", c.SearchThreshold)
	case c.ShutdownGrace < 0:
		return fmt.Errorf("GROUPMEM_GRACE must not be negative")
	case c.WebhookTimeout < time.Millisecond:
		return fmt.Errorf("GROUPMEM_WEBHOOK_TIMEOUT must be at least 1ms, got %s", c.WebhookTimeout)
	case c.WebhookLease != 0 && c.WebhookLease < 2*c.WebhookTimeout:
		return fmt.Errorf("GROUPMEM_WEBHOOK_LEASE must be 0 or at least 2 × GROUPMEM_WEBHOOK_TIMEOUT (%s), so that a lease outlasts a send, got %s",
			2*c.WebhookTimeout, c.WebhookLease)
	case c.WebhookRetainDays < 0:
		return fmt.Errorf("GROUPMEM_WEBHOOK_RETAIN_DAYS must not be negative, got %d", c.WebhookRetainDays)
	case c.LLMReasks < 0 || c.LLMReasks > 10:
		return fmt.Errorf("GROUPMEM_LLM_REASKS must be within 0..10, got %d", c.LLMReasks)
	case c.LLMMaxSplits < 0 || c.LLMMaxSplits > 10:
		return fmt.Errorf("GROUPMEM_LLM_MAX_SPLITS must be within 0..10, got %d", c.LLMMaxSplits)
	case c.LLMMaxAnswer < 1024:
		return fmt.Errorf("GROUPMEM_LLM_MAX_ANSWER_BYTES must be at least 1024, got %d", c.LLMMaxAnswer)
	case c.LLMMaxObject < 256 || c.LLMMaxObject > 64<<10:
		return fmt.Errorf("GROUPMEM_LLM_MAX_OBJECT_BYTES must be within 256..65536, got %d", c.LLMMaxObject)
	case c.LLMTimeout <= 0:
		return fmt.Errorf("GROUPMEM_LLM_TIMEOUT must be positive")
	case c.LLMURL != "" && strings.TrimSpace(c.LLMModel) == "":
		return errors.New("GROUPMEM_LLM_MODEL must name the model GROUPMEM_LLM_URL serves")
	case c.EmbedURL != "" && strings.TrimSpace(c.EmbedModel) == "":
		return errors.New("GROUPMEM_EMBED_MODEL must name the model GROUPMEM_EMBED_URL serves")
	case c.MaxMemories < 1:
		return fmt.Errorf("GROUPMEM_MAX_MEMORIES must be at least 1, got %d", c.MaxMemories)
	case c.MaxMessages < 1:
		return fmt.Errorf("GROUPMEM_MAX_MESSAGES must be at least 1, got %d", c.MaxMessages)
	case c.MaxPromptTokens < 1:
		return fmt.Errorf("GROUPMEM_MAX_PROMPT_TOKENS must be positive, got %d", c.MaxPromptTokens)
	case !(c.MaxDeleteShare > 0 && c.MaxDeleteShare <= 1):
		return fmt.Errorf("GROUPMEM_MAX_DELETE_SHARE must be within (0, 1], got %g", c.MaxDeleteShare)
	case c.PostgresIdleInTxTimeout < time.Millisecond:
		return fmt.Errorf("GROUPMEM_POSTGRES_IDLE_TX_TIMEOUT must be at least 1ms, got %s", c.PostgresIdleInTxTimeout)
	case c.PostgresLockTimeout < time.Millisecond:
		return fmt.Errorf("GROUPMEM_POSTGRES_LOCK_TIMEOUT must be at least 1ms, got %s", c.PostgresLockTimeout)
	case c.PostgresStatementTimeout < time.Millisecond:
		return fmt.Errorf("GROUPMEM_POSTGRES_STATEMENT_TIMEOUT must be at least 1ms, got %s", c.PostgresStatementTimeout)
	case c.PostgresMigrateTimeout < time.Millisecond:
		return fmt.Errorf("GROUPMEM_POSTGRES_MIGRATE_TIMEOUT must be at least 1ms, got %s", c.PostgresMigrateTimeout)
	case !(c.OTelSampleRatio >= 0 && c.OTelSampleRatio <= 1):
		return fmt.Errorf("GROUPMEM_OTEL_SAMPLE_RATIO must be within 0..1, got %g", c.OTelSampleRatio)
	}
	if err := c.checkPrices(); err != nil {
		return err
	}
	if k := c.MetricsKey; k != "" && (len(k) != 64 || strings.Trim(strings.ToLower(k), "0123456789abcdef") != "") {
		return errors.New("GROUPMEM_METRICS_KEY must be the 64 hex digits `groupmem hash-key` prints, not the token itself")
	}
	if c.RetainMessagesDays < 0 || c.PurgeIdleGroupsDays < 0 {
		return errors.New("GROUPMEM_RETAIN_MESSAGES_DAYS and GROUPMEM_PURGE_IDLE_GROUPS_DAYS must not be negative")
	}
	if c.LocalEmbedder != stack.Static && c.LocalEmbedder != stack.Hashing {
		return fmt.Errorf("GROUPMEM_LOCAL_EMBEDDER must be static or hashing, got %q", c.LocalEmbedder)
	}
	if _, err := api.ParseOrigins(c.CORSOrigins); err != nil {
		return fmt.Errorf("GROUPMEM_CORS_ORIGINS: %s", groupmem.ErrorMessage(err))
	}
	if _, err := time.LoadLocation(c.TimeZone); err != nil {
		return fmt.Errorf("GROUPMEM_TIMEZONE: %w", err)
	}
	switch c.Lang {
	case "zh", "en":
	default:
		return fmt.Errorf("GROUPMEM_LANG must be zh or en, got %q", c.Lang)
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("GROUPMEM_LOG_LEVEL must be debug, info, warn or error, got %q", c.LogLevel)
	}
	return nil
}

// prices are the model prices of the settings.
func (c *Config) prices() groupmem.Prices {
	return groupmem.Prices{ChatInput: c.LLMPriceIn, ChatOutput: c.LLMPriceOut, EmbedInput: c.EmbedPrice}
}

// checkPrices refuses a price that is negative, not a number or above
// groupmem.MaxPrice, naming its setting.
func (c *Config) checkPrices() error {
	for _, p := range []struct {
		env   string
		price float64
	}{{"GROUPMEM_LLM_PRICE_INPUT", c.LLMPriceIn}, {"GROUPMEM_LLM_PRICE_OUTPUT", c.LLMPriceOut}, {"GROUPMEM_EMBED_PRICE_INPUT", c.EmbedPrice}} {
		if err := (groupmem.Prices{ChatInput: p.price}).Check(); err != nil {
			return fmt.Errorf("%s must be a price per million tokens from 0 to %.0f, got %v", p.env, float64(groupmem.MaxPrice), p.price)
		}
	}
	return nil
}

// checkReplicas refuses, for the long-running commands, a setup whose
// replicas would diverge silently: a Postgres ledger, which replicas
// share, with the in-process index, which each would build and update on
// its own. GROUPMEM_SINGLE_REPLICA says there are no other replicas.
func (c *Config) checkReplicas() error {
	if c.PostgresURL != "" && c.QdrantAddr == "" && !c.SingleReplica {
		return errors.New("GROUPMEM_POSTGRES_URL is set without GROUPMEM_QDRANT_ADDR: replicas sharing the Postgres ledger " +
			"would each keep an in-process index of their own and answer searches differently; " +
			"set GROUPMEM_QDRANT_ADDR, or GROUPMEM_SINGLE_REPLICA=true if this is the only replica")
	}
	return nil
}

// printSettings writes the table of every setting, its flag and default,
// as aligned text or as a Markdown table.
func printSettings(w io.Writer, markdown bool) {
	var c Config
	if markdown {
		fmt.Fprintln(w, "| variable | flag | default | meaning |\n|---|---|---|---|")
		for _, s := range c.settings() {
			def := ""
			if s.def != "" {
				def = "`" + s.def + "`"
			}
			fmt.Fprintf(w, "| `%s` | `-%s` | %s | %s |\n", s.env, flagName(s.env), def, strings.ReplaceAll(s.doc, "|", "\\|"))
		}
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "VARIABLE\tFLAG\tDEFAULT\tMEANING")
	for _, s := range c.settings() {
		fmt.Fprintf(tw, "%s\t-%s\t%s\t%s\n", s.env, flagName(s.env), s.def, s.doc)
	}
	tw.Flush()
}
