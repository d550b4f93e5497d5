package main

import (
	"bufio"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// SIGTERM with open event streams: every stream ends cleanly (the client
// reads the end of the response, not a reset), and the process exits with
// status 0 long before the 10 s shutdown time-out would cut the streams.
func TestSigtermEndsStreamsCleanly(t *testing.T) {
	in := startProcess(t, "shutdown", freeAddr(t), "sqlite:"+filepath.Join(t.TempDir(), "n.db"))
	const streams = 5
	ended := make(chan error, streams)
	for range streams {
		resp, err := http.Get(in.base + "/api/v1/config/events")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		r := bufio.NewReader(resp.Body)
		for { // up to the first event, so the stream is certainly subscribed
			line, err := r.ReadString('\n')
			if err != nil {
				t.Fatalf("stream before the signal: %v", err)
			}
			if strings.HasPrefix(line, "data: ") {
				break
			}
		}
		go func() {
			_, err := io.Copy(io.Discard, r) // nil only at a clean end of the response
			ended <- err
		}()
	}

	start := time.Now()
	if err := in.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- in.cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v\n%s", err, in.logs)
		}
	case <-time.After(8 * time.Second): // the shutdown time-out is 10 s
		t.Fatalf("still running 8 s after SIGTERM: the streams hold the shutdown\n%s", in.logs)
	}
	took := time.Since(start)
	for range streams {
		if err := <-ended; err != nil {
			t.Errorf("a stream ended with %v, want a clean end", err)
		}
	}
	t.Logf("exited %v after SIGTERM with %d open streams (-race adds 1 s at exit)", took, streams)
}
