package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/metrics"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/web"
)

const serveHelp = `Aufruf: notenrechner serve [Optionen]

Startet den Server: Rechner unter /, Verwaltung unter /admin, API unter /api/v1,
Live-Konfiguration unter /api/v1/config/events. Beendet sich geordnet bei SIGINT/SIGTERM.

Optionen (Vorrang: Option, dann Umgebungsvariable, dann Vorgabe):
`

type serveOptions struct {
	socket                                                listenSocket // --addr and systemd's passed socket
	addr, baseURL, logFormat, trustedProxies, metricsAddr string
	db                                                    database
	pollInterval                                          time.Duration
	maxStreams, maxStreamsPerAddress                      int
	oidc                                                  oidcOptions // serve_oidc.go
}

func cmdServe(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	var o serveOptions
	fs.StringVar(&o.addr, "addr", envOr(getenv, "NOTENRECHNER_ADDR", ":8080"),
		"Adresse, an der der Server lauscht: HOST:PORT, unix:PFAD (Socket für einen Proxy auf demselben Rechner) oder systemd "+
			"(der Socket der .socket-Unit); über einen Socket kommt nur der Proxy (NOTENRECHNER_ADDR)")
	db := dbFlag(fs, getenv)
	fs.StringVar(&o.baseURL, "base-url", envOr(getenv, "NOTENRECHNER_BASE_URL", ""), "öffentliche Adresse, z. B. https://noten.schule.de (NOTENRECHNER_BASE_URL; Vorgabe http://localhost:PORT)")
	fs.StringVar(&o.logFormat, "log-format", envOr(getenv, "NOTENRECHNER_LOG_FORMAT", "text"), "Protokollformat text oder json (NOTENRECHNER_LOG_FORMAT)")
	fs.StringVar(&o.trustedProxies, "trusted-proxies", envOr(getenv, "NOTENRECHNER_TRUSTED_PROXIES", ""),
		"Load-Balancer, deren X-Forwarded-For gilt: Adressen oder CIDR, durch Komma getrennt (NOTENRECHNER_TRUSTED_PROXIES)")
	fs.StringVar(&o.metricsAddr, "metrics-addr", envOr(getenv, "NOTENRECHNER_METRICS_ADDR", ""),
		"eigene Adresse nur für /metrics ohne Anmeldung, z. B. 127.0.0.1:9090 (NOTENRECHNER_METRICS_ADDR; sonst /metrics nur für Admins)")
	if err := streamFlags(fs, getenv, &o); err != nil {
		return err
	}
	if err := pollFlag(fs, getenv, &o); err != nil {
		return err
	}
	if err := oidcFlags(fs, getenv, &o.oidc); err != nil {
		return err
	}
	if helped, err := parseFlags(fs, args, serveHelp, stdout); helped || err != nil {
		return err
	}
	if o.maxStreams < 0 || o.maxStreamsPerAddress < 0 {
		return fmt.Errorf("%w: --max-streams und --max-streams-per-address dürfen nicht negativ sein", errUsage)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: serve erwartet keine Argumente, bekam %q", errUsage, fs.Args())
	}
	if o.pollInterval < 0 {
		return fmt.Errorf("%w: --postgres-poll-interval darf nicht negativ sein", errUsage)
	}
	o.db = *db
	o.socket = listenSocket{addr: o.addr, listenPID: getenv("LISTEN_PID"), listenFDs: getenv("LISTEN_FDS")}
	logger, err := newLogger(stderr, o.logFormat)
	if err != nil {
		return err
	}
	return serve(ctx, o, logger)
}

// streamFlags reads the bounds on live streams; 0 means the default
// (streamLimits).
func streamFlags(fs *flag.FlagSet, getenv func(string) string, o *serveOptions) error {
	var bad error
	envInt := func(name string) int {
		n, err := strconv.Atoi(envOr(getenv, name, "0"))
		if err != nil && bad == nil {
			bad = fmt.Errorf("%w: %s muss eine ganze Zahl sein", errUsage, name)
		}
		return n
	}
	fs.IntVar(&o.maxStreams, "max-streams", envInt("NOTENRECHNER_MAX_STREAMS"),
		"höchstens so viele offene Live-Verbindungen, danach 503 (NOTENRECHNER_MAX_STREAMS; Vorgabe: die Hälfte der offenen Dateien, höchstens 10000)")
	fs.IntVar(&o.maxStreamsPerAddress, "max-streams-per-address", envInt("NOTENRECHNER_MAX_STREAMS_PER_ADDRESS"),
		fmt.Sprintf("höchstens so viele Live-Verbindungen je Adresse (IPv6: je /56), danach 429; eine Schule hinter einem Router zählt als eine Adresse "+
			"(NOTENRECHNER_MAX_STREAMS_PER_ADDRESS; Vorgabe: die Hälfte von --max-streams, bei %d also %d)",
			live.DefaultStreamsTotal, live.DefaultStreamsPerAddress(live.DefaultStreamsTotal)))
	return bad
}

