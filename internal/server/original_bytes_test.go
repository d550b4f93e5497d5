package server

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateOriginalGolden = flag.Bool("update-original-golden", false, "write testdata/original-answers.golden anew")

// customOriginalDoc is an original document written as a person might: the aliases general.plus,
// 1.normal and 6.minus, numbers with trailing zeros and exponents, members in another order. The
// stored and answered document is the canonical one.
const customOriginalDoc = `{"schema":{"6":{"minus":40},"1":{"normal":25.000},"general":{"plus":3.333e1,"minus":33.34}},` +
	`"grades":{"6":{"max":25,"min":0},"5":{"max":45,"min":25},"4":{"min":45,"max":60},"3":{"min":60,"max":72.5},` +
	`"2":{"min":72.5,"max":86},"1":{"min":86,"max":100}},"name":"Mathe „Oberstufe“ <b>&</b> 😀"}`

// TestOriginalDocumentsAnswerAsBefore proves that documents of the original's shape, their stored
// text, versions, stream events and every /config and /scales answer are byte for byte what they
// were before rule documents came in: the golden file holds the answers of that code. Run with
// -update-original-golden only when a change of those bytes is intended.
func TestOriginalDocumentsAnswerAsBefore(t *testing.T) {
	e := newScalesEnv(t)
	var got strings.Builder
	record := func(name, method, path, body, who string, header map[string]string) {
		rec := e.do(method, path, body, who, header)
		fmt.Fprintf(&got, "### %s: %s %s\n%d ETag=%s Cache-Control=%s\n%s\n", name, method, path, rec.Code,
			rec.Header().Get("ETag"), rec.Header().Get("Cache-Control"), rec.Body)
	}
	stream := func(path string) {
		fmt.Fprintf(&got, "### stream %s\n%s\n", path, e.readStream(t, path, nil))
	}
	record("default", "GET", "/api/v1/config", "", "", nil)
	stream("/api/v1/config/events")
	record("grade default", "GET", "/api/v1/grade?total=30&achieved=23", "", "", nil)
	record("grade over 100", "GET", "/api/v1/grade?total=10&achieved=11", "", "", nil)
	record("save custom", "PUT", "/api/v1/config", customOriginalDoc, "admin", ifMatch(`"1"`))
	record("custom", "GET", "/api/v1/config", "", "", nil)
	stream("/api/v1/config/events")
	for _, q := range []string{"total=40&achieved=34.4", "total=40&achieved=10", "total=7&achieved=0,5", "total=3&achieved=2"} {
		record("grade custom", "GET", "/api/v1/grade?"+q, "", "", nil)
	}
	record("conflict", "PUT", "/api/v1/config", standardDoc("Alt"), "admin", ifMatch(`"1"`))
	record("invalid", "PUT", "/api/v1/config", strings.Replace(customOriginalDoc, `"max":100`, `"max":90`, 1), "admin", ifMatch(`"2"`))
	record("unknown member", "PUT", "/api/v1/config", strings.Replace(customOriginalDoc, `"name"`, `"x":1,"name"`, 1), "admin", ifMatch(`"2"`))
	record("create scale", "POST", "/api/v1/scales", `{"slug":"mathe","config":`+customOriginalDoc+`}`, "admin", nil)
	record("create invalid", "POST", "/api/v1/scales", `{"slug":"m","config":{"name":"M"}}`, "admin", nil)
	record("scale", "GET", "/api/v1/scales/mathe", "", "", nil)
	stream("/api/v1/scales/mathe/events")
	record("put scale", "PUT", "/api/v1/scales/mathe", mathDoc("Mathe 2"), "admin", ifMatch(`"1"`))
	record("grade scale", "GET", "/api/v1/grade?total=20&achieved=10&scale=mathe", "", "", nil)
	record("scales", "GET", "/api/v1/scales", "", "admin", nil)
	record("history", "GET", "/api/v1/scales/mathe/history", "", "admin", nil)
	record("version", "GET", "/api/v1/scales/mathe/history/1", "", "admin", nil)
	record("restore", "POST", "/api/v1/scales/mathe/history/1/restore", "", "admin", nil)
	record("archive", "PATCH", "/api/v1/scales/mathe", `{"archived":true}`, "admin", nil)
	record("archived", "GET", "/api/v1/scales/mathe", "", "", nil)
	record("default history", "GET", "/api/v1/config/history", "", "admin", nil)
	record("default version", "GET", "/api/v1/config/history/2", "", "admin", nil)
	for _, doc := range storedDocuments(t, e) {
		fmt.Fprintf(&got, "### stored\n%s\n", doc)
	}
	golden := filepath.Join("testdata", "original-answers.golden")
	if *updateOriginalGolden {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("answers differ from %s:\n%s", golden, firstDifference(got.String(), string(want)))
	}
}

// storedDocuments is every stored version's text, in the order they were saved.
func storedDocuments(t *testing.T, e *apiEnv) []string {
	t.Helper()
	db, err := sql.Open("sqlite", e.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.QueryContext(context.Background(), `SELECT document FROM config_versions ORDER BY scale_id, version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var docs []string
	for rows.Next() {
		var doc string
		if err := rows.Scan(&doc); err != nil {
			t.Fatal(err)
		}
		docs = append(docs, doc)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return docs
}

// firstDifference shows the first line where got and want part.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got: %s\nwant: %s", i+1, gl, wl)
		}
	}
	return "(same lines, different bytes)"
}
