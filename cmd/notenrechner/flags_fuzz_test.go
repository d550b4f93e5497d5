package main

import (
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

// FuzzSetFlags holds setFlags to the flag package: on any command line where no option is given
// twice, both accept it or both refuse it, and on acceptance they set the same values and leave the
// same arguments. setFlags never panics. (go test -fuzz FuzzSetFlags -fuzztime 10s)
func FuzzSetFlags(f *testing.F) {
	for _, seed := range []string{
		"--s\nx", "-s=x\n--b\n--n\n5\nrest", "--b=false\n--\n--s", "---s", "-=x", "--n\nviele", "--d\n3s\n-",
		"--help", "-h", "--s", "--b=vielleicht", "x\n--s\ny", "--n=99999999999999999999", "-s\n-b",
	} {
		f.Add(seed)
	}
	newSet := func() (*flag.FlagSet, func() string) {
		fs := flag.NewFlagSet("probe", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		s := fs.String("s", "", "")
		b := fs.Bool("b", false, "")
		n := fs.Int("n", 0, "")
		d := fs.Duration("d", time.Second, "")
		return fs, func() string {
			return strings.Join([]string{*s, boolText(*b), time.Duration(*n).String(), d.String()}, "|")
		}
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Split(line, "\n")
		ours, oursValues := newSet()
		rest, err := setFlags(ours, args)
		theirs, theirsValues := newSet()
		theirErr := theirs.Parse(args)
		if err != nil && strings.Contains(err.Error(), "doppelt angegeben") {
			return // the flag package takes the last; refusing is the point
		}
		if (err == nil) != (theirErr == nil) {
			t.Fatalf("%q: setFlags %v, flag package %v", args, err, theirErr)
		}
		if err != nil {
			return
		}
		if got, want := oursValues(), theirsValues(); got != want {
			t.Fatalf("%q: values %s, flag package %s", args, got, want)
		}
		if strings.Join(rest, "\n") != strings.Join(theirs.Args(), "\n") {
			t.Fatalf("%q: arguments %q, flag package %q", args, rest, theirs.Args())
		}
	})
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
