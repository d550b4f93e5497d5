package live

import (
	"testing"
	"time"
)

// The publish encodes a version once (NewEvent), not once per client: the broker hands every
// subscriber the same *Event without allocating, and the stream writes its Frame as it is.

func TestPublishSharesOneEncoding(t *testing.T) {
	const clients = 1000
	b := NewBroker(quietLogger(), 4)
	subs := make([]*Subscription, clients)
	for i := range subs {
		subs[i], _ = b.Subscribe()
	}
	ev := event(t, 1, "eins")
	b.Publish(ev)
	for i, sub := range subs {
		if got := <-sub.C; got != ev || &got.Frame[0] != &ev.Frame[0] {
			t.Fatalf("client %d got another event or a copy of its frame", i)
		}
	}
	version := int64(1)
	allocs := testing.AllocsPerRun(20, func() {
		version++
		next := *ev
		next.Version = version
		b.Publish(&next)
		for _, sub := range subs {
			<-sub.C
		}
	})
	// the one allocation is the test's own copy of the event (next escapes into the broker)
	if allocs > 1 {
		t.Fatalf("a publish to %d clients allocates %.0f times; want none per client", clients, allocs)
	}
}

func TestStreamWritesTheEncodedFrame(t *testing.T) {
	b, url := startStream(t, time.Hour)
	c := connect(t, url, "")
	checkEvent(t, c.nextEvent(), 1, "eins")
	// A frame that differs from what encoding ev.Config would give: the client must see exactly it.
	ev := event(t, 2, "zwei")
	ev.Frame = []byte("id: standard.2\nevent: config\ndata: {\"version\":2,\"config\":{\"name\":\"vorkodiert\"}}\n\n")
	b.Publish(ev)
	checkEvent(t, c.nextEvent(), 2, "vorkodiert")
}
