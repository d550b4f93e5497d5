package live

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func event(t testing.TB, version int64, name string) *Event {
	t.Helper()
	cfg := grading.Default()
	cfg.Name = name
	ev, err := NewEvent("standard", store.ConfigVersion{Version: version, Config: cfg,
		SavedAt: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC), SavedBy: store.SavedBySystem})
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestSubscribeGetsCurrentThenNewer(t *testing.T) {
	b := NewBroker(quietLogger(), 4)
	sub, cur := b.Subscribe()
	if cur != nil {
		t.Fatalf("current before any publish = %v, want nil", cur)
	}
	b.Publish(event(t, 1, "eins"))
	if got := <-sub.C; got.Version != 1 {
		t.Fatalf("got version %d, want 1", got.Version)
	}
	late, cur := b.Subscribe()
	if cur == nil || cur.Version != 1 {
		t.Fatalf("late subscriber's current = %v, want version 1", cur)
	}
	b.Publish(event(t, 2, "zwei"))
	for _, s := range []*Subscription{sub, late} {
		if got := <-s.C; got.Version != 2 {
			t.Fatalf("got version %d, want 2", got.Version)
		}
	}
	if b.Clients() != 2 {
		t.Fatalf("Clients() = %d, want 2", b.Clients())
	}
	b.Unsubscribe(sub)
	b.Unsubscribe(sub) // twice is harmless
	if _, open := <-sub.C; open || b.Clients() != 1 {
		t.Fatalf("after Unsubscribe: channel open=%v, clients=%d", open, b.Clients())
	}
}

func TestSlowClientIsDroppedWithoutDelayingOthers(t *testing.T) {
	const buffer = 4
	b := NewBroker(quietLogger(), buffer)
	slow, _ := b.Subscribe() // never reads
	fast, _ := b.Subscribe()
	received := make(chan int64, 100)
	go func() {
		for ev := range fast.C {
			received <- ev.Version
		}
	}()

	published := make(chan struct{})
	go func() {
		for v := int64(1); v <= 50; v++ {
			b.Publish(event(t, v, "v"))
			for len(received) < int(v) { // pace to the fast reader, never to the slow one
				time.Sleep(time.Millisecond)
			}
		}
		close(published)
	}()
	select {
	case <-published:
	case <-time.After(10 * time.Second):
		t.Fatal("publishing was held up by a client that does not read")
	}
	for want := int64(1); want <= 50; want++ {
		if got := <-received; got != want {
			t.Fatalf("fast client got version %d, want %d", got, want)
		}
	}
	n := 0
	for range slow.C { // the buffered events, then the close
		n++
	}
	if n != buffer {
		t.Fatalf("slow client got %d events before being dropped, want its buffer of %d", n, buffer)
	}
	if b.Clients() != 1 {
		t.Fatalf("Clients() = %d after dropping the slow one, want 1", b.Clients())
	}
}

func TestCloseEndsEveryStream(t *testing.T) {
	b := NewBroker(quietLogger(), 1)
	sub, _ := b.Subscribe()
	b.Close()
	if _, open := <-sub.C; open {
		t.Fatal("subscription still open after Close")
	}
	after, _ := b.Subscribe()
	if _, open := <-after.C; open {
		t.Fatal("a subscription made after Close is open")
	}
}

// admitAll lets every stream open: the limits are the Guard's, tested in guard_test.go.
func admitAll(http.ResponseWriter, *http.Request) (func(), bool) { return func() {}, true }

// A GET of the configuration reads the broker's current event; pages whose stream was refused do
// that a thousand times a second. It must not wait while a publish holds the broker's lock, which
// a publish holds while it walks every subscriber.
func TestCurrentDoesNotWaitForAPublish(t *testing.T) {
	b := NewBroker(quietLogger(), 4)
	b.Publish(event(t, 1, "eins"))
	b.mu.Lock() // a publish in the middle of its walk
	defer b.mu.Unlock()
	got := make(chan *Event, 1)
	go func() { got <- b.Current() }()
	select {
	case ev := <-got:
		if ev == nil || ev.Version != 1 {
			t.Fatalf("Current() = %v, want version 1", ev)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Current() waited for the broker's lock")
	}
}

// An event carries the key of its own version, made once, and so does the archived copy of it:
// GET /grade grades on it.
func TestEventCarriesItsVersionsKey(t *testing.T) {
	ihk, _ := grading.PresetByID("ihk")
	for _, cfg := range []grading.Config{grading.Default(), ihk.Config} {
		cv := store.ConfigVersion{Version: 3, Config: cfg, SavedAt: time.Now()}
		want := cfg.Key().Calculate("30", "23,5")
		for _, archived := range []bool{false, true} {
			ev, err := scaleEvent("s", cv, archived)
			if err != nil {
				t.Fatal(err)
			}
			if got := ev.Key.Calculate("30", "23,5"); got != want || got.Grade == "" {
				t.Errorf("%s (archived %v): the event's key grades %+v, want %+v", cfg.Name, archived, got, want)
			}
		}
	}
}

// An event's ID, ETag and frame name its scale, version and archiving, so that neither a poll nor a
// reconnecting stream takes another scale's version, or the one before the archiving, for the current.
func TestEventNamesItsScale(t *testing.T) {
	cv := store.ConfigVersion{Version: 2, Config: grading.Default(), SavedAt: time.Now()}
	plain, _ := scaleEvent("mathematik", cv, false)
	archived, _ := scaleEvent("mathematik", cv, true)
	other, _ := scaleEvent("sprachen", cv, false)
	for _, tc := range []struct {
		ev       *Event
		id, etag string
	}{
		{plain, "mathematik.2", `"mathematik.2"`},
		{archived, "mathematik.2.archiviert", `"mathematik.2.archiviert"`},
		{other, "sprachen.2", `"sprachen.2"`},
	} {
		if tc.ev.ID != tc.id || tc.ev.ETag != tc.etag || !bytes.HasPrefix(tc.ev.Frame, []byte("id: "+tc.id+"\n")) {
			t.Errorf("event %s: ID %q, ETag %s, frame %.30q", tc.id, tc.ev.ID, tc.ev.ETag, tc.ev.Frame)
		}
	}
	for _, tc := range []struct {
		current *Event
		last    string
		want    int64
	}{
		{plain, "mathematik.2", 2},
		{plain, "sprachen.2", 0},              // the default moved: the same number means another scale
		{plain, "mathematik.2.archiviert", 0}, // brought back at the same version
		{archived, "mathematik.2", 0},         // archived at the same version
		{plain, "2", 0},                       // a page of an earlier release
		{plain, "mathematik.1", 0},            // an older version
		{nil, "mathematik.2", 0},
	} {
		if got := ResumesAt(tc.current, tc.last); got != tc.want {
			t.Errorf("ResumesAt(%v, %q) = %d, want %d", tc.current != nil, tc.last, got, tc.want)
		}
	}
}
