//go:build !race

package longchat_test

// raceBuild says the tests run with the race detector.
const raceBuild = false
