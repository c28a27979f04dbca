package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// The README's configuration table is the one `groupmem config -markdown`
// prints: a setting added without documentation fails here.
func TestReadmeListsEverySetting(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var table bytes.Buffer
	printSettings(&table, true)
	if !strings.Contains(string(readme), table.String()) {
		t.Fatalf("README.md does not contain the current settings table; paste the output of `groupmem config -markdown`:\n%s", table.String())
	}
}
