package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// openStreamFrom opens the live stream from a local address (127.0.0.x: every
// loopback address is a client of its own) and returns the connection, the
// status and the head and body of a refusal.
func openStreamFrom(t *testing.T, base, from string) (net.Conn, int, string) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	conn, err := d.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatalf("dial from %s: %v", from, err)
	}
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "GET /api/v1/config/events HTTP/1.1\r\nHost: noten.test\r\nAccept: text/event-stream\r\n\r\n")
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("stream from %s: %v", from, err)
	}
	if res.StatusCode == 200 {
		return conn, 200, ""
	}
	body, _ := io.ReadAll(res.Body)
	conn.Close()
	return nil, res.StatusCode, "Retry-After: " + res.Header.Get("Retry-After") + "\n" + string(body)
}

// Streams past the limit per address get 429, past the total 503, with
// Retry-After and the JSON error; /healthz, / and a sign-in still answer,
// the refusals are counted in /metrics and logged, and a closed stream frees
// its slot. Small limits (5 per address, 30 in all) stand in for thousands.
func TestStreamLimits(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	if _, _, err := runWithInput(t, "Zebrafink-Kastanie-42\n", "admin", "create", "--db", db, "--email", "a@schule.de"); err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	base, stop := startServerWith(t, db, map[string]string{"NOTENRECHNER_MAX_STREAMS": "30", "NOTENRECHNER_MAX_STREAMS_PER_ADDRESS": "5"}, logs)
	defer stop()

	var first net.Conn
	for i := range 5 {
		conn, status, refusal := openStreamFrom(t, base, "127.0.0.1")
		if status != 200 {
			t.Fatalf("stream %d from 127.0.0.1: %d %s", i+1, status, refusal)
		}
		first = conn
	}
	if _, status, refusal := openStreamFrom(t, base, "127.0.0.1"); status != 429 ||
		!strings.Contains(refusal, "Retry-After: 30\n") || !strings.Contains(refusal, `"code":"too_many_streams"`) {
		t.Fatalf("6th stream from one address: %d %s, want 429 with Retry-After and too_many_streams", status, refusal)
	}
	// The page asks with HEAD how long to wait (EventSource hides the refusal's headers).
	if status, retry := headFrom(t, base, "127.0.0.1"); status != 429 || retry != "30" {
		t.Fatalf("HEAD from the full address: %d Retry-After %q, want 429 and 30", status, retry)
	}
	for host := 2; host <= 6; host++ {
		for range 5 {
			if _, status, refusal := openStreamFrom(t, base, fmt.Sprintf("127.0.0.%d", host)); status != 200 {
				t.Fatalf("stream from 127.0.0.%d: %d %s", host, status, refusal)
			}
		}
	}
	if _, status, refusal := openStreamFrom(t, base, "127.0.0.7"); status != 503 ||
		!strings.Contains(refusal, "Retry-After: 60\n") || !strings.Contains(refusal, `"code":"streams_full"`) {
		t.Fatalf("31st stream: %d %s, want 503 with Retry-After and streams_full", status, refusal)
	}

	client := &http.Client{Timeout: 5 * time.Second}
	for _, path := range []string{"/healthz", "/"} {
		res, err := client.Get(base + path)
		if err != nil {
			t.Fatalf("GET %s past both limits: %v", path, err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		// Without `make build` the binary has no web app and / says so with 503: an answer all the same.
		if res.StatusCode != 200 && !(path == "/" && strings.Contains(string(body), "make build")) {
			t.Fatalf("GET %s past both limits: %d %s", path, res.StatusCode, body)
		}
	}
	res, err := http.Post(base+"/api/v1/auth/login", "application/json", strings.NewReader(`{"email":"a@schule.de","password":"Zebrafink-Kastanie-42"}`))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("sign-in past both limits: %v %v", err, res)
	}
	res.Body.Close()
	metrics := adminGet(t, base+"/metrics", res.Cookies())
	for _, want := range []string{"notenrechner_sse_streams_open 30\n", `notenrechner_sse_streams_refused_total{reason="per_address"} 2` + "\n", // the stream and the HEAD
		`notenrechner_sse_streams_refused_total{reason="total"} 1` + "\n"} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if n := strings.Count(logs.String(), "live streams refused"); n != 1 {
		t.Errorf("refusals logged %d times within a minute, want once:\n%s", n, logs)
	}

	first.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, status, _ := openStreamFrom(t, base, "127.0.0.1"); status == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a closed stream did not free its slot within 5 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func adminGet(t *testing.T, url string, cookies []*http.Cookie) string {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for _, c := range cookies {
		req.AddCookie(c)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("GET %s as admin: %d %s", url, res.StatusCode, body)
	}
	return string(body)
}

// serve raises the soft limit on open files to the hard limit and gives at
// most half of them to streams.
func TestServeRaisesOpenFileLimit(t *testing.T) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	_, stop := startServerLogging(t, "sqlite:"+filepath.Join(t.TempDir(), "n.db"), logs)
	stop()
	want := fmt.Sprintf("total=%d open_files=%d", min(lim.Max/2, 10000), lim.Max)
	if !strings.Contains(logs.String(), want) {
		t.Fatalf("log lacks %q:\n%s", want, logs)
	}
}

func headFrom(t *testing.T, base, from string) (int, string) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}
	defer client.CloseIdleConnections()
	res, err := client.Head(base + "/api/v1/config/events")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode, res.Header.Get("Retry-After")
}

