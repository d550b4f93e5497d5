// Command oidc-testprovider runs internal/oidctest's OpenID provider on
// loopback for the browser tests (web/e2e/oidc.spec.ts): one client, the
// standard test users, nothing fetched from anywhere. It prints
// "issuer=<URL>" on standard output once it listens, and runs until it is
// stopped. Never for production: its users and passwords are in the source.
package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/notenrechner/notenrechner/internal/oidctest"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "oidc-testprovider:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("oidc-testprovider", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:0", "loopback address to listen on")
	clientID := fs.String("client-id", "notenrechner", "the one client's ID")
	redirect := fs.String("redirect-uri", "", "the client's redirect URI (BASE_URL/api/v1/auth/oidc/callback)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	secret := os.Getenv("NOTENRECHNER_OIDC_CLIENT_SECRET")
	if *redirect == "" || secret == "" {
		return errors.New("--redirect-uri and NOTENRECHNER_OIDC_CLIENT_SECRET are required")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	issuer := "http://" + ln.Addr().String()
	p, err := oidctest.New(issuer, oidctest.Options{ClientID: *clientID, ClientSecret: secret,
		RedirectURIs: []string{*redirect}, Users: oidctest.Standard()})
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: p, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		stop := make(chan os.Signal, 1)
		signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
		<-stop
		srv.Close()
	}()
	fmt.Println("issuer=" + issuer)
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
