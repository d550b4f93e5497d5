package live

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// memScales is a store.ScaleStore of scales the test sets, each change
// with the next revision.
type memScales struct {
	store.ScaleStore
	mu       sync.Mutex
	scales   map[string]store.Scale
	revision int64
}

func (m *memScales) set(slug string, version int64, isDefault, archived bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.scales == nil {
		m.scales = map[string]store.Scale{}
	}
	m.revision++
	cfg := grading.Default()
	cfg.Name = slug
	m.scales[slug] = store.Scale{Slug: slug, Default: isDefault, Archived: archived, Revision: m.revision,
		Latest: store.ConfigVersion{Version: version, Config: cfg, SavedAt: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}}
}

func (m *memScales) ScalesChangedSince(_ context.Context, revision int64) ([]store.Scale, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []store.Scale
	for _, sc := range m.scales {
		if sc.Revision > revision {
			out = append(out, sc)
		}
	}
	return out, nil
}

func refreshed(t *testing.T, s *Scales) {
	t.Helper()
	fanOut, err := s.Refresh(context.Background())
	fanOut()
	if err != nil {
		t.Fatal(err)
	}
}

func subscribe(t *testing.T, s *Scales, slug string) *Subscription {
	t.Helper()
	b, _, ok := s.Lookup(slug)
	if !ok {
		t.Fatalf("no scale %q", slug)
	}
	sub, _ := b.Subscribe()
	return sub
}

// received drains what arrived: the versions, and whether the feed ended.
func received(sub *Subscription) (versions []int64, closed bool) {
	for {
		select {
		case ev, open := <-sub.C:
			if !open {
				return versions, true
			}
			versions = append(versions, ev.Version)
		default:
			return versions, false
		}
	}
}

func TestScalesPublishOnlyToTheChangedScale(t *testing.T) {
	st := &memScales{}
	st.set("standard", 1, true, false)
	st.set("mathe", 1, false, false)
	s := NewScales(quietLogger(), 4, st, time.Now)
	refreshed(t, s)
	std, math := subscribe(t, s, "standard"), subscribe(t, s, "mathe")
	viaDefault := subscribe(t, s, "")

	st.set("mathe", 2, false, false)
	refreshed(t, s)
	refreshed(t, s) // nothing new: nothing sent
	if v, closed := received(math); len(v) != 1 || v[0] != 2 || closed {
		t.Errorf("mathe's page got %v (closed %v), want version 2", v, closed)
	}
	for name, sub := range map[string]*Subscription{"standard": std, "the default": viaDefault} {
		if v, closed := received(sub); len(v) != 0 || closed {
			t.Errorf("%s's page got %v (closed %v) from a save on mathe", name, v, closed)
		}
	}
	list := s.List()
	if len(list) != 2 || list[0].Slug != "mathe" || list[0].Version != 2 || !list[1].Default {
		t.Errorf("list: %+v", list)
	}
}

func TestScalesArchivingEndsTheStreamsAndFlagsTheEvent(t *testing.T) {
	st := &memScales{}
	st.set("standard", 1, true, false)
	st.set("ihk", 3, false, false)
	s := NewScales(quietLogger(), 4, st, time.Now)
	refreshed(t, s)
	page := subscribe(t, s, "ihk")
	st.set("ihk", 3, false, true)
	refreshed(t, s)
	if _, closed := received(page); !closed {
		t.Fatal("archiving left the scale's streams open")
	}
	b, info, _ := s.Lookup("ihk")
	ev := b.Current()
	if !info.Archived || ev.Version != 3 || !strings.HasSuffix(string(ev.JSON), `,"archived":true}`) ||
		!strings.Contains(string(ev.Frame), "id: ihk.3.archiviert\nevent: config\ndata: {\"version\":3,") || !strings.Contains(string(ev.Frame), `"archived":true}`+"\n\n") {
		t.Fatalf("archived scale's event: %+v\n%s", info, ev.Frame)
	}
	var v struct {
		Version  int64
		Archived bool
		Config   grading.Config
	}
	if err := json.Unmarshal(ev.JSON, &v); err != nil || !v.Archived || v.Config.Name != "ihk" {
		t.Fatalf("archived event JSON %s: %+v %v", ev.JSON, v, err)
	}
	// Unarchived: again a new broker, and the plain bytes.
	again := subscribe(t, s, "ihk")
	st.set("ihk", 3, false, false)
	refreshed(t, s)
	if _, closed := received(again); !closed {
		t.Fatal("unarchiving left the scale's streams open")
	}
	if b, _, _ := s.Lookup("ihk"); strings.Contains(string(b.Current().JSON), "archived") {
		t.Fatalf("unarchived scale still flagged: %s", b.Current().JSON)
	}
}

