package live

import (
	"errors"
	"log/slog"
	"sync"
	"time"
)

var (
	// ErrClientStreams refuses a stream because its address has PerClient open.
	ErrClientStreams = errors.New("live: too many streams from this address")
	// ErrStreamsFull refuses a stream because Total streams are open.
	ErrStreamsFull = errors.New("live: too many open streams")
)

// How long a refused client should wait (Retry-After): streams free up when
// pages close, which takes minutes rather than seconds.
const (
	RetryClient = 30 * time.Second
	RetryFull   = 60 * time.Second
)

// DefaultStreamsTotal bounds the open live streams of an instance unless the
// operator sets --max-streams; serve lowers it to half the open files where
// the open-file limit is lower (docs/operations.md).
const DefaultStreamsTotal = 10000

// DefaultStreamsPerAddress is the bound per client address that goes with a
// total of total streams: half of it (never below 1). A school reaches the
// server through one address (its router, the Schulträger's proxy), so one
// address must hold the pages of 2,000 pupils and staff at once; the other
// half stays for everybody else, and a page refused past it still works by
// polling (docs/decisions.md).
func DefaultStreamsPerAddress(total int) int { return max(total/2, 1) }

// logEvery is how often refusals are logged at most: a flood of refused
// streams must not become a flood of log lines.
const logEvery = time.Minute

// Guard bounds the open streams per client address and in total. A stream
// holds a connection, and so an open file, for hours; without a bound, one
// host can open streams until accept fails for everybody.
type Guard struct {
	perClient, total int
	logger           *slog.Logger
	now              func() time.Time

	mu       sync.Mutex
	open     map[string]int
	opened   int
	refused  [2]uint64 // ErrClientStreams, ErrStreamsFull: since start, for /metrics
	unlogged [2]uint64
	loggedAt time.Time
}

// NewGuard allows perClient streams per client and total streams in all.
func NewGuard(perClient, total int, logger *slog.Logger) *Guard {
	return &Guard{perClient: max(perClient, 1), total: max(total, 1), logger: logger, now: time.Now,
		open: make(map[string]int)}
}

// Limits returns the bounds, for the log and /metrics.
func (g *Guard) Limits() (perClient, total int) { return g.perClient, g.total }

// Admit takes a slot for client, or refuses with ErrClientStreams or
// ErrStreamsFull. release gives the slot back; it may be called once.
func (g *Guard) Admit(client string) (release func(), err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case g.open[client] >= g.perClient:
		g.refuse(0, client)
		return nil, ErrClientStreams
	case g.opened >= g.total:
		g.refuse(1, client)
		return nil, ErrStreamsFull
	}
	g.open[client]++
	g.opened++
	var once sync.Once
	return func() { once.Do(func() { g.release(client) }) }, nil
}

func (g *Guard) release(client string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.opened--
	if g.open[client]--; g.open[client] <= 0 {
		delete(g.open, client) // the map holds only clients with open streams
	}
}

// refuse counts a refusal and logs the refusals once per logEvery. Called with mu held.
func (g *Guard) refuse(kind int, client string) {
	g.refused[kind]++
	g.unlogged[kind]++
	now := g.now()
	if now.Sub(g.loggedAt) < logEvery {
		return
	}
	g.logger.Warn("live streams refused (limits per address and in total; docs/operations.md)",
		"per_address", g.unlogged[0], "total", g.unlogged[1], "last_address", client,
		"open", g.opened, "limit_per_address", g.perClient, "limit_total", g.total)
	g.unlogged = [2]uint64{}
	g.loggedAt = now
}

// Stats returns the open streams and the refusals since start.
func (g *Guard) Stats() (open int, refusedClient, refusedFull uint64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.opened, g.refused[0], g.refused[1]
}
