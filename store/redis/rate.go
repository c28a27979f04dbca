package redis

import (
	"context"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/groupmem/groupmem"
)

// RateBudget implements groupmem.RateBudget on Redis, so that every process
// using the same server and prefix shares one budget. Each call is one Lua
// script reading the server's clock, so processes on machines whose clocks
// disagree still share one pace. It is safe for concurrent use.
type RateBudget struct {
	client *goredis.Client
	prefix string
	take   *goredis.Script
	pause  *goredis.Script
}

var _ groupmem.RateBudget = (*RateBudget)(nil)

// RateBudget returns the rate budgets kept on l's server, under l's prefix.
// It shares l's connections: closing l ends it too.
func (l *Locker) RateBudget() *RateBudget {
	return &RateBudget{client: l.client, prefix: l.prefix, take: takeScript, pause: pauseScript}
}

// takeScript admits one request of ARGV[4] tokens when it fits.
//
//	KEYS[1] the budget's hash: req, tok (theoretical arrival times of the
//	        next request and token) and pause (end of a pause), in
//	        microseconds of the server's clock
//	ARGV[1] burst in microseconds
//	ARGV[2] requests per minute (0: unlimited)
//	ARGV[3] tokens per minute (0: unlimited)
//	ARGV[4] the request's tokens
//
// Returns 0 when it admitted the request, otherwise the microseconds to wait
// (and writes nothing).
var takeScript = goredis.NewScript(`
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local burst, rpm, tpm, tokens = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local v = redis.call("HMGET", KEYS[1], "req", "tok", "pause")
local req, tok, pause = tonumber(v[1]) or 0, tonumber(v[2]) or 0, tonumber(v[3]) or 0
if now < pause then
	return pause - now
end
local function advance(tat, per, cost)
	if per <= 0 then
		return tat, 0
	end
	local base = math.max(tat, now)
	if base - now > burst then
		return tat, base - now - burst
	end
	return base + cost * 60000000 / per, 0
end
local nreq, wreq = advance(req, rpm, 1)
local ntok, wtok = advance(tok, tpm, tokens)
local wait = math.max(wreq, wtok)
if wait > 0 then
	return math.ceil(wait)
end
redis.call("HSET", KEYS[1], "req", string.format("%.0f", nreq), "tok", string.format("%.0f", ntok))
redis.call("PEXPIRE", KEYS[1], math.ceil((math.max(nreq, ntok, pause) - now) / 1000) + 60000)
return 0`)

// pauseScript pauses the budget.
//
//	KEYS[1] the budget's hash (see takeScript)
//	ARGV[1] the pause in microseconds from now
//
// Returns 1.
var pauseScript = goredis.NewScript(`
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local untilTime = now + tonumber(ARGV[1])
local pause = tonumber(redis.call("HGET", KEYS[1], "pause")) or 0
if untilTime > pause then
	redis.call("HSET", KEYS[1], "pause", string.format("%.0f", untilTime))
	local left = redis.call("PTTL", KEYS[1])
	local need = math.ceil(tonumber(ARGV[1]) / 1000) + 60000
	if left < need then
		redis.call("PEXPIRE", KEYS[1], need)
	end
end
return 1`)

// Take implements groupmem.RateBudget.
func (b *RateBudget) Take(ctx context.Context, key string, lim groupmem.RateLimits, tokens int) (time.Duration, error) {
	switch {
	case key == "":
		return 0, groupmem.Errorf(groupmem.EINVALID, "rate budget key is empty")
	case tokens < 0:
		return 0, groupmem.Errorf(groupmem.EINVALID, "rate budget tokens must not be negative, got %d", tokens)
	}
	us, err := b.take.Run(ctx, b.client, []string{rateKey(b.prefix, key)},
		max(lim.Burst.Microseconds(), 0), max(lim.RequestsPerMinute, 0), max(lim.TokensPerMinute, 0), tokens).Int64()
	if err != nil {
		return 0, interpretError(err)
	}
	return time.Duration(us) * time.Microsecond, nil
}

// Pause implements groupmem.RateBudget.
func (b *RateBudget) Pause(ctx context.Context, key string, d time.Duration) error {
	switch {
	case key == "":
		return groupmem.Errorf(groupmem.EINVALID, "rate budget key is empty")
	case d < 0:
		return groupmem.Errorf(groupmem.EINVALID, "rate budget pause must not be negative, got %s", d)
	}
	if err := b.pause.Run(ctx, b.client, []string{rateKey(b.prefix, key)}, d.Microseconds()).Err(); err != nil {
		return interpretError(err)
	}
	return nil
}
