// Command buffering-proxy runs proxytest.Buffering on loopback in front of a notenrechner for the
// browser tests (web/e2e/fallback.spec.ts): event streams open but bring nothing until the server
// ends them, everything else passes. It prints "url=<URL>" on standard output once it listens, and
// runs until it is stopped. Never for production.
package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/notenrechner/notenrechner/internal/proxytest"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "buffering-proxy:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("buffering-proxy", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:0", "loopback address to listen on")
	upstream := fs.String("upstream", "", "the server behind the proxy, e.g. http://127.0.0.1:8080")
	if err := fs.Parse(args); err != nil {
		return err
	}
	target, err := url.Parse(*upstream)
	if err != nil || target.Scheme != "http" || target.Host == "" {
		return errors.New("--upstream must be an http:// URL")
	}
	host, _, err := net.SplitHostPort(*addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		return errors.New("--addr must be a loopback address (127.0.0.1:PORT or [::1]:PORT)")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: proxytest.Buffering(target), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		stop := make(chan os.Signal, 1)
		signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
		<-stop
		srv.Close()
	}()
	fmt.Println("url=http://" + ln.Addr().String())
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
