package live

import (
	"fmt"
	"testing"
)

// BenchmarkPublish measures one publish delivered to n subscribers that
// keep up: the time until every subscriber has the event. The event is
// encoded once; each client costs one non-blocking send and one receive.
func BenchmarkPublish(b *testing.B) {
	for _, n := range []int{1, 100, 1000, 10000} {
		b.Run(fmt.Sprintf("clients=%d", n), func(b *testing.B) {
			br := NewBroker(quietLogger(), 8)
			got := make(chan struct{}, n)
			for range n {
				sub, _ := br.Subscribe()
				go func() {
					for range sub.C {
						got <- struct{}{}
					}
				}()
			}
			ev := event(b, 1, "bench")
			for b.Loop() {
				// a new version each time: the broker ignores a version it has already published
				next := *ev
				next.Version++
				ev = &next
				br.Publish(ev)
				for range n {
					<-got
				}
			}
			if c := br.Clients(); c != n {
				b.Fatalf("%d of %d clients left: the benchmark dropped subscribers", c, n)
			}
			br.Close()
		})
	}
}

// BenchmarkNewEvent measures encoding a version, done once per publish.
func BenchmarkNewEvent(b *testing.B) {
	for b.Loop() {
		event(b, 1, "bench")
	}
}
