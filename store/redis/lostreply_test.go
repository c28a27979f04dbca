package redis

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
)

// A reply lost on the network makes go-redis send the acquisition again;
// the retry must find the lock this lease took and succeed, and the lock
// must be this lease's. Another holder still finds the group busy.
func TestAcquireSurvivesALostReply(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	direct := openTest(t, Config{}) // the test's prefix, its keys deleted at the end
	rkey := lockKey(direct.prefix, "g1")
	proxy := startReplyDropper(t, testAddr(), rkey)
	l, err := Open(ctx, Config{Addr: proxy.addr(), Prefix: direct.prefix})
	if err != nil {
		t.Fatalf("Open through the proxy: %v", err)
	}
	defer l.Close()

	held, err := l.Acquire(ctx, "g1", 10*time.Second)
	if err != nil {
		t.Fatalf("Acquire whose first reply was lost: %v", err)
	}
	defer held.Release(context.Background())
	cmd := proxy.droppedCommand()
	if cmd == "" {
		t.Fatal("the proxy lost no reply: the test proved nothing")
	}
	t.Logf("the proxy lost the reply to %s", cmd)

	token, err := direct.client.Get(ctx, rkey).Result()
	if err != nil || token != held.(*lease).token {
		t.Fatalf("GET %s = %q, %v; want the lease's token", rkey, token, err)
	}
	if held.Context().Err() != nil {
		t.Fatalf("lease context done: %v", context.Cause(held.Context()))
	}
	for name, other := range map[string]*Locker{"through the proxy": l, "direct": direct} {
		lease, err := other.Acquire(ctx, "g1", 10*time.Second)
		if err == nil {
			lease.Release(context.Background())
		}
		if code := groupmem.ErrorCode(err); code != groupmem.EBUSY {
			t.Errorf("second holder (%s): code %q (err %v), want %q", name, code, err, groupmem.EBUSY)
		}
	}
	if err := held.Release(ctx); err != nil {
		t.Fatalf("Release: %v", err)
	}
	if n, err := direct.client.Exists(ctx, rkey).Result(); err != nil || n != 0 {
		t.Errorf("EXISTS %s after Release = %d, %v; want 0", rkey, n, err)
	}
}

// replyDropper is a TCP proxy on loopback between a client and a Redis
// server. It passes every command and reply through, except one: the first
// command naming key that the server carries out without an error. Once the
// server has answered it, the proxy closes the client's connection instead
// of passing the answer on, as a network that loses a reply does.
type replyDropper struct {
	ln     net.Listener
	target string
	key    []byte

	mu      sync.Mutex
	dropped string // the command whose reply was lost
	conns   []net.Conn
	closed  bool
}

func startReplyDropper(t *testing.T, target, key string) *replyDropper {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	p := &replyDropper{ln: ln, target: target, key: []byte(key)}
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Go(func() { p.serve(c) })
		}
	})
	t.Cleanup(func() {
		ln.Close()
		p.mu.Lock()
		p.closed = true
		for _, c := range p.conns {
			c.Close()
		}
		p.mu.Unlock()
		wg.Wait()
	})
	return p
}

func (p *replyDropper) addr() string { return p.ln.Addr().String() }

func (p *replyDropper) droppedCommand() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.dropped
}

// track records c to close at cleanup; false when the proxy is closing.
func (p *replyDropper) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.conns = append(p.conns, c)
	return !p.closed
}

// serve relays one client connection, one command and one reply at a time
// (go-redis does not pipeline here).
func (p *replyDropper) serve(client net.Conn) {
	defer client.Close()
	if !p.track(client) {
		return
	}
	server, err := net.Dial("tcp", p.target)
	if err != nil {
		return
	}
	defer server.Close()
	if !p.track(server) {
		return
	}
	fromClient, fromServer := bufio.NewReader(client), bufio.NewReader(server)
	for {
		var cmd, reply bytes.Buffer
		if readRESP(fromClient, &cmd) != nil {
			return
		}
		if _, err := server.Write(cmd.Bytes()); err != nil {
			return
		}
		if readRESP(fromServer, &reply) != nil {
			return
		}
		if p.drop(cmd.Bytes(), reply.Bytes()) {
			return // the server has done it; the client never hears
		}
		if _, err := client.Write(reply.Bytes()); err != nil {
			return
		}
	}
}

// drop says whether to lose reply, and records cmd when it does.
func (p *replyDropper) drop(cmd, reply []byte) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dropped != "" || !bytes.Contains(cmd, p.key) || reply[0] == '-' {
		return false
	}
	// A command is *<n>, then $<len> and the name, then its arguments.
	lines := bytes.SplitN(cmd, []byte("\r\n"), 4)
	p.dropped = string(lines[2])
	return true
}

// readRESP copies one whole RESP2 or RESP3 value from r to buf.
func readRESP(r *bufio.Reader, buf *bytes.Buffer) error {
	line, err := r.ReadBytes('\n')
	if err != nil {
		return err
	}
	buf.Write(line)
	if len(line) < 3 {
		return fmt.Errorf("short RESP line %q", line)
	}
	n, err := strconv.Atoi(string(line[1 : len(line)-2]))
	elems := 0
	switch line[0] {
	case '+', '-', ':', '_', ',', '#', '(':
		return nil
	case '$', '!', '=': // bulk: n bytes and CRLF; $-1 is nil
		if err != nil || n < 0 {
			return err
		}
		_, err = io.CopyN(buf, r, int64(n)+2)
		return err
	case '*', '~', '>': // aggregates of n values; *-1 is nil
		elems = n
	case '%', '|': // maps of n pairs; an attribute precedes its value
		elems = 2 * n
		if line[0] == '|' {
			elems++
		}
	default:
		return fmt.Errorf("unknown RESP type %q", line[0])
	}
	if err != nil {
		return err
	}
	for range elems {
		if err := readRESP(r, buf); err != nil {
			return err
		}
	}
	return nil
}
