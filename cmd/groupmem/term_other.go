//go:build !linux

package main

import (
	"errors"
	"os"
)

// echoOff is not implemented off Linux: the key is echoed as it is typed.
func echoOff(*os.File) (restore func(), err error) {
	return nil, errors.New("echo cannot be turned off on this system")
}
