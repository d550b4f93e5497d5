package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"sync"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/metrics"
	"github.com/notenrechner/notenrechner/internal/server"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/tenancy"
	"github.com/notenrechner/notenrechner/web"
)

// How serve runs the schools of a deployment (docs/architecture.md, „Mehrere Schulen“). Each school
// is a site: its own store, live brokers, request counts and server handler, nothing shared with
// another school but the process's bounds (streams, password work, connections). The database's own
// tables are the main site: the one school while the registry is empty, then the first school. The
// registry is read again every registryPoll, so that `school add` and `school remove` take effect
// while the server runs, on every instance.

// registryPoll is how often serve reads the registry of schools again.
const registryPoll = 2 * time.Second

// shared is what every site of the process uses alike.
type shared struct {
	logger  *slog.Logger
	now     func() time.Time
	trusted []netip.Prefix
	guard   *live.Guard // live streams are a bound of the process, not of a school
	gate    *auth.Gate  // so is the password hashing's memory
	render  web.Renderer
	db      database
	poll    time.Duration
	oidc    oidcOptions // --oidc-*: the main site's sign-in while its database stores none of its own
	// deployment is the store of the database's own tables as serve opened it: it reads the registry,
	// answers /healthz of a host of no school, and its LISTEN connection hears every school.
	deployment store.Store
}

// site is one school in the process.
type site struct {
	store    store.Store
	own      bool // the store is the site's to close (not the main one)
	scales   *live.Scales
	requests *metrics.Requests
	stop     func() // ends following the store
	logger   *slog.Logger
	main     bool

	mu        sync.Mutex
	handlers  map[string]http.Handler // by public address: the main site's changes when it becomes a school
	signIn    oidcOptions             // as last read (serve_oidc.go); a change makes the handlers anew
	discovery []context.CancelFunc    // ends the discovery of the handlers' providers
}

func openSite(ctx context.Context, sh *shared, st store.Store, own, main bool, logger *slog.Logger) (*site, error) {
	scales := live.NewScales(logger, 8, st, sh.now) // a broker per grading scale
	fanOut, err := scales.Refresh(ctx)
	fanOut() // nobody listens yet
	if err != nil {
		return nil, fmt.Errorf("Konfiguration laden: %w", err)
	}
	signIn, err := signInOf(ctx, st, main, sh.oidc)
	if err != nil {
		return nil, fmt.Errorf("Anmeldung der Schule lesen: %w", err)
	}
	if signIn.issuer != "" {
		logSignIn(logger, "sign-in", signIn, main, sh.oidc)
	}
	followCtx, stopFollowing := context.WithCancel(context.Background())
	following := make(chan struct{})
	go func() { scales.Follow(followCtx); close(following) }()
	return &site{store: st, own: own, scales: scales, requests: metrics.NewRequests(), logger: logger, main: main,
		stop: func() { stopFollowing(); <-following }, handlers: map[string]http.Handler{}, signIn: signIn}, nil
}

// handler is the site's server at its public address base, made once per address; school names it in
// the log ("": the one school of a database without schools).
func (s *site) handler(sh *shared, base *url.URL, school string) http.Handler {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h, ok := s.handlers[base.String()]; ok {
		return h
	}
	logger := s.logger
	if school != "" && s.main {
		logger = logger.With("school", school)
	}
	deps := server.Deps{Logger: logger, Store: s.store, Scales: s.scales, Assets: web.Dist(),
		BaseURL: base, Now: sh.now, TrustedProxies: sh.trusted, Streams: sh.guard, Metrics: s.requests,
		Gate: sh.gate, PageConfig: s.scales.PageConfig, Render: sh.render}
	deps.SSO, deps.NoPasswordLogin = s.provider(base, logger), !s.signIn.passwordLogin
	h := server.New(deps)
	s.handlers[base.String()] = h
	return h
}

