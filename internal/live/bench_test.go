package live

import (
	"fmt"
	"io"
	"net"
	"testing"
	"time"
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

// BenchmarkPublishStreams measures one publish written to n streams on loopback TCP connections
// (the path of every taken-over stream, socket.go), until each client has read the frame. The
// readers run in this process too, so the figure includes their side of each connection.
func BenchmarkPublishStreams(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("streams=%d", n), func(b *testing.B) {
			br := NewBroker(quietLogger(), 8)
			ev := event(b, 1, "bench")
			br.Publish(ev)
			got := make(chan struct{}, n)
			for range n {
				server, client := benchPair(b)
				raw, ok := rawConn(server)
				if !ok {
					b.Skip("no non-blocking writes on this system")
				}
				if _, ok := br.attach(server, raw, ev.Version, time.Hour); !ok {
					b.Fatal("attach refused")
				}
				go func() {
					buf := make([]byte, len(retryFrame)+len(pingFrame)+len(ev.Frame))
					if _, err := io.ReadFull(client, buf[:len(retryFrame)+len(pingFrame)]); err != nil { // the stream's start
						return
					}
					for {
						if _, err := io.ReadFull(client, buf[:len(ev.Frame)]); err != nil {
							return
						}
						got <- struct{}{}
					}
				}()
			}
			for b.Loop() {
				next := *ev // a new version each time, of the same length
				next.Version++
				ev = &next
				br.Publish(ev)
				for range n {
					<-got
				}
			}
			if c := br.Clients(); c != n {
				b.Fatalf("%d of %d streams left", c, n)
			}
			br.Close()
		})
	}
}

func benchPair(b *testing.B) (server, client net.Conn) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer ln.Close()
	client, err = net.Dial("tcp", ln.Addr().String())
	if err != nil {
		b.Fatal(err)
	}
	server, err = ln.Accept()
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { server.Close(); client.Close() })
	return server, client
}
