package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/store"
)

// The floor is the least a server can do for the live fan-out: the yardstick that tells how much
// of the fan-out's CPU and latency is the product's and how much the machine's. It is
// this program's `floor` subcommand, a separate process like the real server, and speaks just
// enough of the API for the fan-out run: sign-in, GET and PUT /api/v1/config and the event stream.
// It keeps the configuration in memory and, once a PUT is answered, writes the same encoded frame
// as the real server (live.NewEvent) once into each stream's socket, from one goroutine per core:
// one write system call per page and nothing else — no store, no lock per stream, no heartbeat.
type floor struct {
	mu      sync.Mutex
	current *live.Event
	conns   []net.Conn
}

// serveFloor is the `floor` subcommand: it prints its address and serves until killed.
func serveFloor() error {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	f := &floor{}
	if f.current, err = live.NewEvent("standard", store.ConfigVersion{Version: 1, Config: grading.Default(), SavedAt: time.Now()}); err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(http.ResponseWriter, *http.Request) {})
	mux.HandleFunc("POST /api/v1/auth/login", func(w http.ResponseWriter, _ *http.Request) { writeJSON(w, []byte("{}")) })
	mux.HandleFunc("GET /api/v1/config", func(w http.ResponseWriter, _ *http.Request) {
		f.mu.Lock()
		body := f.current.JSON
		f.mu.Unlock()
		writeJSON(w, body)
	})
	mux.HandleFunc("PUT /api/v1/config", f.save)
	mux.HandleFunc("GET /api/v1/config/events", f.stream)
	fmt.Println(l.Addr().String())
	return http.Serve(l, mux)
}

func writeJSON(w http.ResponseWriter, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body))) // complete at the flush, not at the handler's end
	_, _ = w.Write(body)
}

// stream takes the connection over, writes the response head and the current event, and keeps
// the connection for the next save.
func (f *floor) stream(w http.ResponseWriter, _ *http.Request) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	head := "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
	if _, err := conn.Write(append([]byte(head), f.current.Frame...)); err != nil {
		conn.Close()
		return
	}
	f.conns = append(f.conns, conn)
}

// save stores the body as the next version, answers, and then writes the event to every stream.
func (f *floor) save(w http.ResponseWriter, r *http.Request) {
	var cfg grading.Config
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&cfg); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	ev, err := live.NewEvent("standard", store.ConfigVersion{Version: f.current.Version + 1, Config: cfg, SavedAt: time.Now()})
	if err == nil {
		f.current = ev
	}
	conns := f.conns
	f.mu.Unlock()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, ev.JSON)
	if fl, ok := w.(http.Flusher); ok {
		fl.Flush()
	}
	writeAll(conns, ev.Frame)
}

// writeAll writes frame into each connection, the connections split over one goroutine per core.
func writeAll(conns []net.Conn, frame []byte) {
	senders := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for k := range senders {
		wg.Go(func() {
			for i := k; i < len(conns); i += senders {
				_, _ = conns[i].Write(frame)
			}
		})
	}
	wg.Wait()
}

// startFloor runs the `floor` subcommand and returns it as a server (for pid and addr).
func startFloor() (*server, error) {
	cmd, addr, err := startSelf("floor")
	if err != nil {
		return nil, err
	}
	return &server{cmd: cmd, addr: addr}, nil
}
