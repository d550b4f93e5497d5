package live

import (
	"bytes"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// The stream on a connection taken over from net/http (Handler tries this first): it costs a
// fraction of the memory of a handler that stays in ServeHTTP for hours, but http.Server.Shutdown
// no longer sees it, so the broker counts these streams for the shutdown (startTaken, WaitStreams).

// hijack takes the HTTP/1.1 connection over and writes the response head itself: status, the
// headers set so far (including the server's security headers) and Connection: close, so that
// the body (the events) simply ends when the connection does. ok is false where a connection
// cannot be taken over (HTTP/2, test recorders); the stream is then served through w.
func hijack(rc *http.ResponseController, h http.Header, logger *slog.Logger) (net.Conn, bool) {
	conn, brw, err := rc.Hijack()
	if err != nil {
		return nil, false
	}
	_ = brw // bytes a client sent after its request (EventSource sends none) are dropped with the buffers
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\n")
	h.Set("Connection", "close")
	h.Set("Date", time.Now().UTC().Format(http.TimeFormat))
	if err := h.Write(&head); err != nil {
		logger.Debug("stream head", "err", err)
	}
	head.WriteString("\r\n")
	_ = conn.SetWriteDeadline(time.Now().Add(writeTimeout))
	if _, err := conn.Write(head.Bytes()); err != nil {
		conn.Close()
		return nil, true // the client is gone; nothing more to do
	}
	return conn, true
}

// streamTakenOver serves the stream on a taken-over connection until the client goes (seen by a
// read that waits for the end of the connection), falls behind, or the broker closes. On a plain
// socket it is a socketStream, which the broker writes itself; otherwise (TLS) a writerStream, which
// a goroutine of its own writes.
func streamTakenOver(b *Broker, conn net.Conn, sent int64, heartbeat time.Duration) {
	if conn == nil {
		return
	}
	_ = conn.SetWriteDeadline(time.Time{}) // the head's deadline: stream writes set their own
	if raw, ok := rawConn(conn); ok {
		s, ok := b.attach(conn, raw, sent, heartbeat)
		if !ok {
			conn.Close() // shutting down
			return
		}
		s.watch()
		return
	}
	defer conn.Close()
	_ = conn.SetReadDeadline(time.Time{}) // the one net/http may have left (ReadTimeout)
	gone := make(chan struct{})
	go func() {
		// EventSource sends nothing after its request: the first read returns at EOF or reset (the
		// client left, or the connection was closed here). A client that sends bytes anyway is cut
		// off rather than read forever, one system call per byte.
		defer close(gone)
		var buf [1]byte
		_, _ = conn.Read(buf[:])
	}()
	write := func(p []byte) bool {
		_ = conn.SetWriteDeadline(time.Now().Add(writeTimeout))
		_, err := conn.Write(p)
		return err == nil
	}
	b.serveWriter(sent, heartbeat, gone, write)
}
