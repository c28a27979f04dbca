//go:build race

package chaos

// raceBuild makes the replicas race-checked too when the test is.
const raceBuild = true