// close ends the site's streams and discoveries, stops following its store and closes a store of
// its own.
func (s *site) close() {
	s.scales.Close()
	s.mu.Lock()
	s.forgetHandlers()
	s.mu.Unlock()
	s.stop()
	if s.own {
		s.store.Close()
	}
}

// sites are the schools the process serves, kept in step with the registry.
type sites struct {
	sh     *shared
	base   *url.URL // the main site's address while the registry is empty (--base-url)
	router *tenancy.Router

	mu           sync.Mutex
	closed       bool
	main         *site            // the database's own tables
	mainOf       string           // the school main serves ("": none, or the database without schools)
	byHome       map[string]*site // the schools of their own homes, by home (never reused, unlike ids)
	schools      []store.School   // as last applied
	everHad      bool             // the registry listed schools at some sync (renewMain)
	started      bool             // the first sync is done: a school opened later was added while running
	stopped      chan struct{}    // closed when follow has returned
	following    bool             // follow was started
	cancelFollow context.CancelFunc
	stopOnce     sync.Once
}

func newSites(sh *shared, main *site, base *url.URL) *sites {
	return &sites{sh: sh, main: main, base: base, byHome: map[string]*site{}, stopped: make(chan struct{}),
		router: tenancy.NewRouter(main.handler(sh, base, ""), server.Health(sh.deployment))}
}

// sync reads the registry and makes the router answer as it says: opens the sites of new schools,
// closes those of removed ones, and gives the database's own tables a fresh site when the school they
// belong to changed (its data were emptied on removal; a new first school starts from a new default).
// A listed school whose store does not open answers 503 and is tried again at the next sync.
func (ss *sites) sync(ctx context.Context) error {
	schools, err := registryOf(ss.sh.deployment).Schools(ctx)
	if err != nil {
		return err
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.closed {
		return nil
	}
	if err := ss.renewMain(ctx, schools); err != nil {
		return err
	}
	ss.main.readSignIn(ctx, ss.sh)
	byHost := make(map[string]http.Handler, len(schools))
	seen := map[string]bool{}
	for _, sch := range schools {
		base, _ := url.Parse(sch.URL) // canonical: written by tenancy.CanonicalURL
		s, err := ss.siteOf(ctx, sch)
		if err != nil {
			ss.sh.logger.Error("school not served: its database does not open", "school", sch.URL, "err", err)
			byHost[tenancy.HostOfURL(sch.URL)] = tenancy.Unavailable
			continue
		}
		seen[sch.Home] = true
		if s != ss.main {
			s.readSignIn(ctx, ss.sh)
		}
		byHost[tenancy.HostOfURL(sch.URL)] = s.handler(ss.sh, base, sch.URL)
	}
	ss.everHad = ss.everHad || len(schools) > 0
	if len(schools) == 0 { // no school (or the last one left): the database is one school, on any host
		ss.router.Set(ss.main.handler(ss.sh, ss.base, ""), nil)
	} else { // only the schools' hosts, even while none of them opens
		ss.router.Set(nil, byHost)
	}
	for home, s := range ss.byHome {
		if !seen[home] {
			delete(ss.byHome, home)
			s.close()
			ss.sh.logger.Info("school removed: no longer served", "home", home)
		}
	}
	ss.schools = schools
	return nil
}

// renewMain replaces the main site when the school its tables belong to is another than before: its
// streams end, its brokers are dropped, and a new store handle (which writes the default scale into
// emptied tables) serves whoever the tables belong to now.
func (ss *sites) renewMain(ctx context.Context, schools []store.School) error {
	owner := ""
	for _, sch := range schools {
		if sch.Home == "" {
			owner = fmt.Sprintf("%d %s", sch.ID, sch.URL)
		}
	}
	if owner == ss.mainOf || (ss.mainOf == "" && !ss.everHad) {
		ss.mainOf = owner // the one school became the first school: same data, same site
		return nil
	}
	fresh, err := ss.openOwn(ctx, at{}, true, ss.sh.logger)
	if err != nil {
		return err
	}
	ss.main.close()
	ss.main, ss.mainOf = fresh, owner
	ss.sh.logger.Info("the database's own tables changed school: served afresh", "school", owner)
	return nil
}

// openOwn opens a store where names and a site on it that closes the store with itself.
func (ss *sites) openOwn(ctx context.Context, where at, main bool, logger *slog.Logger) (*site, error) {
	st, err := openDatabase(ctx, ss.sh.db, logger, ss.sh.poll, where)
	if err != nil {
		return nil, err
	}
	s, err := openSite(ctx, ss.sh, st, true, main, logger)
	if err != nil {
		st.Close()
		return nil, err
	}
	return s, nil
}

// siteOf is the site of a school: the main one for the home "", else its own, opened once.
func (ss *sites) siteOf(ctx context.Context, sch store.School) (*site, error) {
	if sch.Home == "" {
		return ss.main, nil
	}
	if s, ok := ss.byHome[sch.Home]; ok {
		return s, nil
	}
	logger := ss.sh.logger.With("school", sch.URL)
	s, err := ss.openOwn(ctx, at{home: sch.Home, via: ss.sh.deployment}, false, logger)
	if err != nil {
		return nil, err
	}
	st := s.store
	if ss.started { // at start-up one line names the schools without an admin (startSites)
		base, _ := url.Parse(sch.URL)
		if err := announceSetupLink(ctx, st, base, ss.sh.now, logger, s.signIn); err != nil {
			logger.Warn("setup link not made", "err", err)
		}
	}
	ss.byHome[sch.Home] = s
	logger.Info("school served", "name", sch.Name)
	return s, nil
}

// follow syncs every registryPoll until ctx ends or the sites close.
func (ss *sites) follow(ctx context.Context) {
	defer close(ss.stopped)
	t := time.NewTicker(registryPoll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := ss.sync(ctx); err != nil && !errors.Is(err, context.Canceled) {
				ss.sh.logger.Warn("registry of schools not read", "err", err)
			}
			ss.mu.Lock()
			closed := ss.closed
			ss.mu.Unlock()
			if closed {
				return
			}
		}
	}
}

