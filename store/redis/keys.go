package redis

// Every Redis key that groupmem writes is built in this file, so the whole
// key space can be read in one place:
//
//	<prefix>lock:<key>   string: the token of the lease holding the lock on
//	                     key (a group id), with a TTL; absent when free.
//	<prefix>rate:<key>   hash: the model rate budget named key (fields req,
//	                     tok, pause; see takeScript), expiring a minute
//	                     after it last mattered.

// lockKey returns the key of the lock on key under prefix.
func lockKey(prefix, key string) string {
	return prefix + "lock:" + key
}

// rateKey returns the key of the rate budget named key under prefix.
func rateKey(prefix, key string) string {
	return prefix + "rate:" + key
}
