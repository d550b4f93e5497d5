package live

import (
	"errors"
	"net"
	"runtime"
	"sync"
	"syscall"
	"time"
)

// A stream is one open page on a taken-over TCP connection. No goroutine of its own waits for
// events: a publish writes the one encoded frame straight into the socket, without blocking
// (writeNow), from a few sender goroutines that share the streams between them (deliver). Waking
// one goroutine per page cost about 11 µs of CPU per page and publish (docs/benchmarks.md); a write of a
// few hundred bytes costs a few µs. The stream's only goroutine (watch) waits for the client to
// leave and sends the heartbeat.
//
// A socket that does not take a whole frame (the client reads too slowly) makes the stream slow:
// the rest of the frame and the next events wait in a backlog of at most the broker's buffer,
// which a goroutine of the stream's own writes with a write deadline. A full backlog or a failed
// write drops the stream (the page reconnects and resumes), so a slow reader never delays a
// sender, and so never the other pages.
type stream struct {
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
// not a plain socket (TLS) and the stream must run in a goroutine of its own (writeEvents).
func rawConn(conn net.Conn) (syscall.RawConn, bool) {
	sc, ok := conn.(syscall.Conn)
	if !ok || !canWriteNow {
		return nil, false
	}
	raw, err := sc.SyscallConn()
	return raw, err == nil
}

// attach registers a stream and writes the retry hint, the current version unless the client has
// it (Last-Event-ID = sent), and a ping (pingFrame says why). It holds the stream's lock while it
// registers, so a publish that reaches the stream meanwhile comes after these frames. ok is false
// when the broker is closed.
func (b *Broker) attach(conn net.Conn, raw syscall.RawConn, sent int64) (*stream, bool) {
	s := &stream{b: b, conn: conn, out: newNowWriter(raw), sent: sent}
	s.mu.Lock()
	defer s.mu.Unlock()
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil, false
	}
	b.streams[s] = struct{}{}
	current := b.current.Load()
	b.mu.Unlock()
	first := append([]byte(nil), retryFrame...) // a copy: the frames below are appended to it
	if current != nil && current.Version != sent {
		first = append(first, current.Frame...)
		s.sent = current.Version
	}
	s.writeLocked(append(first, pingFrame...))
	return s, true
}

// detach unregisters a stream whose connection has ended.
func (b *Broker) detach(s *stream) {
	b.mu.Lock()
	delete(b.streams, s)
	b.mu.Unlock()
}

// send writes frame (of version, or 0 for a heartbeat) unless the client has that version or a
// newer one. It never blocks on the network. dropped reports that this call gave the stream up.
func (s *stream) send(frame []byte, version int64) (dropped bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dead || s.ending || (version > 0 && version <= s.sent) {
		return false
	}
	if version > 0 {
		s.sent = version
	}
	return s.writeLocked(frame)
}

// writeLocked writes p now, queues it behind a slow socket, or drops the stream.
func (s *stream) writeLocked(p []byte) (dropped bool) {
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
func (s *stream) drain() {
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

// close ends the stream (broker closing); watch then detaches it.
func (s *stream) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closeLocked()
}

// end closes the stream after writing frame (nil: nothing) whatever version it carries (Retire).
// A slow stream writes its backlog and frame first, each write within writeTimeout; one whose
// backlog is full is closed without it, and learns the news when it reconnects.
func (s *stream) end(frame []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if frame == nil || s.dead {
		s.closeLocked()
		return
	}
	s.writeLocked(frame)
	s.ending = true
	if !s.slow {
		s.closeLocked() // the frame is in the socket's buffer: a close sends it before the FIN
	}
}

func (s *stream) closeLocked() {
	if !s.dead {
		s.dead = true
		s.conn.Close() // wakes watch's read and a blocked drain
	}
}

// watch is the stream's goroutine until the client goes: it reads, which returns only when the
// client leaves (EventSource sends nothing after its request; a client that sends anyway is cut
// off rather than read one system call per byte), the stream is dropped or closed, or the
// heartbeat is due, and sends the heartbeat.
func (s *stream) watch(heartbeat time.Duration) {
	defer s.b.detach(s)
	defer s.close()
	var buf [1]byte
	for {
		_ = s.conn.SetReadDeadline(time.Now().Add(heartbeat))
		_, err := s.conn.Read(buf[:])
		var ne net.Error
		if err == nil || !errors.As(err, &ne) || !ne.Timeout() {
			return
		}
		s.send(pingFrame, 0)
	}
}

// senderShare is how many streams one sender goroutine takes at least: below that, starting a
// goroutine costs more than it saves.
const senderShare = 512

// deliver writes frame to every stream, shared among at most GOMAXPROCS sender goroutines (the
// caller is one of them), and returns how many streams it dropped. The goroutines live as long as
// one publish: an idle broker, one of many, holds none.
func deliver(streams []*stream, frame []byte, version int64) (dropped int) {
	senders := min(runtime.GOMAXPROCS(0), (len(streams)+senderShare-1)/senderShare)
	if senders <= 1 {
		return deliverPart(streams, frame, version)
	}
	part := (len(streams) + senders - 1) / senders
	counts := make(chan int, senders-1)
	for i := 1; i < senders; i++ {
		go func() { counts <- deliverPart(streams[i*part:min(len(streams), (i+1)*part)], frame, version) }()
	}
	dropped = deliverPart(streams[:part], frame, version)
	for i := 1; i < senders; i++ {
		dropped += <-counts
	}
	return dropped
}

func deliverPart(streams []*stream, frame []byte, version int64) (dropped int) {
	for _, s := range streams {
		if s.send(frame, version) {
			dropped++
		}
	}
	return dropped
}
