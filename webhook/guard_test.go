package webhook_test

import (
	"context"
	"net/netip"
	"testing"
	"time"

	"github.com/groupmem/groupmem"
	"github.com/groupmem/groupmem/webhook"
)

func TestCheckURL(t *testing.T) {
	ctx := context.Background()
	strict := webhook.Guard{}
	for _, tc := range []struct {
		url   string
		guard webhook.Guard
		ok    bool
	}{
		{"https://93.184.216.34/hook", strict, true},
		{"https://[2606:4700::1111]/in", strict, true},
		{"http://93.184.216.34/hook", strict, false},
		{"http://93.184.216.34/hook", webhook.Guard{AllowHTTP: true}, true},
		{"https://127.0.0.1/hook", strict, false},
		{"https://10.1.2.3/", strict, false},
		{"https://192.168.0.9/", strict, false},
		{"https://169.254.169.254/latest/meta-data", strict, false},
		{"https://[::1]/", strict, false},
		{"https://[fe80::1]/", strict, false},
		{"https://[::ffff:127.0.0.1]/", strict, false},
		{"https://100.64.0.1/", strict, false},
		{"https://0.0.0.0/", strict, false},
		{"https://localhost/", strict, false},
		{"https://127.0.0.1/hook", webhook.Guard{AllowPrivate: true}, true},
		{"ftp://93.184.216.34/", strict, false},
		{"not a url", strict, false},
		{"/relative", strict, false},
		{"https://user:pw@93.184.216.34/", strict, false},
		{"https://93.184.216.34/#frag", strict, false},
		{"", strict, false},
	} {
		_, err := tc.guard.CheckURL(ctx, nil, tc.url)
		if (err == nil) != tc.ok {
			t.Errorf("CheckURL(%q, %+v) = %v, want ok %v", tc.url, tc.guard, err, tc.ok)
		}
		if err != nil && groupmem.ErrorCode(err) != groupmem.EINVALID {
			t.Errorf("CheckURL(%q): %v is not EINVALID", tc.url, err)
		}
	}
}

func TestCheckAddr(t *testing.T) {
	for _, s := range []string{"127.0.0.1", "::1", "10.0.0.1", "172.16.0.1", "192.168.1.1", "169.254.1.1", "fe80::1", "fc00::1", "224.0.0.1", "0.0.0.0", "::",
		"64:ff9b::a9fe:a9fe", "64:ff9b::7f00:1", "2002:a9fe:a9fe::1", "2002:0a00:0001::1", "::7f00:1", "0.1.2.3", "198.18.0.1",
		"198.19.255.1", "192.0.0.8", "240.0.0.1", "255.255.255.255", "fec0::1", "192.0.2.1", "2001:db8::1", "100.64.0.1"} {
		if err := (webhook.Guard{}).CheckAddr(netip.MustParseAddr(s)); err == nil {
			t.Errorf("%s is allowed", s)
		}
	}
	for _, s := range []string{"8.8.8.8", "2001:4860:4860::8888", "64:ff9b::808:808", "2002:808:808::1", "198.20.0.1"} {
		if err := (webhook.Guard{}).CheckAddr(netip.MustParseAddr(s)); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
}

// The signature is the specification's example: the id, timestamp, body
// and secret of standard-webhooks' own test vector.
func TestSignMatchesTheSpecificationsExample(t *testing.T) {
	sig, err := webhook.Sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek",
		time.Unix(1614265330, 0), []byte(`{"test": 2432232314}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="; sig != want {
		t.Errorf("Sign = %s, want %s", sig, want)
	}
	if _, err := webhook.Sign("nope", "id", time.Now(), nil); groupmem.ErrorCode(err) != groupmem.EINVALID {
		t.Errorf("a malformed secret: %v", err)
	}
}
