package live

import (
	"runtime"
	"time"
)

// A subscriber is one open page, however its bytes leave: a socketStream on a taken-over TCP
// connection (socket.go), a writerStream through the ResponseWriter (HTTP/2) or on a taken-over
// TLS connection (writer.go), a Subscription's channel (tests). The broker keeps them in one map
// and hands each the same *Event, encoded once, from the publish's sender goroutines (deliver).
type subscriber interface {
	// send hands ev over without waiting: a version, or pingEvent for the heartbeat. A subscriber
	// that cannot take it (its backlog of at most the broker's buffer is full, or a write failed)
	// ends itself and reports dropped; the broker then forgets it, and the page reconnects and
	// resumes. Safe for concurrent use, and after end (then it does nothing).
	send(ev *Event) (dropped bool)
	// end stops the subscriber after handing it last (nil: nothing), whatever version it has
	// (Retire). Called once or more, outside the broker's lock: a socketStream's lock comes first.
	end(last *Event)
}

// pingEvent is the heartbeat as the broker hands it out: version 0, which every stream writes
// whatever version its page has (a Subscription, a channel, skips it).
var pingEvent = &Event{Frame: pingFrame}

// add registers s and returns the current event (nil before the first publish) at once, so that no
// version published in between is missed. heartbeat is the stream's heartbeat (0: none, a
// Subscription), which starts the broker's heartbeat loop if it is not running. ok is false when the
// broker is closed: s is not registered then.
func (b *Broker) add(s subscriber, heartbeat time.Duration) (current *Event, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return b.current.Load(), false
	}
	b.subs[s] = struct{}{}
	b.list = nil
	if heartbeat > 0 && !b.beating {
		b.beating = true
		go b.beat(heartbeat)
	}
	return b.current.Load(), true
}

// remove forgets s; safe to call after it was dropped. It does not end s.
func (b *Broker) remove(s subscriber) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.subs[s]; ok {
		delete(b.subs, s)
		b.list = nil
	}
}

// forget removes the subscribers a delivery dropped.
func (b *Broker) forget(dropped []subscriber) {
	if len(dropped) == 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, s := range dropped {
		delete(b.subs, s)
	}
	b.list = nil
}

// listLocked returns the subscribers as a slice that is never changed after it is made (a new one
// replaces it after a change of the map), so that a delivery walks it without the broker's lock
// and a publish to a steady set of pages copies nothing. b.mu is held.
func (b *Broker) listLocked() []subscriber {
	if b.list == nil {
		b.list = make([]subscriber, 0, len(b.subs))
		for s := range b.subs {
			b.list = append(b.list, s)
		}
	}
	return b.list
}

// beat is the broker's one heartbeat loop: every interval it hands pingEvent to every subscriber
// the way a publish hands out a version, so no stream keeps a timer or wakes a goroutine of its
// own for it. It runs while the broker is open and has subscribers: an idle broker, one of many
// scales, holds no goroutine (add starts it again). Every stream starts with a ping of its own
// (pingFrame), so a page sees one at once and then at most one interval apart.
func (b *Broker) beat(interval time.Duration) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-b.quit:
		case <-ticker.C:
		}
		b.mu.Lock()
		if b.closed || len(b.subs) == 0 {
			b.beating = false
			b.mu.Unlock()
			return
		}
		subs := b.listLocked()
		b.mu.Unlock()
		b.forget(deliver(subs, pingEvent))
	}
}

// senderShare is how many subscribers one sender goroutine takes at least: below that, starting a
// goroutine costs more than it saves.
const senderShare = 512

// deliver hands ev to every subscriber, shared among at most GOMAXPROCS sender goroutines (the
// caller is one of them), and returns those it dropped. The goroutines live as long as one
// delivery: an idle broker, one of many, holds none.
func deliver(subs []subscriber, ev *Event) (dropped []subscriber) {
	senders := min(runtime.GOMAXPROCS(0), (len(subs)+senderShare-1)/senderShare)
	if senders <= 1 {
		return sendAll(subs, ev, nil)
	}
	part := (len(subs) + senders - 1) / senders
	parts := make(chan []subscriber, senders-1)
	for i := 1; i < senders; i++ {
		go func() { parts <- sendAll(subs[i*part:min(len(subs), (i+1)*part)], ev, nil) }()
	}
	dropped = sendAll(subs[:part], ev, nil)
	for i := 1; i < senders; i++ {
		dropped = append(dropped, <-parts...)
	}
	return dropped
}

func sendAll(subs []subscriber, ev *Event, dropped []subscriber) []subscriber {
	for _, s := range subs {
		if s.send(ev) {
			dropped = append(dropped, s)
		}
	}
	return dropped
}
