// Package conns keeps the server's plain HTTP connections within the open files the process may hold.
// Every connection is a file. Nothing in net/http bounds idle keep-alive connections, so without a bound a
// few hundred of them (a misbehaving client, a scan) use up the files, accept fails with "too many open
// files", and the server stops answering new requests, health checks included. The Limiter bounds the
// connections in all and per peer address and, when a bound is reached, closes the longest-idle
// connection to make room for the new one: a request that arrives is served, a connection that only
// waits gives way. One address never passes its bound; the total may be passed by the few that arrive
// while every connection is in a request. Live streams leave its count when they are taken over;
// live.Guard bounds them.
package conns

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"
)

// Limiter bounds the plain connections of one http.Server. Wire it with Listener (around the
// server's listener), ConnState and ConnContext (the server's hooks of the same names).
type Limiter struct {
	max, perAddress int
	exempt          func(netip.Addr) bool
	group           func(netip.Addr) string
	pollIdle        time.Duration
	logger          *slog.Logger
	now             func() time.Time

	mu      sync.Mutex
	open    map[net.Conn]*conn
	perPeer map[string]int // by the peer's group
	warned  time.Time      // last "bound reached" log, so that a flood logs once a minute
}

// conn is what the Limiter knows of one connection.
type conn struct {
	addr  netip.Addr
	group string
	state http.ConnState
	since time.Time // when it entered state
	poll  bool      // its last request was a poll: it may stay idle for pollIdle only
}

// Options are the Limiter's bounds.
type Options struct {
	// Max is the most plain connections open at once (each holds a file).
	Max int
	// PerAddress is the most from one peer address; Exempt peers (the trusted proxies, which carry
	// everyone's requests) have none.
	PerAddress int
	Exempt     func(netip.Addr) bool
	// Group is the unit the bound per address counts (an IPv6 /56, as the sign-in limits count);
	// default: the address itself.
	Group func(netip.Addr) string
	// PollIdle is how long a connection whose last request was a poll stays open while idle: a page
	// that polls asks again within seconds, a page that stopped should not hold a file for minutes.
	PollIdle time.Duration
	Logger   *slog.Logger
	Now      func() time.Time // default time.Now
}

// New makes a Limiter; a bound of 0 or less means at least 1.
func New(o Options) *Limiter {
	l := &Limiter{max: max(o.Max, 1), perAddress: max(o.PerAddress, 1), exempt: o.Exempt, pollIdle: o.PollIdle,
		logger: o.Logger, now: o.Now, group: o.Group, open: map[net.Conn]*conn{}, perPeer: map[string]int{}}
	if l.exempt == nil {
		l.exempt = func(netip.Addr) bool { return false }
	}
	if l.group == nil {
		l.group = netip.Addr.String
	}
	if l.now == nil {
		l.now = time.Now
	}
	if l.logger == nil {
		l.logger = slog.New(slog.DiscardHandler)
	}
	return l
}

// Listener accepts through ln and admits every connection within the bounds.
func (l *Limiter) Listener(ln net.Listener) net.Listener { return &listener{Listener: ln, l: l} }

type listener struct {
	net.Listener
	l *Limiter
}

func (ln *listener) Accept() (net.Conn, error) {
	for {
		c, err := ln.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if ln.l.admit(c) {
			return c, nil
		}
		c.Close() // its address is at its bound with every connection in a request
	}
}

// admit counts a new connection, first making room where a bound is reached, and reports whether it may
// stay.
//
// At the bound per address the address's own longest-waiting connection gives way: idle between requests
// or accepted without a request yet, however briefly: one address that opens connections and sends
// nothing would otherwise pass its bound by thousands within silentAfter and use up the files. When every
// connection of the address is in a request, none is closed and the new one is refused instead: the
// address never passes its bound.
//
// At the total bound the longest-waiting connection of all gives way, where waiting means idle or without
// a request for silentAfter, and a connection in a request is never closed. When none waits the new
// connection is admitted anyway, so the total may be passed by the few that arrive while every connection
// works: they come from many addresses, refusing them would refuse real requests, and the files kept in
// reserve cover them.
func (l *Limiter) admit(c net.Conn) bool {
	addr := addrOf(c.RemoteAddr())
	group, now := l.group(addr), l.now()
	var victims []net.Conn
	refused := false
	l.mu.Lock()
	for !l.exempt(addr) && l.perPeer[group] >= l.perAddress {
		v := l.reclaim(func(x *conn) bool { return x.group == group }, now, 0)
		if v == nil {
			refused = true
			break
		}
		victims = append(victims, v)
	}
	if !refused && len(l.open) >= l.max {
		if v := l.reclaim(func(*conn) bool { return true }, now, silentAfter); v != nil {
			victims = append(victims, v)
		}
	}
	if !refused {
		l.open[c] = &conn{addr: addr, group: group, state: http.StateNew, since: now}
		l.perPeer[group]++
	}
	warn := (refused || len(victims) > 0) && now.Sub(l.warned) > time.Minute
	if warn {
		l.warned = now
	}
	l.mu.Unlock()
	for _, v := range victims {
		v.Close()
	}
	switch {
	case warn && refused:
		l.logger.Warn("connection bound reached: refused a new connection, every connection of its address is in a request",
			"max", l.max, "per_address", l.perAddress, "peer", group)
	case warn:
		l.logger.Warn("connection bound reached: closed the longest-idle connection for a new one",
			"max", l.max, "per_address", l.perAddress, "peer", group)
	}
	return !refused
}

