package live

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// Scales holds one Broker per grading scale (issue 17), so that a version
// is encoded once per scale and reaches only that scale's streams: the
// cost of a publish stays per subscriber of that scale. It follows the
// store's change revision (store.ScaleStore), whoever changed a scale.
//
// A scale whose archived or default flag changes gets a new Broker and the
// old one is closed: its streams end, and the pages reconnect to the new
// one, whose first event tells them (archived) or which now serves
// /api/v1/config/events (default). Brokers themselves know nothing of scales.
type Scales struct {
	logger *slog.Logger
	buffer int
	store  store.ScaleStore // nil for Fixed: one scale, never refreshed

	refresh sync.Mutex   // one Refresh at a time
	saves   sync.RWMutex // read-held by this process's changes until their versions are current (Change)

	mu       sync.RWMutex
	entries  map[string]*scaleEntry
	def      string // the default's slug
	revision int64  // the newest store revision applied
	retired  []*Broker
	closed   bool
	moved    time.Time // when the default last moved to another scale
}

type scaleEntry struct {
	broker   *Broker
	info     ScaleInfo
	revision int64
}

// ScaleInfo is a scale as the list shows it.
type ScaleInfo struct {
	Slug     string
	Name     string
	Version  int64
	SavedAt  time.Time
	Default  bool
	Archived bool
}

// NewScales makes a registry whose brokers drop clients that fall behind by
// buffer events; Refresh or Follow fill it from st.
func NewScales(logger *slog.Logger, buffer int, st store.ScaleStore) *Scales {
	return &Scales{logger: logger, buffer: buffer, store: st, entries: map[string]*scaleEntry{}}
}

// Fixed is a registry of the one default scale "standard" served by b, for
// tests and benchmarks that publish to a broker themselves.
func Fixed(b *Broker) *Scales {
	s := &Scales{entries: map[string]*scaleEntry{}, def: store.DefaultScaleSlug}
	s.entries[store.DefaultScaleSlug] = &scaleEntry{broker: b, info: ScaleInfo{Slug: store.DefaultScaleSlug, Default: true}}
	return s
}

// Lookup returns the broker and the state of the scale slug names, "" for
// the default.
func (s *Scales) Lookup(slug string) (*Broker, ScaleInfo, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if slug == "" {
		slug = s.def
	}
	e, ok := s.entries[slug]
	if !ok {
		return nil, ScaleInfo{}, false
	}
	return e.broker, e.current(), true
}

// current is the entry's state with the version its broker holds now.
func (e *scaleEntry) current() ScaleInfo {
	info := e.info
	if ev := e.broker.Current(); ev != nil && ev.Version >= info.Version {
		info.Version, info.Name = ev.Version, ev.Config.Name
	}
	return info
}

// List returns every scale, archived ones too, ordered by slug.
func (s *Scales) List() []ScaleInfo {
	s.mu.RLock()
	defer s.mu.RUnlock()
	list := make([]ScaleInfo, 0, len(s.entries))
	for _, e := range s.entries {
		list = append(list, e.current())
	}
	slices.SortFunc(list, func(a, b ScaleInfo) int { return strings.Compare(a.Slug, b.Slug) })
	return list
}

// Clients returns the number of open streams over every scale.
func (s *Scales) Clients() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	n := 0
	for _, e := range s.entries {
		n += e.broker.Clients()
	}
	return n
}

// Change runs change, a write to the store, and makes what it stored current in this instance's
// brokers (Refresh) at once, so that a GET after the writer's answer sees it. fanOut hands the new
// versions to the open streams: the writer calls it after its answer has gone out, because with
// thousands of pages the fan-out would delay the answer (issue 18). Until then the follower, woken
// by the commit, is held off (Follow), or it would fan out first. A failure to refresh is logged,
// not returned: the change is stored, and Follow catches up within a second of the database's return.
func (s *Scales) Change(ctx context.Context, change func() error) (fanOut func(), err error) {
	s.saves.RLock()
	defer s.saves.RUnlock()
	if err := change(); err != nil {
		return func() {}, err
	}
	fanOut, err = s.Refresh(ctx)
	if err != nil {
		s.logger.Warn("publishing a change of the scales failed; the follower will", "err", err)
	}
	return fanOut, nil
}

