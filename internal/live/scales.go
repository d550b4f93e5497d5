package live

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// Scales holds one Broker per grading scale (docs/spec.md §8), so that a version
// is encoded once per scale and reaches only that scale's streams: the
// cost of a publish stays per subscriber of that scale. It follows the
// store's change revision (store.ScaleStore), whoever changed a scale.
//
// A scale whose archived or default flag changes gets a new Broker and the
// old one is retired: its streams end, and the pages reconnect to the new
// one, which now serves /api/v1/config/events (default). When the archived
// flag changed, the old streams get the new state before they end, so that
// the pages learn it at once (Broker.Retire). Brokers themselves know
// nothing of scales.
type Scales struct {
	logger *slog.Logger
	buffer int
	store  store.ScaleStore // nil for Fixed: one scale, never refreshed
	now    func() time.Time

	refresh sync.Mutex   // one Refresh at a time
	saves   sync.RWMutex // read-held by this process's changes until their versions are current (Change)

	mu       sync.RWMutex
	entries  map[string]*scaleEntry
	def      string               // the default's slug
	revision int64                // the newest store revision applied
	retired  map[*Broker]struct{} // replaced brokers until their last stream has ended (forget)
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
// buffer events; Refresh or Follow fill it from st. now is the server's
// clock (DefaultMovedWithin).
func NewScales(logger *slog.Logger, buffer int, st store.ScaleStore, now func() time.Time) *Scales {
	return &Scales{logger: logger, buffer: buffer, store: st, now: now, entries: map[string]*scaleEntry{},
		retired: map[*Broker]struct{}{}}
}

// Fixed is a registry of the one default scale "standard" served by b, for
// tests and benchmarks that publish to a broker themselves.
func Fixed(b *Broker) *Scales {
	s := &Scales{entries: map[string]*scaleEntry{}, retired: map[*Broker]struct{}{}, def: store.DefaultScaleSlug,
		now: time.Now}
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
// thousands of pages the fan-out would delay the answer (docs/benchmarks.md). Until then the follower, woken
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
		if events[i], err = scaleEvent(sc.Slug, sc.Latest, sc.Archived); err != nil {
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
			later = append(later, s.retire(e.broker, e.info.Archived != sc.Archived, ev))
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
			s.moved = s.now()
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
	return !s.moved.IsZero() && s.now().Sub(s.moved) < d
}

// retire keeps old, replaced in its entry, until its last stream has ended, so that WaitStreams
// waits for it, and returns what ends its streams, to run outside s.mu: with ev first when the
// scale was archived or brought back at the same version (news for its pages), not when only the
// default moved. s.mu is held.
func (s *Scales) retire(old *Broker, archivedChanged bool, ev *Event) func() {
	s.retired[old] = struct{}{}
	var last *Event
	if archivedChanged {
		last = ev
	}
	return func() {
		old.Retire(last, func() {
			s.mu.Lock()
			delete(s.retired, old)
			s.mu.Unlock()
		})
	}
}

// scaleEvent is the event of a scale's version: the public version, with
// "archived":true when the scale is archived (ScaleVersion in the contract).
// A scale that is not archived has exactly the JSON of NewEvent, so the
// default's event serves /api/v1/config unchanged. Its ID names the scale.
func scaleEvent(slug string, cv store.ConfigVersion, archived bool) (*Event, error) {
	ev, err := NewEvent(slug, cv)
	if err != nil || !archived {
		return ev, err
	}
	ev.Archived = true
	ev.JSON = append(ev.JSON[:len(ev.JSON)-1:len(ev.JSON)-1], `,"archived":true}`...)
	ev.name(ev.ID + ".archiviert")
	return ev, nil
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
	brokers := make([]*Broker, 0, len(s.retired)+len(s.entries))
	for b := range s.retired {
		brokers = append(brokers, b)
	}
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

// PageConfig is the configuration the calculator's page embeds (web.PageConfig), so that its first
// render needs no event: the public JSON of the current version of the scale the address names
// (?schluessel=, "" for the default). An unknown or archived scale gets no block: the page waits
// for its stream, which tells it what it is (404, or the version marked archived). A block of the default's would not help
// there, because the app uses a block only on the address it names (data-schluessel).
func (s *Scales) PageConfig(_ context.Context, slug string) (data []byte, version int64, ok bool) {
	b, info, ok := s.Lookup(slug)
	if !ok || info.Archived {
		return nil, 0, false
	}
	ev := b.Current()
	if ev == nil {
		return nil, 0, false
	}
	return ev.JSON, ev.Version, true
}
