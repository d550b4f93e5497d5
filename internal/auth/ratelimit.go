package auth

import (
	"context"
	"fmt"
	"net/netip"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// Limiter counts failed sign-ins in the database, so that every instance
// enforces the same limits. The short lock is per account *and* address: an
// attacker's guesses lock the attacker's address out of that account, not
// the owner signing in from elsewhere. A ceiling per account across all
// addresses keeps a guesser with many addresses slow; only past it is the
// owner refused too (docs/decisions.md has the numbers and the trade-off).
type Limiter struct {
	store store.SessionStore
	now   func() time.Time
	// Window is the time the short limits look back.
	Window time.Duration
	// PerAccountAddress failures for one account from one address (or one
	// session changing its password) within Window, then 429 for that pair.
	PerAccountAddress int
	// PerAddress failures from one address within Window, whatever the
	// accounts, then 429 for that address.
	PerAddress int
	// CeilingWindow and PerAccount: failures for one account from all
	// addresses together, then 429 for everybody, the owner too.
	CeilingWindow time.Duration
	PerAccount    int
}

// NewLimiter makes the limiter of docs/spec.md §5: 5 failures per account
// and address and 20 per address within 15 minutes; 100 per account within
// an hour, so that guessing from many addresses stays slow too.
func NewLimiter(s store.SessionStore, now func() time.Time) *Limiter {
	return &Limiter{store: s, now: now, Window: 15 * time.Minute, PerAccountAddress: 5, PerAddress: 20,
		CeilingWindow: time.Hour, PerAccount: 100}
}

// The keys of one account all start with accountKey and a space (emails
// contain no whitespace), so that Unlock forgets them with one prefix.
func accountKey(email string) string { return "email:" + email }

func pairKey(email, addr string) string { return accountKey(email) + " " + addressKey(addr) }

func sessionKey(email, tokenHash string) string { return accountKey(email) + " session:" + tokenHash }

func addressKey(addr string) string { return "addr:" + AddressGroup(addr) }

// AddressGroup is the unit the address limits count: an IPv4 address, or
// the /56 of an IPv6 address, the block one household, school or attacker
// typically gets (a /64 limit would let a single /56 act as 256 clients).
func AddressGroup(addr string) string {
	if a, err := netip.ParseAddr(addr); err == nil && a.Is6() && !a.Is4In6() {
		p, _ := a.Prefix(56)
		return p.String()
	}
	if a, err := netip.ParseAddr(addr); err == nil {
		return a.Unmap().String()
	}
	return addr
}

type limit struct {
	key    string
	max    int
	window time.Duration
}

// Blocked returns how long a sign-in from addr to the account must wait, or 0.
func (l *Limiter) Blocked(ctx context.Context, addr, email string) (time.Duration, error) {
	return l.wait(ctx, []limit{
		{pairKey(email, addr), l.PerAccountAddress, l.Window},
		{addressKey(addr), l.PerAddress, l.Window},
		{accountKey(email), l.PerAccount, l.CeilingWindow},
	})
}

// SessionBlocked returns how long a signed-in session must wait before it
// may try the current password again, or 0. Only the session's own failures
// count, so nobody else's guesses keep the owner from changing the password.
func (l *Limiter) SessionBlocked(ctx context.Context, email, tokenHash string) (time.Duration, error) {
	return l.wait(ctx, []limit{{sessionKey(email, tokenHash), l.PerAccountAddress, l.Window}})
}

func (l *Limiter) wait(ctx context.Context, limits []limit) (time.Duration, error) {
	now := l.now()
	var wait time.Duration
	for _, k := range limits {
		n, oldest, err := l.store.LoginFailures(ctx, k.key, now.Add(-k.window))
		if err != nil {
			return 0, fmt.Errorf("auth: rate limit: %w", err)
		}
		if n >= k.max {
			wait = max(wait, oldest.Add(k.window).Sub(now))
		}
	}
	return wait, nil
}

// Failed records a failed sign-in against the pair, the address and the
// account's ceiling.
func (l *Limiter) Failed(ctx context.Context, addr, email string) error {
	return l.record(ctx, pairKey(email, addr), addressKey(addr), accountKey(email))
}

// SessionFailed records a wrong current password given by a signed-in session.
func (l *Limiter) SessionFailed(ctx context.Context, email, tokenHash string) error {
	return l.record(ctx, sessionKey(email, tokenHash))
}

func (l *Limiter) record(ctx context.Context, keys ...string) error {
	now := l.now()
	for _, key := range keys {
		if err := l.store.RecordLoginFailure(ctx, key, now); err != nil {
			return fmt.Errorf("auth: rate limit: %w", err)
		}
	}
	return nil
}

// Succeeded forgets the failures of the account from this address. The
// address keeps its count, so one valid account cannot be used to reset
// guessing at others, and the account keeps its ceiling count, so the
// owner's sign-ins do not reset a distributed guesser.
func (l *Limiter) Succeeded(ctx context.Context, addr, email string) error {
	if err := l.store.ClearLoginFailures(ctx, pairKey(email, addr)); err != nil {
		return fmt.Errorf("auth: rate limit: %w", err)
	}
	return nil
}

// keepFailures is how long a failure is kept at most (docs/privacy.md): a
// day, far past the longest window a limit looks back (CeilingWindow).
const keepFailures = 24 * time.Hour

// Prune forgets the failures older than keepFailures, of every key: a key
// that never fails again would keep its rows otherwise, because
// RecordLoginFailure forgets a key's old failures only at its next one.
// Called at every sign-in.
func (l *Limiter) Prune(ctx context.Context) error {
	if err := l.store.DeleteLoginFailuresBefore(ctx, l.now().Add(-keepFailures)); err != nil {
		return fmt.Errorf("auth: rate limit: %w", err)
	}
	return nil
}

// Unlock forgets every failure counted against the account (ceiling, every
// address, every session): `notenrechner admin unlock` and `admin
// set-password`. The addresses' own counts stay.
func (l *Limiter) Unlock(ctx context.Context, email string) error {
	if err := l.store.ClearLoginFailures(ctx, accountKey(email)); err != nil {
		return fmt.Errorf("auth: rate limit: %w", err)
	}
	return nil
}
