package live

import (
	"net"
	"sync"
	"syscall"
	"time"
)

// A socketStream is one open page on a taken-over TCP connection. No goroutine of its own waits for
// events: a publish writes the one encoded frame straight into the socket, without blocking
// (writeNow), from the sender goroutines of the delivery (deliver), and so does the broker's
// heartbeat loop. Waking one goroutine per page cost about 11 µs of CPU per page and publish
// (docs/benchmarks.md); a write of a few hundred bytes costs a few µs. The stream's only goroutine
// (watch) waits for the client to leave.
//
// A socket that does not take a whole frame (the client reads too slowly) makes the stream slow:
// the rest of the frame and the next events wait in a backlog of at most the broker's buffer,
// which a goroutine of the stream's own writes with a write deadline. A full backlog or a failed
// write drops the stream (the page reconnects and resumes), so a slow reader never delays a
// sender, and so never the other pages.
type socketStream struct {
	b    *Broker
	conn net.Conn
	out  *nowWriter // writes without waiting (write_unix.go)

	mu      sync.Mutex
	sent    int64    // the newest version written or queued
	backlog [][]byte // frames (or the rest of one) waiting for a slow socket; nil when not slow
	slow    bool     // a drain goroutine owns the writes
	ending  bool     // closed once the backlog is written (end); nothing new is queued
	dead    bool     // dropped or closed: nothing more is written
}

// rawConn returns the connection's file descriptor access, or ok false where the connection is
// not a plain socket (TLS) and the stream is a writerStream.
func rawConn(conn net.Conn) (syscall.RawConn, bool) {
	sc, ok := conn.(syscall.Conn)
	if !ok || !canWriteNow {
		return nil, false
	}
	raw, err := sc.SyscallConn()
	return raw, err == nil
}

// attach registers a stream and writes its start (startFrames). It holds the stream's lock while it
// registers, so a publish that reaches the stream meanwhile comes after these frames. ok is false
// when the broker is closed.
func (b *Broker) attach(conn net.Conn, raw syscall.RawConn, sent int64, heartbeat time.Duration) (*socketStream, bool) {
	s := &socketStream{b: b, conn: conn, out: newNowWriter(raw)}
	s.mu.Lock()
	defer s.mu.Unlock()
	current, ok := b.add(s, heartbeat)
	if !ok {
		return nil, false
	}
	var start []byte
	start, s.sent = startFrames(current, sent)
	s.writeLocked(start)
	return s, true
}

// send writes ev's frame unless the client has that version or a newer one (a ping it always
// writes). It never blocks on the network.
func (s *socketStream) send(ev *Event) (dropped bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dead || s.ending || (ev.Version > 0 && ev.Version <= s.sent) {
		return false
	}
	s.sent = max(s.sent, ev.Version)
	return s.writeLocked(ev.Frame)
}

// writeLocked writes p now, queues it behind a slow socket, or drops the stream.
func (s *socketStream) writeLocked(p []byte) (dropped bool) {
	if s.dead {
		return false
	}
	if s.slow {
		if len(s.backlog) >= s.b.buffer {
			s.closeLocked()
			return true
		}
		s.backlog = append(s.backlog, p)
		return false
	}
	n, err := s.out.writeNow(p)
	if err != nil {
		s.closeLocked()
		return true
	}
	if n < len(p) {
		s.slow = true
		s.backlog = append(s.backlog, p[n:])
		go s.drain()
	}
	return false
}

// drain writes the backlog of a slow stream, each write bounded by writeTimeout, until it is
// empty (the stream is fast again) or a write fails (the stream is dropped).
func (s *socketStream) drain() {
	for {
		s.mu.Lock()
		if s.dead || len(s.backlog) == 0 {
			s.slow, s.backlog = false, nil
			if s.ending {
				s.closeLocked()
			} else if !s.dead {
				_ = s.conn.SetWriteDeadline(time.Time{}) // writeNow fails on an expired deadline
			}
			s.mu.Unlock()
			return
		}
		p := s.backlog[0]
		s.backlog[0], s.backlog = nil, s.backlog[1:]
		s.mu.Unlock()
		_ = s.conn.SetWriteDeadline(time.Now().Add(writeTimeout))
		if _, err := s.conn.Write(p); err != nil {
			s.mu.Lock()
			s.closeLocked()
			s.mu.Unlock()
			return
		}
	}
}

// end closes the stream after writing last's frame (nil: nothing) whatever version it carries
// (Retire); watch then unregisters it. A slow stream writes its backlog and the frame first, each
// write within writeTimeout; one whose backlog is full is closed without it, and learns the news
// when it reconnects.
func (s *socketStream) end(last *Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if last == nil || s.dead {
		s.closeLocked()
		return
	}
	s.writeLocked(last.Frame)
	s.ending = true
	if !s.slow {
		s.closeLocked() // the frame is in the socket's buffer: a close sends it before the FIN
	}
}

func (s *socketStream) closeLocked() {
	if !s.dead {
		s.dead = true
		s.conn.Close() // wakes watch's read and a blocked drain
	}
}

// watch is the stream's goroutine until the client goes: it reads, which returns only when the
// client leaves (EventSource sends nothing after its request; a client that sends anyway is cut
// off rather than read one system call per byte) or the stream is dropped or closed. The
// heartbeat is the broker's (beat), so the read needs no deadline; the one net/http may have left
// from reading the request (ReadTimeout) is cleared.
func (s *socketStream) watch() {
	defer s.b.remove(s)
	defer s.end(nil)
	_ = s.conn.SetReadDeadline(time.Time{})
	var buf [1]byte
	_, _ = s.conn.Read(buf[:])
}
