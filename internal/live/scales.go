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

	refresh sync.Mutex // one Refresh at a time

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

// Refresh applies every scale the store changed since the last Refresh.
// Writers call it after their change, so that this instance's pages do not
// wait for the next wake-up of Follow.
func (s *Scales) Refresh(ctx context.Context) error {
	if s.store == nil {
		return nil
	}
	s.refresh.Lock()
	defer s.refresh.Unlock()
	s.mu.RLock()
	since := s.revision
	s.mu.RUnlock()
	changed, err := s.store.ScalesChangedSince(ctx, since)
	if err != nil {
		return err
	}
	events := make([]*Event, len(changed))
	for i, sc := range changed { // encoded outside the lock
		if events[i], err = scaleEvent(sc.Latest, sc.Archived); err != nil {
			return err
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, sc := range changed {
		s.apply(sc, events[i])
	}
	return nil
}

// apply takes one changed scale; s.mu is held.
func (s *Scales) apply(sc store.Scale, ev *Event) {
	s.revision = max(s.revision, sc.Revision)
	e, ok := s.entries[sc.Slug]
	if ok && sc.Revision <= e.revision {
		return
	}
	switch {
	case !ok || e.info.Archived != sc.Archived || e.info.Default != sc.Default:
		if ok { // its streams end; the pages reconnect and learn the new state
			e.broker.Close()
			s.retired = append(s.retired, e.broker)
		}
		b := NewBroker(s.logger, s.buffer)
		if s.closed {
			b.Close()
		}
		b.Publish(ev)
		e = &scaleEntry{broker: b}
		s.entries[sc.Slug] = e
	default:
		e.broker.Publish(ev) // ignored unless newer
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

// Follow keeps every scale on the store's newest state until ctx ends. While
// the database fails it retries every second; the failure is logged once.
func (s *Scales) Follow(ctx context.Context) {
	failing := false
	for ctx.Err() == nil {
		err := s.Refresh(ctx)
		if err == nil {
			s.mu.RLock()
			since := s.revision
			s.mu.RUnlock()
			err = s.store.WaitScaleChange(ctx, since)
		}
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			if failing {
				s.logger.Info("following the stored scales again")
				failing = false
			}
			continue
		}
		if !failing {
			s.logger.Error("following the stored scales failed; retrying every second", "err", err)
			failing = true
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
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
