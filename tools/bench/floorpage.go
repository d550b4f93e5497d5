package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/notenrechner/notenrechner/internal/grading"
)

// The page's floor is the least a calculator page can be: plain HTML with the calculator's header,
// its two labelled fields, the two results and a small grade table, a few lines of inline CSS and
// an inline script that computes on input. No framework, no fonts, no request after the HTML. The
// page section measures it beside each build in the same run, through the same throttled Chromium,
// so the app's figures read as multiples of what any page needs on this machine and this network.

// floorScript computes as the calculator shows it: one decimal, half away from zero (the
// percentages typed here are positive), a comma, "%" without a space ("75,0%"); the grade from the
// lower bounds of the table. Empty results while a field is empty, zero or not a number.
const floorScript = `const $=(id)=>document.getElementById(id),num=(s)=>Number(s.trim().replace(',','.'))
const bounds=[...document.querySelectorAll('tbody tr')].map((r)=>[+r.dataset.from,r.cells[0].textContent])
function show(){const t=num($('total').value),a=num($('achieved').value)
if(!(t>0&&a>0)){$('percentage').value=$('grade').value='';return}
const p=100*a/t;$('percentage').value=(Math.round(p*10)/10).toFixed(1).replace('.',',')+'%'
$('grade').value=(bounds.find(([from])=>p>=from)??bounds[bounds.length-1])[1]}
$('total').addEventListener('input',show);$('achieved').addEventListener('input',show)`

const floorStyle = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
header{background:#016630;color:#fff;height:4rem;display:flex;align-items:center;padding:0 1rem}
h1{margin:0;font-size:1.25rem}main{padding:1.5rem 1rem;display:grid;gap:1.5rem}
section{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.25rem}
form{display:grid;grid-template-columns:1fr 1fr;gap:1rem}label{display:block;font-size:.875rem;font-weight:500}
input,output{display:flex;align-items:center;width:100%;height:3rem;margin-top:.375rem;padding:0 .75rem;border-radius:.5rem;font-size:1.125rem}
input{border:1px solid #64748b}output{background:#f0fdf4;color:#14532d;font-weight:600;font-size:1.5rem}
.wide{grid-column:span 2}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.375rem;text-align:left}`

// floorPage is the page's HTML: the whole grades of the default configuration (docs/spec.md §4),
// each row with its lower bound in percent.
func floorPage() string {
	var rows strings.Builder
	grades := grading.Default().Rule.Grades
	for i, g := range grades {
		from := float64(g.Min) / 10000
		bound := "ab " + strings.Replace(strconv.FormatFloat(from, 'f', -1, 64), ".", ",", 1)
		if i == len(grades)-1 {
			bound = "unter " + strings.Replace(strconv.FormatFloat(float64(g.Max)/10000, 'f', -1, 64), ".", ",", 1)
		}
		fmt.Fprintf(&rows, `<tr data-from="%g"><td>%d</td><td>%s %%</td></tr>`, from, i+1, bound)
	}
	return `<!doctype html><html lang="de"><head><meta charset="utf-8">` +
		`<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">` +
		`<title>Notenrechner</title><style>` + floorStyle + `</style></head><body>` +
		`<header><h1>Notenrechner</h1></header><main><section><form>` +
		`<div class="wide"><label for="total">Gesamtpunktzahl</label><input id="total" inputmode="decimal" autocomplete="off"></div>` +
		`<div class="wide"><label for="achieved">Erreichte Punktzahl</label><input id="achieved" inputmode="decimal" autocomplete="off"></div>` +
		`<div><label for="percentage">Erreichte Prozentzahl</label><output id="percentage" for="total achieved"></output></div>` +
		`<div><label for="grade">Note</label><output id="grade" for="total achieved"></output></div>` +
		`</form></section><section aria-label="Notenschlüssel"><table><thead><tr><th>Note</th><th>Prozent</th></tr></thead><tbody>` +
		rows.String() + `</tbody></table></section></main><script>` + floorScript + `</script></body></html>`
}

// serveFloorPage serves the floor page on a free loopback port until the listener is closed, as the
// server sends its page: gzip-compressed at best compression, no-cache, an ETag, and a
// Content-Security-Policy that allows the one inline script by its hash and nothing from elsewhere.
func serveFloorPage() (addr string, stop func(), err error) {
	page := []byte(floorPage())
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(page)
	if err := zw.Close(); err != nil {
		return "", nil, err
	}
	sum := sha256.Sum256([]byte(floorScript))
	csp := "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		h.Set("Content-Security-Policy", csp)
		h.Set("Vary", "Accept-Encoding")
		h.Set("ETag", `"floor-gzip"`)
		body := page
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			body = gz.Bytes()
			h.Set("Content-Encoding", "gzip")
		}
		h.Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	})
	srv := &http.Server{Handler: mux}
	go func() { _ = srv.Serve(l) }()
	return l.Addr().String(), func() { _ = srv.Close() }, nil
}

// htmlSizes is what the page's HTML costs on the wire: its bytes as gzip and as brotli (0 when
// the server does not offer brotli for it) and uncompressed.
type htmlSizes struct{ Gzip, Brotli, Plain int }

// measureHTML fetches url once per coding, with Accept-Encoding set by hand so that the client
// leaves the body as it came.
func measureHTML(url string) (htmlSizes, error) {
	var s htmlSizes
	for _, c := range []struct {
		accept string
		into   *int
	}{{"gzip", &s.Gzip}, {"br", &s.Brotli}, {"identity", &s.Plain}} {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("Accept-Encoding", c.accept)
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			return s, err
		}
		n, err := io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if err != nil {
			return s, err
		}
		if res.StatusCode != http.StatusOK {
			return s, fmt.Errorf("GET %s: %s", url, res.Status)
		}
		if enc := res.Header.Get("Content-Encoding"); enc == c.accept || c.accept == "identity" && enc == "" {
			*c.into = int(n)
		}
	}
	return s, nil
}
