// Package storetest holds contract suites that every implementation of a groupmem port runs.
package storetest
