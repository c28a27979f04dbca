package webhook

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"

	"github.com/groupmem/groupmem"
)

// Guard says where deliveries may go. The zero value allows https to
// public addresses only.
type Guard struct {
	// AllowPrivate allows loopback, link-local, private and other
	// non-public addresses (GROUPMEM_WEBHOOK_ALLOW_PRIVATE).
	AllowPrivate bool
	// AllowHTTP allows http URLs besides https
	// (GROUPMEM_WEBHOOK_ALLOW_HTTP).
	AllowHTTP bool
}

// specialPurpose are the IANA special-purpose blocks that are not public
// besides those netip names (private, loopback, link-local, multicast):
// shared (carrier-grade NAT), "this network", IETF protocol assignments,
// documentation, benchmarking, reserved and broadcast, site-local,
// discard, the deprecated IPv4-compatible IPv6 block and local-use NAT64.
var specialPurpose = prefixes("0.0.0.0/8", "100.64.0.0/10", "192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15",
	"198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4",
	"::/96", "100::/64", "2001::/23", "2001:db8::/32", "64:ff9b:1::/48", "fec0::/10")

// NAT64 (64:ff9b::/96) and 6to4 (2002::/16) addresses carry an IPv4
// address, which is checked as well.
var (
	nat64  = netip.MustParsePrefix("64:ff9b::/96")
	sixTo4 = netip.MustParsePrefix("2002::/16")
)

func prefixes(ss ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(ss))
	for i, s := range ss {
		out[i] = netip.MustParsePrefix(s)
	}
	return out
}

// CheckAddr returns EINVALID for an address deliveries may not reach:
// unspecified, loopback, link-local, multicast, private (RFC 1918,
// fc00::/7), another IANA special-purpose block (specialPurpose), or a
// NAT64 or 6to4 address whose IPv4 address is one of those, unless
// AllowPrivate.
func (g Guard) CheckAddr(a netip.Addr) error {
	a = a.Unmap()
	if g.AllowPrivate {
		return nil
	}
	if !public(a) {
		return groupmem.Errorf(groupmem.EINVALID, "address %s is loopback, link-local, private or reserved; webhooks deliver to public addresses only, "+
			"unless the server allows private ones", a)
	}
	return nil
}

// public reports whether a is a public unicast address, looking into the
// IPv4 address a NAT64 or 6to4 address carries.
func public(a netip.Addr) bool {
	if !a.IsValid() || a.IsUnspecified() || a.IsLoopback() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsPrivate() {
		return false
	}
	for _, p := range specialPurpose {
		if p.Contains(a) {
			return false
		}
	}
	b := a.As16()
	switch {
	case a.Is6() && nat64.Contains(a):
		return public(netip.AddrFrom4([4]byte(b[12:16])))
	case a.Is6() && sixTo4.Contains(a):
		return public(netip.AddrFrom4([4]byte(b[2:6])))
	}
	return true
}

// control is the net.Dialer Control hook: it checks the address each
// connection is about to be made to, after name resolution, so that a
// name that resolves to a private address later (DNS rebinding) is
// refused too.
func (g Guard) control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("webhook dial %s: %w", address, err)
	}
	return g.CheckAddr(ap.Addr())
}

// maxURLBytes bounds a webhook's URL.
const maxURLBytes = 2000

// CheckURL parses and checks a webhook's URL: absolute, https (or http
// with AllowHTTP), a host, no user name or password and no fragment, and
// a host whose every address, as resolver resolves it now, is allowed.
// Each error is EINVALID and says what is wrong.
func (g Guard) CheckURL(ctx context.Context, resolver *net.Resolver, raw string) (*url.URL, error) {
	if raw == "" || len(raw) > maxURLBytes {
		return nil, groupmem.Errorf(groupmem.EINVALID, "url must be 1 to %d bytes", maxURLBytes)
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Hostname() == "" {
		return nil, groupmem.Errorf(groupmem.EINVALID, "url %q is not an absolute http(s) URL with a host", groupmem.Truncate(raw, 200))
	}
	switch {
	case u.Scheme != "https" && !(u.Scheme == "http" && g.AllowHTTP):
		return nil, groupmem.Errorf(groupmem.EINVALID, "url must use https, not %q (http only where the server allows it)", groupmem.Truncate(u.Scheme, 20))
	case u.User != nil:
		return nil, groupmem.Errorf(groupmem.EINVALID, "url must not hold a user name or password")
	case u.Fragment != "" || strings.Contains(raw, "#"):
		return nil, groupmem.Errorf(groupmem.EINVALID, "url must not have a fragment")
	}
	if err := g.checkHost(ctx, resolver, u.Hostname()); err != nil {
		return nil, err
	}
	return u, nil
}

// checkHost checks every address host resolves to.
func (g Guard) checkHost(ctx context.Context, resolver *net.Resolver, host string) error {
	if a, err := netip.ParseAddr(host); err == nil {
		return g.CheckAddr(a)
	}
	if g.AllowPrivate {
		return nil
	}
	if resolver == nil {
		resolver = net.DefaultResolver
	}
	addrs, err := resolver.LookupNetIP(ctx, "ip", host)
	if err != nil || len(addrs) == 0 {
		return groupmem.Errorf(groupmem.EINVALID, "url host %q does not resolve", groupmem.Truncate(host, 200))
	}
	for _, a := range addrs {
		if err := g.CheckAddr(a); err != nil {
			return groupmem.Errorf(groupmem.EINVALID, "url host %q resolves to %s: %s", groupmem.Truncate(host, 200), a.Unmap(), groupmem.ErrorMessage(err))
		}
	}
	return nil
}

// refusedScheme says why deliveries to raw may not go now, or "" when
// they may: a webhook stored while the server allowed http is refused
// once it does not.
func (g Guard) refusedScheme(raw string) string {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return "its url does not parse"
	case u.Scheme != "https" && !(u.Scheme == "http" && g.AllowHTTP):
		return "its url uses " + groupmem.Truncate(u.Scheme, 20) + ", which the server no longer allows (https only); " +
			"create a webhook with an https url, or allow http, and delete or resume this one"
	}
	return ""
}