func TestScalesDefaultMoves(t *testing.T) {
	st := &memScales{}
	st.set("standard", 4, true, false)
	st.set("mathe", 2, false, false)
	now := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	s := NewScales(quietLogger(), 4, st, func() time.Time { return now })
	refreshed(t, s)
	if s.DefaultMovedWithin(time.Hour) {
		t.Fatal("the first load counts as a move of the default")
	}
	onConfig := subscribe(t, s, "")
	st.set("standard", 4, false, false)
	st.set("mathe", 2, true, false)
	refreshed(t, s)
	if _, closed := received(onConfig); !closed {
		t.Fatal("the default's streams stayed on the old default")
	}
	if b, info, _ := s.Lookup(""); info.Slug != "mathe" || b.Current().Config.Name != "mathe" {
		t.Fatalf("default after the move: %+v", info)
	}
	moved := now
	for _, c := range []struct {
		after time.Duration
		want  bool
	}{{0, true}, {time.Minute - time.Nanosecond, true}, {time.Minute, false}, {time.Hour, false}} {
		now = moved.Add(c.after) // by the registry's clock, not the wall clock's
		if got := s.DefaultMovedWithin(time.Minute); got != c.want {
			t.Errorf("%s after the move: moved within a minute = %v, want %v", c.after, got, c.want)
		}
	}
	if err := s.WaitStreams(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestScalesIgnoreAnOlderState(t *testing.T) {
	st := &memScales{}
	st.set("standard", 1, true, false)
	st.set("ihk", 1, false, false)
	s := NewScales(quietLogger(), 4, st, time.Now)
	refreshed(t, s)
	old := st.scales["ihk"]
	st.set("ihk", 1, false, true)
	refreshed(t, s)
	s.mu.Lock()
	later := s.apply(old, event(t, 1, "ihk"), nil) // a follower that read before the change comes late
	s.mu.Unlock()
	if len(later) != 0 {
		t.Errorf("an older state left %d things to do", len(later))
	}
	if _, info, _ := s.Lookup("ihk"); !info.Archived {
		t.Fatal("an older state undid the archiving")
	}
}

func TestFixedScalesServeTheOneBroker(t *testing.T) {
	b := NewBroker(quietLogger(), 1)
	b.Publish(event(t, 7, "Standard"))
	s := Fixed(b)
	if got, info, ok := s.Lookup(""); !ok || got != b || info.Version != 7 || !info.Default {
		t.Fatalf("Lookup(\"\") = %v %+v %v", got, info, ok)
	}
	if _, _, ok := s.Lookup("mathe"); ok {
		t.Fatal("a fixed registry knows another scale")
	}
	if _, err := s.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// A change is current when Change returns, but its streams get it only from fanOut (the writer runs
// it after its answer): a new version, and the end of the streams of an archived scale. The
// follower, woken by the change's commit, waits for Change and then has nothing left to send.
func TestScalesChangeFansOutOnlyWhenTold(t *testing.T) {
	st := &memScales{}
	st.set("standard", 1, true, false)
	st.set("mathe", 1, false, false)
	s := NewScales(quietLogger(), 4, st, time.Now)
	refreshed(t, s)
	for _, c := range []struct {
		name     string
		archived bool
	}{{"a new version", false}, {"archiving", true}} {
		t.Run(c.name, func(t *testing.T) {
			page := subscribe(t, s, "mathe")
			_, before, _ := s.Lookup("mathe")
			caughtUp := make(chan struct{})
			fanOut, err := s.Change(context.Background(), func() error {
				st.set("mathe", before.Version+1, false, c.archived)
				go func() { _ = s.catchUp(context.Background()); close(caughtUp) }()
				select {
				case <-caughtUp:
					t.Error("the follower caught up while the change was in flight")
				case <-time.After(50 * time.Millisecond):
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			<-caughtUp
			if _, info, _ := s.Lookup("mathe"); info.Version != before.Version+1 || info.Archived != c.archived {
				t.Errorf("after Change: %+v, want version %d archived %v", info, before.Version+1, c.archived)
			}
			if v, closed := received(page); len(v) != 0 || closed {
				t.Fatalf("before fanOut the page got %v (closed %v)", v, closed)
			}
			fanOut()
			v, closed := received(page)
			if c.archived && !closed || !c.archived && (len(v) != 1 || v[0] != before.Version+1 || closed) {
				t.Errorf("after fanOut the page got %v (closed %v)", v, closed)
			}
		})
	}
}
