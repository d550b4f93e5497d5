package live

import "sync"

// A feed is a queue of events for a goroutine that reads them: at most the broker's buffer, closed
// when the reader falls behind (full), the broker closes, or Retire hands it a last event. It is
// the part that a Subscription and a writerStream share.
type feed struct {
	c chan *Event

	mu     sync.Mutex // sends come from several sender goroutines at once, and end from others
	closed bool
	last   *Event // set before c is closed, so a reader may read it once it sees c closed
}

func newFeed(buffer int) feed { return feed{c: make(chan *Event, buffer)} }

// push queues ev, or ends the feed when the queue is full (dropped).
func (f *feed) push(ev *Event) (dropped bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return false
	}
	select {
	case f.c <- ev:
		return false
	default:
		f.closeLocked(nil)
		return true
	}
}

func (f *feed) end(last *Event) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closeLocked(last)
}

func (f *feed) closeLocked(last *Event) {
	if !f.closed {
		f.closed, f.last = true, last
		close(f.c)
	}
}

// Subscription is a subscriber that is a channel: tests and benchmarks read the versions from C
// as a stream would write them. C is closed when the subscription is dropped (it fell behind by
// the broker's buffer) or the broker closes or retires; heartbeats are not sent to it.
type Subscription struct {
	feed
	C <-chan *Event
}

func (s *Subscription) send(ev *Event) (dropped bool) {
	if ev.Version == 0 { // a heartbeat: a channel needs none
		return false
	}
	return s.push(ev)
}

// Subscribe registers a Subscription and returns the current event (nil before the first publish)
// at once, so no version published in between is missed. On a closed broker C is closed already.
func (b *Broker) Subscribe() (*Subscription, *Event) {
	sub := &Subscription{feed: newFeed(b.buffer)}
	sub.C = sub.c
	current, ok := b.add(sub, 0)
	if !ok {
		sub.end(nil)
	}
	return sub, current
}

// Unsubscribe removes a subscription and closes C; safe to call after it was dropped.
func (b *Broker) Unsubscribe(sub *Subscription) {
	b.remove(sub)
	sub.end(nil)
}
