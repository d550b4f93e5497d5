// Package sqlstore is what the two SQL backends (sqlite, postgres) share:
// Store, the scales, their versions and the accounts in the SQL both
// databases run through database/sql, with a Dialect of plain values for
// what differs; the migration runner; the change signal and its watch; the
// rules a save must keep and the encoding of a stored configuration. Nothing
// here calls back into a backend: each backend opens its database, fills in
// its Dialect, and keeps what only it has (SQLite's WAL, locking, backup and
// restore; PostgreSQL's pool, LISTEN/NOTIFY and advisory lock).
package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// Signal wakes every waiter at once by closing their channel and handing
// later waiters a new one. The zero value is ready to use.
type Signal struct {
	mu sync.Mutex
	ch chan struct{}
}

// C returns the channel the next Fire closes.
func (s *Signal) C() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ch == nil {
		s.ch = make(chan struct{})
	}
	return s.ch
}

// Fire wakes every waiter that took C before.
func (s *Signal) Fire() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ch != nil {
		close(s.ch)
	}
	s.ch = make(chan struct{})
}

// Watch is one waiter's view of a Signal with a poll beside it: the signal
// tells of the changes this process knows of at once, the poll finds those
// no signal told of (other processes, a lost notification).
type Watch struct {
	sig  *Signal
	wake <-chan struct{}
	poll *time.Ticker
}

// Watch starts watching s, polling every poll. Take it before the first
// read of what it guards, so that a change between a read and the next Wait
// is never missed; Stop it when done.
func (s *Signal) Watch(poll time.Duration) *Watch {
	return &Watch{sig: s, wake: s.C(), poll: time.NewTicker(poll)}
}

// Wait returns nil when the signal fired or the poll came due since the
// last Wait (then read again), or ctx's error when ctx ends first.
func (w *Watch) Wait(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-w.wake:
	case <-w.poll.C:
	}
	w.wake = w.sig.C() // before the caller's next read
	return nil
}

// Stop ends the poll.
func (w *Watch) Stop() { w.poll.Stop() }

// CheckBase says whether a save based on version base may add the version
// after latest: when base is latest, or Unconditional; else ErrConflict.
func CheckBase(base, latest int64) error {
	if base != store.Unconditional && base != latest {
		return store.ErrConflict
	}
	return nil
}

// Encode validates cfg and returns the JSON document a backend stores, so
// that no backend can store a configuration the validator refuses.
func Encode(cfg grading.Config) (string, error) {
	if err := cfg.Validate(); err != nil {
		return "", err
	}
	doc, err := json.Marshal(cfg)
	if err != nil {
		return "", fmt.Errorf("encode config: %w", err)
	}
	return string(doc), nil
}