// pollFlag reads how often the PostgreSQL store looks for a change it was
// not notified of (a safety net; 0 means the store's default).
func pollFlag(fs *flag.FlagSet, getenv func(string) string, o *serveOptions) error {
	var d time.Duration
	if v := getenv("NOTENRECHNER_POSTGRES_POLL_INTERVAL"); v != "" {
		var err error
		if d, err = time.ParseDuration(v); err != nil || d <= 0 {
			return fmt.Errorf("%w: NOTENRECHNER_POSTGRES_POLL_INTERVAL muss eine Dauer sein, z. B. 5s", errUsage)
		}
	}
	fs.DurationVar(&o.pollInterval, "postgres-poll-interval", d,
		"nur PostgreSQL: so oft wird zusätzlich zu LISTEN/NOTIFY nach neuen Versionen gesehen, z. B. 5s (NOTENRECHNER_POSTGRES_POLL_INTERVAL; Vorgabe 5s)")
	return nil
}

// streamLimits raises the open-file limit and derives the stream bounds
// from it (streamBounds); files is the limit (0: unknown).
func streamLimits(o serveOptions, logger *slog.Logger) (perAddress, total int, files uint64) {
	files, err := raiseOpenFileLimit()
	if err != nil {
		logger.Warn("open-file limit not readable", "err", err)
	}
	perAddress, total = streamBounds(o.maxStreamsPerAddress, o.maxStreams, files)
	if files > 0 && uint64(total)+100 > files {
		logger.Warn("--max-streams is close to the open-file limit: with every stream slot taken the server answers nobody",
			"max_streams", total, "open_files", files)
	}
	from := "default: half of total"
	if o.maxStreamsPerAddress > 0 {
		from = "--max-streams-per-address"
	}
	logger.Info("live streams limited", "per_address", perAddress, "per_address_from", from,
		"total", total, "open_files", files)
	return perAddress, total, files
}

// streamBounds derives the stream bounds from the options (0: not given) and
// the open-file limit (0: unknown). The total is --max-streams, else half the
// open files, at most live.DefaultStreamsTotal, so that the server keeps
// answering (/healthz, /, sign-in) while every stream slot is taken. The
// bound per address is --max-streams-per-address, else half the total
// (live.DefaultStreamsPerAddress): a school behind one address keeps its
// pages live, and it cannot take every slot.
func streamBounds(perAddressOption, totalOption int, files uint64) (perAddress, total int) {
	total = totalOption
	if total == 0 {
		total = live.DefaultStreamsTotal
		if files > 0 {
			total = int(min(files/2, uint64(total)))
		}
	}
	total = max(total, 1)
	perAddress = perAddressOption
	if perAddress == 0 {
		perAddress = live.DefaultStreamsPerAddress(total)
	}
	return perAddress, total
}

func newLogger(w io.Writer, format string) (*slog.Logger, error) {
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, nil)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, nil)), nil
	default:
		return nil, fmt.Errorf("%w: --log-format muss text oder json sein, nicht %q", errUsage, format)
	}
}

func serve(ctx context.Context, o serveOptions, logger *slog.Logger) error {
	trusted, err := parseTrustedProxies(o.trustedProxies)
	if err != nil {
		return fmt.Errorf("%w: --trusted-proxies: %v", errUsage, err)
	}
	st, err := openDatabase(ctx, o.db, logger, o.pollInterval, at{})
	if err != nil {
		return err
	}
	defer st.Close()
	warnReadableDatabase(o.db, logger)
	ln, err := o.socket.listen()
	if err != nil {
		return err
	}
	defer ln.Close()
	baseURL, err := resolveBaseURL(o.baseURL, ln.Addr())
	if err != nil {
		return err
	}
	warnAboutAddresses(baseURL, trusted, logger)
	if err := o.oidc.check(); err != nil {
		return err
	}
	perAddress, total, files := streamLimits(o, logger)
	connections := connLimiter(files, total, trusted, logger)
	// The server's one clock (sh.now): the setup link expires by the same time the server checks it
	// with, and the default's move is as old by it as the stream asks (DefaultMovedWithin).
	sh := &shared{logger: logger, now: time.Now, trusted: trusted, guard: live.NewGuard(perAddress, total, logger),
		gate: auth.NewGate(runtime.NumCPU()), db: o.db, poll: o.pollInterval, oidc: o.oidc, deployment: st}
	if r := web.NewScriptRenderer(logger); r != nil {
		sh.render = r
	}
	all, err := startSites(ctx, sh, st, baseURL)
	if err != nil {
		return err
	}
	defer all.close() // before the store closes
	srv := &http.Server{
		Handler:           all.router,
		ReadHeaderTimeout: 10 * time.Second,
		MaxHeaderBytes:    maxHeaderBytes, // Go's default is 1 MiB
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second, // the event stream lifts it for itself
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
		ConnState:         connections.ConnState,
		ConnContext:       connections.ConnContext,
	}
	srv.RegisterOnShutdown(all.closeStreams) // ends the streams, or Shutdown would wait for them
	if o.metricsAddr != "" {
		stop, err := serveMetrics(o.metricsAddr, metrics.SchoolsHandler(all.metrics, sh.guard), logger)
		if err != nil {
			return err
		}
		defer stop()
	}
	logger.Info("notenrechner running", "addr", ln.Addr().String(), "url", baseURL.String(), "db", redactDSN(o.db.dsn))
	return serveUntilDone(ctx, srv, connections.Listener(ln), all, logger)
}