// Without --base-url the links point to localhost, and a wide proxy range
// lets clients inside it choose their address: serve warns about both.
func TestServeWarnsAboutLocalLinksAndWideProxyRanges(t *testing.T) {
	logs := &syncBuffer{}
	_, stop := startServerWith(t, "sqlite:"+filepath.Join(t.TempDir(), "n.db"),
		map[string]string{"NOTENRECHNER_TRUSTED_PROXIES": "10.0.0.0/8,192.0.2.10"}, logs)
	stop()
	for _, want := range []string{"invitation and setup links point to localhost", "--trusted-proxies holds a wide range"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, logs)
		}
	}
	if n := strings.Count(logs.String(), "wide range"); n != 1 {
		t.Errorf("%d warnings about wide ranges, want 1 (10.0.0.0/8, not the single proxy)", n)
	}
}

// --metrics-addr serves /metrics without sign-in on its own address; the
// app's /metrics stays closed to visitors.
func TestMetricsAddress(t *testing.T) {
	metricsAddr := freeAddr(t)
	base, stop := startServerWith(t, "sqlite:"+filepath.Join(t.TempDir(), "n.db"),
		map[string]string{"NOTENRECHNER_METRICS_ADDR": metricsAddr}, &syncBuffer{})
	defer stop()
	for url, want := range map[string]int{"http://" + metricsAddr + "/metrics": 200, base + "/metrics": 401, "http://" + metricsAddr + "/": 404} {
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != want || (want == 200 && !strings.Contains(string(body), "notenrechner_sse_streams_limit")) {
			t.Errorf("GET %s: %d, want %d", url, res.StatusCode, want)
		}
	}
}

func TestStreamLimitsFromTheEnvironmentMustBeNumbers(t *testing.T) {
	var out, errOut strings.Builder
	err := run(t.Context(), []string{"serve", "--addr", "127.0.0.1:0"}, func(k string) string {
		return map[string]string{"NOTENRECHNER_MAX_STREAMS": "viele"}[k]
	}, nil, &out, &errOut)
	if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "NOTENRECHNER_MAX_STREAMS muss eine ganze Zahl sein") {
		t.Fatalf("err = %v, want a usage error naming the variable", err)
	}
}

func TestPollIntervalFromTheEnvironmentMustBeADuration(t *testing.T) {
	var out, errOut strings.Builder
	err := run(t.Context(), []string{"serve", "--addr", "127.0.0.1:0"}, func(k string) string {
		return map[string]string{"NOTENRECHNER_POSTGRES_POLL_INTERVAL": "oft"}[k]
	}, nil, &out, &errOut)
	if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "NOTENRECHNER_POSTGRES_POLL_INTERVAL muss eine Dauer sein") {
		t.Fatalf("err = %v, want a usage error naming the variable", err)
	}
}

// The stream bounds a server starts with: the total from --max-streams or the open-file limit, and by
// default half of it per address, so that a school behind one address keeps 2,000 pages live on a
// default server and one address still cannot take every slot.
func TestStreamBounds(t *testing.T) {
	for _, tc := range []struct {
		name                          string
		perAddressOption, totalOption int
		files                         uint64
		wantPerAddress, wantTotal     int
	}{
		{"the usual 20,000 open files", 0, 0, 20000, 5000, 10000},
		{"more open files than the total needs", 0, 0, 1 << 20, 5000, 10000},
		{"open-file limit unknown: the defaults", 0, 0, 0, 5000, 10000},
		{"a low open-file limit", 0, 0, 4096, 1024, 2048},
		{"the per-address option wins", 50, 0, 20000, 50, 10000},
		{"the per-address option above the total", 20000, 0, 20000, 20000, 10000},
		{"the total option", 0, 3000, 20000, 1500, 3000},
		{"both options", 7, 30, 20000, 7, 30},
		{"an odd total", 0, 3, 0, 1, 3},
		{"never below 1", 0, 1, 0, 1, 1},
		{"one open file", 0, 0, 1, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			perAddress, total := streamBounds(tc.perAddressOption, tc.totalOption, tc.files)
			if perAddress != tc.wantPerAddress || total != tc.wantTotal {
				t.Fatalf("streamBounds(%d, %d, %d) = %d per address, %d in all; want %d, %d", tc.perAddressOption,
					tc.totalOption, tc.files, perAddress, total, tc.wantPerAddress, tc.wantTotal)
			}
		})
	}
}