// metrics are the counts of every school served, each labelled with its address; while the registry
// is empty the one school's, unlabelled as before.
func (ss *sites) metrics() []metrics.School {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if len(ss.schools) == 0 {
		return []metrics.School{{Requests: ss.main.requests, Scales: ss.main.scales}}
	}
	var list []metrics.School
	for _, sch := range ss.schools {
		s := ss.main
		if sch.Home != "" {
			s = ss.byHome[sch.Home]
		}
		if s != nil {
			list = append(list, metrics.School{Label: sch.URL, Requests: s.requests, Scales: s.scales})
		}
	}
	return list
}

// each runs fn on every open site, the main one first.
func (ss *sites) each(fn func(*site)) {
	ss.mu.Lock()
	list := []*site{ss.main}
	for _, s := range ss.byHome {
		list = append(list, s)
	}
	ss.mu.Unlock()
	for _, s := range list {
		fn(s)
	}
}

// closeStreams ends every site's live streams (at shutdown, so that Shutdown does not wait for them).
func (ss *sites) closeStreams() { ss.each(func(s *site) { s.scales.Close() }) }

// waitStreams waits until every site's streams have ended.
func (ss *sites) waitStreams(ctx context.Context) error {
	var first error
	ss.each(func(s *site) {
		if err := s.scales.WaitStreams(ctx); err != nil && first == nil {
			first = err
		}
	})
	return first
}

// close stops following the registry (waiting for a sync under way) and closes every site; the
// deployment's store is the caller's.
func (ss *sites) close() {
	ss.mu.Lock()
	ss.closed = true
	ss.mu.Unlock()
	ss.stopOnce.Do(func() {
		if ss.following {
			ss.cancelFollow()
			<-ss.stopped
		}
	})
	ss.each(func(s *site) { s.close() })
}
