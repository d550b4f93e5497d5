// Package live keeps every open page on the newest grade configuration: a
// broker fans each new version out to the Server-Sent Events streams.
package live

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// Event is one configuration version, encoded once so that every client
// and every GET /config gets the same bytes without encoding again.
type Event struct {
	Version int64
	Config  grading.Config
	// Key is the version's bands, made once: GET /grade grades on it (a key of the Swiss formula
	// costs far more to make than a grade on it).
	Key   grading.Key
	JSON  []byte // {"version","savedAt","config"}: no author, see NewEvent
	Frame []byte // the complete SSE event, ready to write
	// ID names what the answer shows: the scale, its version and whether it is archived
	// ("mathematik.3", "mathematik.3.archiviert"). It is
	// the stream's event id, so a page that reconnects with the Last-Event-ID of another scale (the
	// default moved) or of the scale before it was archived gets the current version, and the poll's
	// ETag, so that If-None-Match of another scale's version never answers 304.
	ID string
	// ETag is `"<ID>"`, made once: pages whose stream was refused ask
	// GET /config with If-None-Match every few seconds, thousands of them,
	// and the answer 304 then costs no formatting.
	ETag string
	// Archived marks a scale's version as archived (JSON ends with "archived":true): the same
	// version number as before the archiving, but news for a page that shows it.
	Archived bool
}

// Version is a stored configuration version as the API shows it, in UTC.
// SavedBy is nil in the public form (GET /config, the stream): an account's
// email is personal data (docs/spec.md §5, docs/privacy.md); the admins' answers
// (history, save, conflict) carry it.
type Version struct {
	Version int64          `json:"version"`
	SavedAt time.Time      `json:"savedAt"`
	SavedBy *string        `json:"savedBy,omitempty"`
	Config  grading.Config `json:"config"`
}

// PublicVersion is cv without who saved it, for every visitor.
func PublicVersion(cv store.ConfigVersion) Version {
	return Version{Version: cv.Version, SavedAt: cv.SavedAt.UTC(), Config: cv.Config}
}

// AdminVersion is cv with who saved it, for admins only.
func AdminVersion(cv store.ConfigVersion) Version {
	v := PublicVersion(cv)
	v.SavedBy = &cv.SavedBy
	return v
}

// NewEvent encodes a stored configuration version of the scale slug. The
// event goes to every visitor without sign-in (GET /config, the stream), so
// it is the public form (PublicVersion).
func NewEvent(slug string, cv store.ConfigVersion) (*Event, error) {
	body, err := json.Marshal(PublicVersion(cv))
	if err != nil {
		return nil, fmt.Errorf("live: encode version %d: %w", cv.Version, err)
	}
	ev := &Event{Version: cv.Version, Config: cv.Config, Key: cv.Config.Key(), JSON: body}
	ev.name(slug + "." + strconv.FormatInt(cv.Version, 10))
	return ev, nil
}

// name gives the event its ID, and with it its ETag and frame.
func (ev *Event) name(id string) {
	ev.ID, ev.ETag = id, `"`+id+`"`
	ev.Frame = fmt.Appendf(nil, "id: %s\nevent: config\ndata: %s\n\n", id, ev.JSON)
}

// ResumesAt is the version a stream need not send again to a page that reconnects with lastEventID:
// the current one when the page names exactly it, else none (0), and the page gets the current version,
// always safe since every event is a whole snapshot.
func ResumesAt(current *Event, lastEventID string) int64 {
	if current == nil || lastEventID != current.ID {
		return 0
	}
	return current.Version
}

// Broker holds the current configuration and the subscribers, the open pages, in one map,
// whatever carries their bytes (subscriber.go): a publish hands every one the same encoded event,
// and one heartbeat loop (beat) pings them all.
type Broker struct {
	mu sync.Mutex
	// current is written under mu, so that add hands out the current event and registers the
	// subscriber at once, and read without it by Current: a GET of the configuration never waits
	// for a publish.
	current atomic.Pointer[Event]
	subs    map[subscriber]struct{}
	list    []subscriber // subs as a slice for the deliveries, nil after a change (listLocked)
	buffer  int
	closed  bool
	quit    chan struct{} // closed with closed: ends the heartbeat loop
	beating bool          // the heartbeat loop runs
	logger  *slog.Logger

	// The streams on taken-over connections, which http.Server.Shutdown neither tracks nor waits
	// for (takeover.go): a closed broker gains none (startTaken), so once it is drained it stays so.
	taken     int
	drained   chan struct{} // closed when the broker is closed and taken is 0
	isDrained bool
	onDrained func() // Retire's, called once when drained
}

