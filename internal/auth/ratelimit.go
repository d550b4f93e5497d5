package auth

import (
	"context"
	"fmt"
	"net/netip"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// Limiter counts failed sign-ins per account and per client address in the
// database, so that every instance enforces the same limits.
type Limiter struct {
	store      store.SessionStore
	now        func() time.Time
	Window     time.Duration
	PerAccount int // failures per account within Window, then 429
	PerAddress int // failures per client address within Window, then 429
}

// NewLimiter makes the limiter of SPEC §5: 5 failures per account and 20
// per address within 15 minutes.
func NewLimiter(s store.SessionStore, now func() time.Time) *Limiter {
	return &Limiter{store: s, now: now, Window: 15 * time.Minute, PerAccount: 5, PerAddress: 20}
}

func accountKey(email string) string { return "email:" + email }

// addressKey groups IPv6 clients by their /64, the block one household or
// one attacker typically gets; IPv4 addresses count singly.
func addressKey(addr string) string {
	if a, err := netip.ParseAddr(addr); err == nil && a.Is6() && !a.Is4In6() {
		p, _ := a.Prefix(64)
		return "addr:" + p.String()
	}
	return "addr:" + addr
}

// Blocked returns how long the caller must wait before trying again, or 0.
func (l *Limiter) Blocked(ctx context.Context, addr, email string) (time.Duration, error) {
	now := l.now()
	var wait time.Duration
	for _, k := range []struct {
		key   string
		limit int
	}{{accountKey(email), l.PerAccount}, {addressKey(addr), l.PerAddress}} {
		n, oldest, err := l.store.LoginFailures(ctx, k.key, now.Add(-l.Window))
		if err != nil {
			return 0, fmt.Errorf("auth: rate limit: %w", err)
		}
		if n >= k.limit {
			wait = max(wait, oldest.Add(l.Window).Sub(now))
		}
	}
	return wait, nil
}

// Failed records a failed sign-in for the account and the address.
func (l *Limiter) Failed(ctx context.Context, addr, email string) error {
	now := l.now()
	for _, key := range []string{accountKey(email), addressKey(addr)} {
		if err := l.store.RecordLoginFailure(ctx, key, now); err != nil {
			return fmt.Errorf("auth: rate limit: %w", err)
		}
	}
	return nil
}

// Succeeded forgets the account's failures; the address keeps its count,
// so one valid account cannot be used to reset guessing at others.
func (l *Limiter) Succeeded(ctx context.Context, email string) error {
	if err := l.store.ClearLoginFailures(ctx, accountKey(email)); err != nil {
		return fmt.Errorf("auth: rate limit: %w", err)
	}
	return nil
}
