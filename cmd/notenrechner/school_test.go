package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// schoolPages is how many pages the test opens from one address: a school of 2,000 pupils and
// staff, some with two tabs, behind its router or the Schulträger's proxy.
const schoolPages = 3000

// A whole school behind one address keeps its pages live on a server started with the default
// limits (no --max-streams options): every one of 3,000 pages from 127.0.0.1 gets its stream, and
// an admin's save reaches every page. With the old default of 50 per address the 51st page was
// refused.
func TestOneAddressHoldsASchoolOnDefaultLimits(t *testing.T) {
	// Each page is two open files in this one process, the page's end and the server's; serve
	// raises the soft limit to the hard one as this does, and derives its bounds from that.
	files, err := raiseOpenFileLimit()
	if err != nil {
		t.Fatal(err)
	}
	pages := schoolPages
	// By default an address may hold half the total, and the total is half the open files: on a
	// machine with a low hard limit, as many pages as that allows, still far past the old 50.
	if files > 0 && uint64(4*pages) > files {
		pages = int(files / 4)
		if pages <= 2*50 {
			t.Skipf("an open-file limit of %d allows only %d pages from one address", files, pages)
		}
		t.Logf("open-file limit %d: %d pages instead of %d", files, pages, schoolPages)
	}
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	if _, _, err := runWithInput(t, "Zebrafink-Kastanie-42\n", "admin", "create", "--db", db, "--email", "chefin@schule.de"); err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	base, stop := startServerWith(t, db, nil, logs)
	defer stop()

	begin := time.Now()
	streams := openSchoolStreams(t, base, pages)
	t.Logf("%d streams from 127.0.0.1 open after %v", pages, time.Since(begin).Round(time.Millisecond))

	cookie := signIn(t, base)
	if code := putConfig(base, cookie, `"1"`, "Nach der Konferenz"); code != 200 {
		t.Fatalf("the admin's save: %d", code)
	}
	begin = time.Now()
	eachStream(t, streams, func(i int, s *schoolStream) error {
		if id, err := s.nextID(); err != nil || id != "2" {
			return fmt.Errorf("page %d: event %q after the save (%v), want id 2", i+1, id, err)
		}
		return nil
	})
	t.Logf("every page had version 2 %v after the save's answer", time.Since(begin).Round(time.Millisecond))
	if strings.Contains(logs.String(), "live streams refused") {
		t.Fatalf("the server refused streams:\n%s", logs)
	}
}

// schoolStream is one page's stream on a raw connection: no goroutine per page in this process,
// so that 3,000 pages stay far below the race detector's limit of goroutines.
type schoolStream struct {
	conn net.Conn
	r    *bufio.Reader
}

// nextID reads the stream until the next event's id.
func (s *schoolStream) nextID() (string, error) {
	_ = s.conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			return "", err
		}
		if id, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "id: "); ok {
			id = eventVersion(id)
			return id, nil
		}
	}
}

// openSchoolStreams opens pages streams of the default's configuration from 127.0.0.1 and reads
// the first event (version 1) on each; a refusal fails the test with its status and body.
func openSchoolStreams(t *testing.T, base string, pages int) []*schoolStream {
	t.Helper()
	streams := make([]*schoolStream, pages)
	t.Cleanup(func() {
		for _, s := range streams {
			if s != nil {
				s.conn.Close()
			}
		}
	})
	addr := strings.TrimPrefix(base, "http://")
	eachStream(t, streams, func(i int, _ *schoolStream) error {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)}, Timeout: 10 * time.Second}
		conn, err := d.Dial("tcp", addr)
		if err != nil {
			return fmt.Errorf("page %d: %v", i+1, err)
		}
		s := &schoolStream{conn: conn}
		streams[i] = s
		fmt.Fprintf(conn, "GET /api/v1/config/events HTTP/1.1\r\nHost: noten.test\r\nAccept: text/event-stream\r\n\r\n")
		_ = conn.SetReadDeadline(time.Now().Add(20 * time.Second))
		res, err := http.ReadResponse(bufio.NewReaderSize(conn, 1024), nil)
		if err != nil {
			return fmt.Errorf("page %d: %v", i+1, err)
		}
		if res.StatusCode != 200 {
			body, _ := io.ReadAll(res.Body)
			return fmt.Errorf("page %d from 127.0.0.1: %d (Retry-After %q) %s", i+1, res.StatusCode, res.Header.Get("Retry-After"), body)
		}
		s.r = bufio.NewReaderSize(res.Body, 1024)
		if id, err := s.nextID(); err != nil || id != "1" {
			return fmt.Errorf("page %d: first event %q (%v), want id 1", i+1, id, err)
		}
		return nil
	})
	return streams
}

// eachStream runs f for every page, 16 at a time, and fails the test with the first error.
func eachStream(t *testing.T, streams []*schoolStream, f func(i int, s *schoolStream) error) {
	t.Helper()
	const workers = 16
	next := make(chan int)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := f(i, streams[i]); err != nil {
					errs <- err
					for range next { // drain: the test fails with this error
					}
					return
				}
			}
		}()
	}
	for i := range streams {
		next <- i
	}
	close(next)
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		t.Fatal(err)
	}
}

// signIn signs the admin in from 127.0.0.1 and returns the session cookie.
func signIn(t *testing.T, base string) *http.Cookie {
	t.Helper()
	res, err := http.Post(base+"/api/v1/auth/login", "application/json",
		strings.NewReader(`{"email":"chefin@schule.de","password":"Zebrafink-Kastanie-42"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return sessionCookie(t, res)
}
