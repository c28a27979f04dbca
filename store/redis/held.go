package redis

import (
	"context"
	"fmt"
	"time"

	"github.com/groupmem/groupmem"
)

// Held implements groupmem.Locker with PTTL on the lock's key: whether any
// lease holds key, and its remaining ttl. EINVALID for an empty key;
// EUNAVAILABLE when Redis cannot be reached.
func (l *Locker) Held(ctx context.Context, key string) (time.Duration, bool, error) {
	if key == "" {
		return 0, false, groupmem.Errorf(groupmem.EINVALID, "lock key is empty")
	}
	left, err := l.client.PTTL(ctx, lockKey(l.prefix, key)).Result()
	if err != nil {
		return 0, false, fmt.Errorf("read lock: %w", interpretError(err))
	}
	// go-redis passes PTTL's -2 (no such key) and -1 (no expiry, which no
	// lease writes) through as those many nanoseconds; a key at 0 ms
	// expires now.
	switch {
	case left == -1:
		return 0, false, groupmem.Errorf(groupmem.EINTERNAL, "lock on %q has no expiry", key)
	case left <= 0:
		return 0, false, nil
	}
	return left, true, nil
}
