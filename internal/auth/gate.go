package auth

import (
	"context"
	"errors"
	"time"
)

// ErrBusy means every slot for password work stayed taken while the
// request waited; the server answers 503 and the client may retry.
var ErrBusy = errors.New("auth: too busy for password work")

// Gate bounds how many argon2id computations (19 MiB each) run at once,
// so that a flood of sign-ins cannot exhaust memory and CPU. Sign-in runs
// its rate-limit check inside the gate too, which also keeps simultaneous
// guesses from all passing the check before any failure is counted.
type Gate struct {
	slots chan struct{}
	wait  time.Duration
}

// NewGate allows n computations at once; a request waits at most 10 s.
func NewGate(n int) *Gate {
	return &Gate{slots: make(chan struct{}, max(n, 1)), wait: 10 * time.Second}
}

// Do runs fn in a slot.
func (g *Gate) Do(ctx context.Context, fn func() error) error {
	timer := time.NewTimer(g.wait)
	defer timer.Stop()
	select {
	case g.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return ErrBusy
	}
	defer func() { <-g.slots }()
	return fn()
}
