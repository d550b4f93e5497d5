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
	sh      *shared
	main    *site
	base    *url.URL // the main site's address while the registry is empty (--base-url)
	router  *tenancy.Router
	mu      sync.Mutex
	byID    map[int64]*site
	schools []store.School // as last applied
}

func newSites(sh *shared, main *site, base *url.URL) *sites {
	return &sites{sh: sh, main: main, base: base, byID: map[int64]*site{},
		router: tenancy.NewRouter(main.handler(sh, base, ""), server.Health(main.store))}
}

// sync reads the registry and makes the router answer as it says: opens the sites of new schools,
// closes those of removed ones. A school whose store does not open is logged and left out, and tried
// again at the next sync; the others keep being served.
func (ss *sites) sync(ctx context.Context) error {
	schools, err := registryOf(ss.main.store).Schools(ctx)
	if err != nil {
		return err
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.main.readSignIn(ctx, ss.sh)
	byHost := make(map[string]http.Handler, len(schools))
	seen := map[int64]bool{}
	for _, sch := range schools {
		s, err := ss.siteOf(ctx, sch)
		if err != nil {
			ss.sh.logger.Error("school not served: its database does not open", "school", sch.URL, "err", err)
			continue
		}
		seen[sch.ID] = true
		if s != ss.main {
			s.readSignIn(ctx, ss.sh)
		}
		base, _ := url.Parse(sch.URL) // canonical: written by tenancy.CanonicalURL
		byHost[tenancy.HostOfURL(sch.URL)] = s.handler(ss.sh, base, sch.URL)
	}
	ss.router.Set(ss.main.handler(ss.sh, ss.base, ""), byHost)
	for id, s := range ss.byID {
		if !seen[id] {
			delete(ss.byID, id)
			s.close()
			ss.sh.logger.Info("school removed: no longer served", "id", id)
		}
	}
	ss.schools = schools
	return nil
}

// siteOf is the site of a school: the main one for the home "", else its own, opened once.
func (ss *sites) siteOf(ctx context.Context, sch store.School) (*site, error) {
	if sch.Home == "" {
		return ss.main, nil
	}
	if s, ok := ss.byID[sch.ID]; ok {
		return s, nil
	}
	logger := ss.sh.logger.With("school", sch.URL)
	st, err := openDatabase(ctx, ss.sh.db, logger, ss.sh.poll, sch.Home, ss.main.store)
	if err != nil {
		return nil, err
	}
	s, err := openSite(ctx, ss.sh, st, true, false, logger)
	if err != nil {
		st.Close()
		return nil, err
	}
	base, _ := url.Parse(sch.URL)
	if err := announceSetupLink(ctx, st, base, ss.sh.now, logger, s.signIn); err != nil {
		logger.Warn("setup link not made", "err", err)
	}
	ss.byID[sch.ID] = s
	logger.Info("school served", "name", sch.Name)
	return s, nil
}

// follow syncs every registryPoll until ctx ends.
func (ss *sites) follow(ctx context.Context) {
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
			s = ss.byID[sch.ID]
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
	for _, s := range ss.byID {
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

// close closes every site; the main store is the caller's.
func (ss *sites) close() { ss.each(func(s *site) { s.close() }) }
