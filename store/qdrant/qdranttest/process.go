package qdranttest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// childEnv marks a test process StartProcess started to serve.
const childEnv = "GROUPMEM_QDRANTTEST_CHILD"

// StartProcess runs a test server in a child process, as Qdrant runs
// beside groupmem in production, so that a benchmark measures its own
// process alone; it returns the server's address. The child is this test
// binary running the test named test, which must call ServeChild. The
// child ends when tb does.
func StartProcess(tb testing.TB, test string) string {
	tb.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		stdin.Close()
		_ = cmd.Wait()
	})
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if addr, ok := strings.CutPrefix(sc.Text(), "qdrant test server at "); ok {
			go func() { _, _ = io.Copy(io.Discard, stdout) }()
			return addr
		}
	}
	tb.Fatalf("the Qdrant test server process did not start (does %s call ServeChild?): %v", test, sc.Err())
	return ""
}

// ServeChild is the body of the test StartProcess names: in the child it
// serves until its stdin closes; in a normal test run it skips.
func ServeChild(t *testing.T) {
	if os.Getenv(childEnv) != "1" {
		t.Skip("serves only as the child of a benchmark")
	}
	fmt.Printf("qdrant test server at %s\n", Start(t))
	_, _ = io.Copy(io.Discard, os.Stdin)
}
