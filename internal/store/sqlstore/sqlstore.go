// Package sqlstore is what the two SQL backends (sqlite, postgres) share:
// the change signal, the wait for a newer configuration, the save wrapper,
// the first-start seed and the migration loop. Each backend keeps only its
// own SQL and locking.
package sqlstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
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

// WaitChange returns when latest reports a version newer than since. It
// reads the newest version before every wait, having taken the signal's
// channel first, so a change between the read and the wait is never missed.
// The signal wakes it at once; the poll finds changes that no signal told
// of (other processes, a lost notification). latest's errors are returned
// as they are, unless the context ended.
func WaitChange(ctx context.Context, sig *Signal, poll time.Duration, since int64, latest func(context.Context) (int64, error)) error {
	ticker := time.NewTicker(poll)
	defer ticker.Stop()
	for {
		wake := sig.C()
		v, err := latest(ctx)
		if err != nil && ctx.Err() == nil {
			return err
		}
		if err == nil && v > since {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-wake:
		case <-ticker.C:
		}
	}
}

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

// CreateFunc is a backend's scale creation: first makes the scale the
// default, and only when no scale exists yet (else store.ErrScaleExists).
type CreateFunc func(ctx context.Context, slug string, cfg grading.Config, savedBy string, first bool) (store.ConfigVersion, error)

// Seed writes the default configuration of SPEC §4 as version 1 of the
// default scale "standard" when no scale is stored yet. The backend's writes
// take turns, so of several processes starting at once exactly one writes it.
func Seed(ctx context.Context, create CreateFunc) error {
	_, err := create(ctx, store.DefaultScaleSlug, grading.Default(), store.SavedBySystem, true)
	if errors.Is(err, store.ErrScaleExists) {
		return nil // already seeded
	}
	return err
}

// Migrate calls apply with the number and text of every migrations/NNNN_*.sql
// in fsys, in number order. apply runs one migration in its own transaction
// and skips it when it is recorded already (migrations are append-only).
func Migrate(fsys fs.FS, apply func(number int, body string) error) error {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return fmt.Errorf("list migrations: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		number, err := strconv.Atoi(strings.SplitN(path.Base(name), "_", 2)[0])
		if err != nil {
			return fmt.Errorf("migration %s has no number: %w", name, err)
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return fmt.Errorf("read migration %s: %w", name, err)
		}
		if err := apply(number, string(body)); err != nil {
			return err
		}
	}
	return nil
}