// silentAfter is how long a connection may stay without a first request before it counts as waiting at
// the total bound: a page's connections send their request at once, so a burst of new ones (many pages
// opening their streams at the same moment) is never taken for room.
const silentAfter = 2 * time.Second

// reclaim forgets and returns the connection that has waited longest among those that match, idle ones
// before those that have sent no request for silent; nil when none waits. l.mu is held.
func (l *Limiter) reclaim(match func(*conn) bool, now time.Time, silent time.Duration) net.Conn {
	var best net.Conn
	var bestInfo *conn
	for c, x := range l.open {
		waiting := x.state == http.StateIdle || (x.state == http.StateNew && now.Sub(x.since) >= silent)
		if !match(x) || !waiting {
			continue
		}
		if bestInfo == nil || waitsLonger(x, bestInfo) {
			best, bestInfo = c, x
		}
	}
	if best != nil {
		l.forget(best)
	}
	return best
}

func waitsLonger(a, b *conn) bool {
	if (a.state == http.StateIdle) != (b.state == http.StateIdle) {
		return a.state == http.StateIdle
	}
	return a.since.Before(b.since)
}

// forget drops c from the counts. l.mu is held.
func (l *Limiter) forget(c net.Conn) {
	x, ok := l.open[c]
	if !ok {
		return
	}
	delete(l.open, c)
	if l.perPeer[x.group]--; l.perPeer[x.group] <= 0 {
		delete(l.perPeer, x.group)
	}
}

// ConnState is the http.Server's hook: it follows each connection's state, forgets closed and
// taken-over ones, and closes a polling connection that stays idle past PollIdle.
func (l *Limiter) ConnState(c net.Conn, s http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s == http.StateClosed || s == http.StateHijacked {
		l.forget(c)
		return
	}
	x, ok := l.open[c]
	if !ok {
		return
	}
	x.state, x.since = s, l.now()
	if s == http.StateActive {
		x.poll = false // the request marks it again if it is a poll
	}
	if s == http.StateIdle && x.poll && l.pollIdle > 0 {
		since := x.since
		time.AfterFunc(l.pollIdle, func() { l.closeIfIdleSince(c, since) })
	}
}

// closeIfIdleSince closes c if it has stayed idle since the given time.
func (l *Limiter) closeIfIdleSince(c net.Conn, since time.Time) {
	l.mu.Lock()
	x, ok := l.open[c]
	still := ok && x.state == http.StateIdle && x.since.Equal(since)
	if still {
		l.forget(c)
	}
	l.mu.Unlock()
	if still {
		c.Close()
	}
}

// Open is the number of connections counted now.
func (l *Limiter) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.open)
}

type connKey struct{}

// ConnContext is the http.Server's hook: it puts the connection's entry into each request's context,
// so that Polled can find it.
func (l *Limiter) ConnContext(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, polled{l, c})
}

type polled struct {
	l *Limiter
	c net.Conn
}

// Polled marks the connection of a request as a poll's (a page asking for a configuration it may have),
// so that it is closed when it stays idle past PollIdle. Without a Limiter it does nothing.
func Polled(ctx context.Context) {
	p, ok := ctx.Value(connKey{}).(polled)
	if !ok {
		return
	}
	p.l.mu.Lock()
	if x, ok := p.l.open[p.c]; ok {
		x.poll = true
	}
	p.l.mu.Unlock()
}

// addrOf is a peer's IP address; the zero Addr for a peer without one (a Unix socket), which then
// counts as one address.
func addrOf(a net.Addr) netip.Addr {
	if tcp, ok := a.(*net.TCPAddr); ok {
		return tcp.AddrPort().Addr().Unmap()
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}