// startSites opens the main site on the database's own tables, announces its setup link, reads the
// registry of schools once (so that a deployment of several answers every school from its first
// request) and then follows it.
func startSites(ctx context.Context, sh *shared, st store.Store, baseURL *url.URL) (*sites, error) {
	main, err := openSite(ctx, sh, st, false, true, sh.logger)
	if err != nil {
		return nil, err
	}
	all := newSites(sh, main, baseURL)
	if err := all.sync(ctx); err != nil {
		all.close()
		return nil, err
	}
	mainURL, logger := baseURL, sh.logger // the database's own tables: the one school, or the first school
	for _, sch := range all.schools {
		if sch.Home == "" {
			mainURL, _ = url.Parse(sch.URL)
			logger = logger.With("school", sch.URL)
		}
	}
	if err := announceSetupLink(ctx, st, mainURL, sh.now, logger, all.main.signIn); err != nil {
		all.close()
		return nil, err
	}
	namelessSchools(ctx, all)
	followCtx, cancel := context.WithCancel(ctx)
	all.following, all.cancelFollow = true, cancel
	go all.follow(followCtx)
	return all, nil
}

// namelessSchools logs, once at start-up, the schools of their own homes that have no admin yet, with
// the command that makes one: a setup link each would be a new token written per school at every start
// (slow with a thousand schools). A school added while the server runs gets its link (sites.siteOf).
func namelessSchools(ctx context.Context, all *sites) {
	all.mu.Lock()
	defer all.mu.Unlock()
	all.started = true
	var without []string
	for _, sch := range all.schools {
		if s := all.byHome[sch.Home]; s != nil && sch.Home != "" {
			if n, err := s.store.CountAdmins(ctx); err == nil && n == 0 {
				without = append(without, sch.URL)
			}
		}
	}
	if len(without) > 0 {
		all.sh.logger.Warn("schools without an admin account: notenrechner admin create --school URL --email E",
			"count", len(without), "schools", strings.Join(without, " "))
	}
}

// serveUntilDone serves until ctx ends, then shuts down: running requests
// get 10 s, after which whatever still runs is cut before the store closes.
func serveUntilDone(ctx context.Context, srv *http.Server, ln net.Listener, all *sites, logger *slog.Logger) error {
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("server: %w", err)
	case <-ctx.Done():
	}
	logger.Info("notenrechner shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		srv.Close()
		return fmt.Errorf("server beenden: %w", err)
	}
	// The live streams run on taken-over connections, which Shutdown does not wait for.
	if err := all.waitStreams(shutdownCtx); err != nil {
		return fmt.Errorf("server beenden: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("server: %w", err)
	}
	return nil
}

// maxHeaderBytes bounds the request line and headers together: above it Go
// itself answers 431 in plain text, below it the server's limit on the URL
// (4 KiB, internal/server) answers in JSON.
const maxHeaderBytes = 32 << 10

// SetupLinkValidity is how long the first-admin link works.
const SetupLinkValidity = time.Hour

// announceSetupLink logs a one-time link that creates the first admin, when
// there is none yet, so that a new school can start from the browser. With
// password sign-in off the link could set no password (the route answers
// 403), so the log says how the first admin gets in instead.
func announceSetupLink(ctx context.Context, st store.Store, base *url.URL, now func() time.Time, logger *slog.Logger, o oidcOptions) error {
	admins, err := st.CountAdmins(ctx)
	if err != nil || admins > 0 {
		return err
	}
	if !o.passwordLogin {
		how := "notenrechner admin create --email E creates it (the password it asks for counts only " +
			"once password sign-in is on again); the admin then signs in with " + o.name +
			" and that email address, as the provider confirms it"
		if o.adminGroup != "" {
			how += ", or a member of --oidc-admin-group signs in"
		}
		logger.Warn("no admin account yet, and password sign-in is off: " + how)
		return nil
	}
	token, hash := auth.NewToken()
	if err := st.CreateToken(ctx, store.Token{Hash: hash, Kind: store.TokenSetup, ExpiresAt: now().Add(SetupLinkValidity)}); err != nil {
		return err
	}
	logger.Warn("no admin account yet: setup link (valid for 1 hour, usable once; or notenrechner admin create)",
		"url", auth.Link(base, store.TokenSetup, token))
	return nil
}

// serveMetrics serves /metrics without sign-in on an address of its own
// (--metrics-addr), meant for a scraper on an internal network; stop closes it.
func serveMetrics(addr string, h http.Handler, logger *slog.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("lauschen an %s (--metrics-addr): %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", h)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second,
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}
	go func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			logger.Error("metrics listener ended", "err", err)
		}
	}()
	logger.Info("/metrics without sign-in", "addr", ln.Addr().String())
	return func() { srv.Close() }, nil
}