// NewBroker makes a broker whose subscribers may fall behind by at most buffer
// events before they are dropped.
func NewBroker(logger *slog.Logger, buffer int) *Broker {
	if buffer < 1 {
		buffer = 1
	}
	return &Broker{subs: make(map[subscriber]struct{}), buffer: buffer, logger: logger,
		quit: make(chan struct{}), drained: make(chan struct{})}
}

// Publish makes ev the current event and hands it to every subscriber: one whose backlog is full
// (its socket or reader does not keep up) is dropped, so one slow reader never delays the others.
// Versions only grow; an event that is not newer than the current one (a save handler and the
// follower racing) is ignored.
func (b *Broker) Publish(ev *Event) {
	if b.set(ev) {
		b.fanOut(ev)
	}
}

// SetCurrent makes ev the current event, for GET /config and streams that open from now on, and
// returns the function that hands it to the open streams (Publish does both at once). The save
// handler calls fanOut after its answer is written, so that the answer does not wait for the
// fan-out, while a GET after the answer already sees the new version. fanOut does nothing when ev
// is not newer than the current event.
func (b *Broker) SetCurrent(ev *Event) (fanOut func()) {
	if !b.set(ev) {
		return func() {}
	}
	return func() { b.fanOut(ev) }
}

// set makes ev current if it is newer than the current event.
func (b *Broker) set(ev *Event) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if cur := b.current.Load(); cur != nil && ev.Version <= cur.Version {
		return false
	}
	b.current.Store(ev)
	return true
}

// fanOut hands ev to every subscriber and forgets those it dropped.
func (b *Broker) fanOut(ev *Event) {
	b.mu.Lock()
	subs := b.listLocked()
	b.mu.Unlock()
	dropped := deliver(subs, ev)
	b.forget(dropped)
	if len(dropped) > 0 {
		b.logger.Warn("dropped slow live clients", "count", len(dropped), "version", ev.Version)
	}
}

// Current returns the newest published event, or nil before the first. It
// takes no lock (see current).
func (b *Broker) Current() *Event { return b.current.Load() }

// Clients returns the number of open streams.
func (b *Broker) Clients() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.subs)
}

// Close ends every stream (at server shutdown) and refuses new ones.
func (b *Broker) Close() { b.end(nil, nil) }

// Retire ends every stream as Close does, after handing it last (nil: nothing) whatever version it
// has: the broker's scale changed its state at the same version (archived or brought back), and its open
// pages learn that from their stream before it ends, not through a reconnect. drained is called
// once, outside the broker's locks, when no stream on a taken-over connection is left, at once if
// none is open: Scales then forgets the broker, without a goroutine that waits for it.
func (b *Broker) Retire(last *Event, drained func()) { b.end(last, drained) }

func (b *Broker) end(last *Event, drained func()) {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.quit)
	}
	if cur := b.current.Load(); last != nil && (cur == nil || last.Version >= cur.Version) {
		b.current.Store(last) // what a stream that opens late is told before it ends
	}
	subs := b.listLocked()
	clear(b.subs)
	b.list = nil
	if drained != nil {
		b.onDrained = drained
	}
	call := b.drainedLocked()
	b.mu.Unlock()
	for _, s := range subs { // outside b.mu: a stream's lock comes first (attach)
		s.end(last)
	}
	if call != nil {
		call()
	}
}

// startTaken counts a stream about to be taken over. It is false when the broker is closed: the
// stream is then served through the ResponseWriter (and ends at once), which Shutdown waits for.
func (b *Broker) startTaken() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return false
	}
	b.taken++
	return true
}

// endTaken counts a stream on a taken-over connection out.
func (b *Broker) endTaken() {
	b.mu.Lock()
	b.taken--
	call := b.drainedLocked()
	b.mu.Unlock()
	if call != nil {
		call()
	}
}

// drainedLocked marks the broker drained once it is closed and no stream on a taken-over connection
// is left, and then hands out Retire's function (nil: none, or handed out before), which the caller
// calls outside b.mu. b.mu is held.
func (b *Broker) drainedLocked() func() {
	if b.closed && b.taken == 0 && !b.isDrained {
		b.isDrained = true
		close(b.drained)
	}
	if !b.isDrained {
		return nil
	}
	f := b.onDrained
	b.onDrained = nil
	return f
}

// WaitStreams ends every stream (Close) and waits until the streams on
// taken-over connections have closed them, or ctx ends. Call it after
// http.Server.Shutdown has returned: no new stream can start then.
func (b *Broker) WaitStreams(ctx context.Context) error {
	b.Close()
	select {
	case <-b.drained:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("live: streams still open at shutdown: %w", ctx.Err())
	}
}