// Refresh applies every scale the store changed since the last Refresh: the new versions are
// current when it returns, and fanOut hands them to the open streams and ends the streams of the
// brokers it replaced. Its caller runs fanOut outside every lock (a fan-out writes to thousands of
// sockets), and always, even with an error.
func (s *Scales) Refresh(ctx context.Context) (fanOut func(), err error) {
	if s.store == nil {
		return func() {}, nil
	}
	s.refresh.Lock()
	defer s.refresh.Unlock()
	s.mu.RLock()
	since := s.revision
	s.mu.RUnlock()
	changed, err := s.store.ScalesChangedSince(ctx, since)
	if err != nil {
		return func() {}, err
	}
	events := make([]*Event, len(changed))
	for i, sc := range changed { // encoded outside the lock
		if events[i], err = scaleEvent(sc.Latest, sc.Archived); err != nil {
			return func() {}, err
		}
	}
	var later []func()
	s.mu.Lock()
	for i, sc := range changed {
		later = s.apply(sc, events[i], later)
	}
	s.mu.Unlock()
	return func() {
		for _, f := range later {
			f()
		}
	}, nil
}

// apply takes one changed scale and appends what is left to do outside s.mu to later; s.mu is
// held. A lookup never waits for a fan-out: the brokers only make the version current here.
func (s *Scales) apply(sc store.Scale, ev *Event, later []func()) []func() {
	s.revision = max(s.revision, sc.Revision)
	e, ok := s.entries[sc.Slug]
	if ok && sc.Revision <= e.revision {
		return later
	}
	switch {
	case !ok || e.info.Archived != sc.Archived || e.info.Default != sc.Default:
		if ok { // its streams end; the pages reconnect and learn the new state
			later = append(later, e.broker.Close)
			s.retired = append(s.retired, e.broker)
		}
		b := NewBroker(s.logger, s.buffer)
		if s.closed {
			b.Close()
		}
		b.SetCurrent(ev) // nobody listens yet
		e = &scaleEntry{broker: b}
		s.entries[sc.Slug] = e
	default:
		later = append(later, e.broker.SetCurrent(ev)) // a no-op unless newer
	}
	e.revision = sc.Revision
	e.info = ScaleInfo{Slug: sc.Slug, Name: sc.Latest.Config.Name, Version: sc.Latest.Version,
		SavedAt: sc.Latest.SavedAt.UTC(), Default: sc.Default, Archived: sc.Archived}
	if sc.Default && s.def != sc.Slug {
		if s.def != "" {
			s.moved = time.Now()
		}
		s.def = sc.Slug
	}
	return later
}

// DefaultMovedWithin reports whether the default moved to another scale
// less than d ago. The pages of /api/v1/config/events reconnect then with
// the old default's version as Last-Event-ID, which may be the new
// default's number too; the stream ignores it for a while.
func (s *Scales) DefaultMovedWithin(d time.Duration) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return !s.moved.IsZero() && time.Since(s.moved) < d
}

// scaleEvent is the event of a scale's version: the public version, with
// "archived":true when the scale is archived (ScaleVersion in the contract).
// A scale that is not archived has exactly the bytes of NewEvent, so the
// default's event serves /api/v1/config unchanged.
func scaleEvent(cv store.ConfigVersion, archived bool) (*Event, error) {
	ev, err := NewEvent(cv)
	if err != nil || !archived {
		return ev, err
	}
	marked := *ev
	marked.JSON = append(ev.JSON[:len(ev.JSON)-1:len(ev.JSON)-1], `,"archived":true}`...)
	marked.Frame = fmt.Appendf(nil, "id: %d\nevent: config\ndata: %s\n\n", cv.Version, marked.JSON)
	return &marked, nil
}

// Close ends every stream of every scale (at server shutdown) and refuses new ones.
func (s *Scales) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	for _, e := range s.entries {
		e.broker.Close()
	}
}

// WaitStreams closes every broker, the replaced ones too, and waits until
// their streams on taken-over connections have ended, or ctx ends.
func (s *Scales) WaitStreams(ctx context.Context) error {
	s.Close()
	s.mu.RLock()
	brokers := slices.Clone(s.retired)
	for _, e := range s.entries {
		brokers = append(brokers, e.broker)
	}
	s.mu.RUnlock()
	for _, b := range brokers {
		if err := b.WaitStreams(ctx); err != nil {
			return err
		}
	}
	return nil
}
