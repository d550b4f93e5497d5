package live

import (
	"bufio"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"
)

// tcpPair returns both ends of a loopback TCP connection; small ones have socket buffers in which
// a frame of 16 KiB never fits at once.
func tcpPair(t *testing.T, small bool) (server *net.TCPConn, client *net.TCPConn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	s, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	server, client = s.(*net.TCPConn), c.(*net.TCPConn)
	t.Cleanup(func() { server.Close(); client.Close() })
	if small {
		_ = server.SetWriteBuffer(4096)
		_ = client.SetReadBuffer(4096)
	}
	return server, client
}

// attachPair opens a stream of b on a fresh connection and returns the client's reader.
func attachPair(t *testing.T, b *Broker, small bool) (*net.TCPConn, *bufio.Reader) {
	t.Helper()
	server, client := tcpPair(t, small)
	raw, ok := rawConn(server)
	if !ok {
		t.Skip("no non-blocking writes on this system")
	}
	s, ok := b.attach(server, raw, 0, time.Hour)
	if !ok {
		t.Fatal("attach refused by an open broker")
	}
	go s.watch()
	return client, bufio.NewReaderSize(client, 1<<20)
}

// nextVersion reads the stream up to the next config event and returns its id.
func nextVersion(t *testing.T, r *bufio.Reader) int64 {
	t.Helper()
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("stream ended: %v", err)
		}
		if id, ok := strings.CutPrefix(line, "id: "); ok {
			v, err := strconv.ParseInt(strings.TrimPrefix(strings.TrimSpace(id), "standard."), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
	}
}

// paddedEvent is version v with a comment of kib KiB in its frame.
func paddedEvent(t *testing.T, v int64, kib int) *Event {
	ev := event(t, v, "v")
	ev.Frame = append(ev.Frame[:len(ev.Frame)-2], []byte("\n: "+strings.Repeat("x", kib<<10)+"\n\n")...)
	return ev
}

// A socket that does not take a whole frame makes the stream slow, not dropped: the publish
// returns at once, the rest waits in the backlog, and a client that reads again gets every
// version in order and stays.
func TestSlowStreamCatchesUp(t *testing.T) {
	const buffer = 4
	b := NewBroker(quietLogger(), buffer)
	t.Cleanup(b.Close)
	b.Publish(event(t, 1, "eins"))
	client, r := attachPair(t, b, true)
	if v := nextVersion(t, r); v != 1 {
		t.Fatalf("first event version %d, want 1", v)
	}
	for v := int64(2); v <= buffer; v++ { // the first one fills the socket, the others wait
		begin := time.Now()
		b.Publish(paddedEvent(t, v, 16))
		if d := time.Since(begin); d > time.Second {
			t.Fatalf("publishing version %d took %s while the client did not read", v, d)
		}
	}
	_ = client.SetReadDeadline(time.Now().Add(10 * time.Second))
	for want := int64(2); want <= buffer; want++ {
		if v := nextVersion(t, r); v != want {
			t.Fatalf("got version %d, want %d", v, want)
		}
	}
	b.Publish(event(t, buffer+1, "klein"))
	if v := nextVersion(t, r); v != buffer+1 {
		t.Fatalf("got version %d after catching up, want %d", v, buffer+1)
	}
	if n := b.Clients(); n != 1 {
		t.Fatalf("%d clients, want the slow one kept", n)
	}
}

// A stream whose backlog is full is dropped at the next publish, which does not wait for it, and
// a stream that keeps up gets every version meanwhile.
func TestFullBacklogDropsOnlyTheSlowStream(t *testing.T) {
	const buffer = 2
	b := NewBroker(quietLogger(), buffer)
	t.Cleanup(b.Close)
	b.Publish(event(t, 1, "eins"))
	_, slow := attachPair(t, b, true) // never read again
	nextVersion(t, slow)
	fastConn, fast := attachPair(t, b, false)
	nextVersion(t, fast)
	_ = fastConn.SetReadDeadline(time.Now().Add(10 * time.Second))
	for v := int64(2); v <= 20; v++ {
		begin := time.Now()
		b.Publish(paddedEvent(t, v, 64))
		if d := time.Since(begin); d > time.Second {
			t.Fatalf("publishing version %d took %s", v, d)
		}
		if got := nextVersion(t, fast); got != v {
			t.Fatalf("fast stream got version %d, want %d", got, v)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for b.Clients() != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("%d clients, want the slow stream dropped", b.Clients())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
