package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
)

// The grading scales (docs/spec.md §8) on the command line and across processes.

func TestScaleCommands(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "n.db")
	file := writeFile(t, dir, "m.json", strings.Replace(aliasDoc, "Original", "Mathematik", 1))
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"import creates the scale", []string{"config", "import", "--db", db, "--scale", "mathe", file}, `Notenschlüssel "mathe" angelegt: „Mathematik“ als Version 1 gespeichert.`},
		{"import again saves a version", []string{"config", "import", "--db", db, "--scale", "mathe", file}, "Konfiguration „Mathematik“ als Version 2 gespeichert."},
		{"export the scale", []string{"config", "export", "--db", db, "--scale", "mathe"}, `"name": "Mathematik"`},
		{"export the default", []string{"config", "export", "--db", db}, `"name": "Standard"`},
		{"list shows the scale", []string{"scale", "list", "--db", db}, "mathe     Mathematik  2        aktiv"},
		{"list shows the default", []string{"scale", "list", "--db", db}, "standard  Standard    1        voreingestellt"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, err := runCmd(t, c.args...)
			if err != nil || !strings.Contains(out, c.want) {
				t.Errorf("%v = %q, %v (%s); want %q in it", c.args, out, err, errOut, c.want)
			}
		})
	}
	for _, args := range [][]string{
		{"config", "import", "--db", db, "--scale", "Mathe", file},
		{"config", "export", "--db", db, "--scale", "-x"},
		{"scale", "list", "--db", db, "extra"},
		{"scale", "remove"},
		{"scale"},
	} {
		if _, _, err := runCmd(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
	if _, _, err := runCmd(t, "config", "export", "--db", db, "--scale", "nix"); err == nil || !strings.Contains(err.Error(), `Notenschlüssel "nix" gibt es nicht`) {
		t.Errorf("export of an unknown scale: %v", err)
	}

	// Without --scale the commands mean the default, wherever it moved.
	st, err := openStore(context.Background(), database{dsn: db, firstPreset: firstPreset}, quietLogger(io.Discard), 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = st.SetDefaultScale(context.Background(), "mathe")
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	if out, _, err := runCmd(t, "config", "export", "--db", db); err != nil || !strings.Contains(out, `"name": "Mathematik"`) {
		t.Errorf("export of the moved default = %q, %v; want mathe's", out, err)
	}
	if out, _, err := runCmd(t, "config", "import", "--db", db, file); err != nil || !strings.Contains(out, "als Version 3 gespeichert") {
		t.Errorf("import into the moved default = %q, %v; want mathe's version 3", out, err)
	}
}

// scaleStream collects the ids of an SSE stream's config events and says
// when the stream ended.
type scaleStream struct {
	ids   chan string
	ended chan struct{}
}

func openScaleStream(t *testing.T, url string) *scaleStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d", url, resp.StatusCode)
	}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	s := &scaleStream{ids: make(chan string, 100), ended: make(chan struct{})}
	go func() {
		defer close(s.ended)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				id = eventVersion(id)
				s.ids <- id
			}
		}
	}()
	return s
}

func (s *scaleStream) next(t *testing.T, want string) {
	t.Helper()
	select {
	case id := <-s.ids:
		if id != want {
			t.Fatalf("event id %s, want %s", id, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("no event %s within 10 s", want)
	}
}

func (s *scaleStream) quiet(t *testing.T, d time.Duration) {
	t.Helper()
	select {
	case id := <-s.ids:
		t.Fatalf("an event (id %s) reached a stream of another scale", id)
	case <-time.After(d):
	}
}

// An import into one scale reaches the running server's pages of that
// scale at once, and no page of another scale.
func TestImportWhileServingReachesThatScaleOnly(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "n.db")
	base, _ := startServer(t, db, nil)
	std := openScaleStream(t, base+"/api/v1/config/events")
	std.next(t, "1")
	file := writeFile(t, dir, "m.json", strings.Replace(aliasDoc, "Original", "Mathematik", 1))
	if _, errOut, err := runCmd(t, "config", "import", "--db", db, "--scale", "mathe", file); err != nil {
		t.Fatalf("import: %v %s", err, errOut)
	}
	deadline := time.Now().Add(10 * time.Second)
	for getStatus(t, base+"/api/v1/scales/mathe") != 200 {
		if time.Now().After(deadline) {
			t.Fatal("the new scale did not reach the server")
		}
		time.Sleep(20 * time.Millisecond)
	}
	math := openScaleStream(t, base+"/api/v1/scales/mathe/events")
	math.next(t, "1")
	if _, errOut, err := runCmd(t, "config", "import", "--db", db, "--scale", "mathe", file); err != nil {
		t.Fatalf("import: %v %s", err, errOut)
	}
	math.next(t, "2")
	std.quiet(t, 500*time.Millisecond)
}

func getStatus(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// send makes one admin request and returns the status.
func send(t *testing.T, method, url string, cookie *http.Cookie, header map[string]string, body string) int {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	req.AddCookie(cookie)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// Two server processes on one PostgreSQL: a save on one scale through A
// reaches B's pages of that scale, and no page of another scale; archiving
// a scale through A ends B's streams of it, which come back flagged.
func TestScalesAcrossInstances(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	a := startInstance(t, "a", dsn)
	b := startInstance(t, "b", dsn)
	cookie := signInAdmin(t, a.base, dsn)
	for _, slug := range []string{"mathe", "physik"} {
		body := `{"slug":"` + slug + `","config":` + strings.Replace(aliasDoc, "Original", slug, 1) + `}`
		if code := send(t, "POST", a.base+"/api/v1/scales", cookie, nil, body); code != 201 {
			t.Fatalf("create %s on A: %d", slug, code)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for getStatus(t, b.base+"/api/v1/scales/physik") != 200 {
		if time.Now().After(deadline) {
			t.Fatal("B does not know the new scales")
		}
		time.Sleep(20 * time.Millisecond)
	}
	math, phys, std := openScaleStream(t, b.base+"/api/v1/scales/mathe/events"),
		openScaleStream(t, b.base+"/api/v1/scales/physik/events"), openScaleStream(t, b.base+"/api/v1/config/events")
	math.next(t, "1")
	phys.next(t, "1")
	std.next(t, "1")

	doc := strings.Replace(aliasDoc, "Original", "Mathe 2", 1)
	if code := send(t, "PUT", a.base+"/api/v1/scales/mathe", cookie, map[string]string{"If-Match": `"1"`}, doc); code != 200 {
		t.Fatalf("save mathe on A: %d", code)
	}
	math.next(t, "2")
	phys.quiet(t, 500*time.Millisecond)
	std.quiet(t, 10*time.Millisecond)

	if code := send(t, "PATCH", a.base+"/api/v1/scales/physik", cookie, nil, `{"archived":true}`); code != 200 {
		t.Fatalf("archive physik on A: %d", code)
	}
	select {
	case <-phys.ended:
	case <-time.After(10 * time.Second):
		t.Fatal("B's physik stream did not end when physik was archived")
	}
	again := openScaleStream(t, b.base+"/api/v1/scales/physik/events")
	again.next(t, "1") // with "archived":true (the server tests check the bytes)
	math.quiet(t, 300*time.Millisecond)
}
