package live

import "time"

// A writerStream is a stream that a goroutine of its own writes, with a blocking write bounded by
// writeTimeout: through the ResponseWriter where a connection cannot be taken over (HTTP/2, test
// recorders), or on a taken-over TLS connection, which cannot be written without waiting
// (socket.go). The broker queues its events in a feed of at most its buffer; a full feed drops the
// stream, so a slow reader never delays a publish.
type writerStream struct {
	feed
}

func (w *writerStream) send(ev *Event) (dropped bool) { return w.push(ev) }

// serveWriter registers a writerStream and writes it with write until done, a failed write, or the
// end of its feed (dropped, the broker closed, or retired with a last word, written before the
// stream ends): the retry hint, the current version unless the client has it (Last-Event-ID =
// sent), a ping, then every newer version and every heartbeat the broker hands over. On a closed
// broker it writes the start and ends: a retired broker's current version is its last word.
func (b *Broker) serveWriter(sent int64, heartbeat time.Duration, done <-chan struct{}, write func([]byte) bool) {
	ws := &writerStream{feed: newFeed(b.buffer)}
	current, ok := b.add(ws, heartbeat)
	if ok {
		defer b.remove(ws)
		defer ws.end(nil)
	}
	start, sent := startFrames(current, sent)
	if !write(start) || !ok {
		return
	}
	for {
		select {
		case <-done:
			return
		case ev, open := <-ws.c:
			if !open {
				if ws.last != nil {
					write(ws.last.Frame)
				}
				return
			}
			if ev.Version > 0 && ev.Version <= sent {
				continue // the client has it (resumed) or something newer
			}
			if !write(ev.Frame) {
				return
			}
			sent = max(sent, ev.Version)
		}
	}
}

// startFrames is how every stream starts: the retry hint, the current version unless the client
// has it (Last-Event-ID = sent), and a ping (pingFrame says why), in one write. sent is then the
// version the client has.
func startFrames(current *Event, sent int64) ([]byte, int64) {
	n := len(retryFrame) + len(pingFrame)
	if current != nil {
		n += len(current.Frame)
	}
	start := append(make([]byte, 0, n), retryFrame...)
	if current != nil && current.Version != sent {
		start = append(start, current.Frame...)
		sent = current.Version
	}
	return append(start, pingFrame...), sent
}
