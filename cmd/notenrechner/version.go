package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// The build stamp, set by make build and scripts/release.sh (both through scripts/stamp.sh) with -ldflags
// "-X main.version=v1.2.0 -X main.commit=… -X main.commitTime=… -X main.modified=false".
// The release builds with -buildvcs=false and stamps these itself: Go's own
// VCS stamp is missing in a git worktree or a source archive, so two
// checkouts of one commit would give different bytes. A plain go build in a
// git clone still gets Go's stamp (readBuildInfo falls back to it).
var version, commit, commitTime, modified string

const versionHelp = `Aufruf: notenrechner version [--json]

Zeigt Version, Commit, Zeitpunkt des Commits (das Build-Datum: ein Release derselben
Version hat immer dieselben Bytes) und die Go-Version.

Optionen:
`

// buildInfo is what `notenrechner version` prints. The build date is the
// commit's time, never the time of the build, so that a release is
// reproducible.
type buildInfo struct {
	Version  string `json:"version"`
	Commit   string `json:"commit"`
	Date     string `json:"date"`
	Modified bool   `json:"modified"`
	Go       string `json:"go"`
	Platform string `json:"platform"`
}

// stamp is what the linker may have set (the variables above).
type stamp struct{ version, commit, commitTime, modified string }

func readBuildInfo(ld stamp, info *debug.BuildInfo, ok bool) buildInfo {
	b := buildInfo{Version: ld.version, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if !ok {
		info = &debug.BuildInfo{}
	}
	if b.Version == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
		b.Version = info.Main.Version
	}
	if b.Version == "" {
		b.Version = "entwicklung"
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.time":
			b.Date = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	if ld.commit != "" {
		b.Commit, b.Date, b.Modified = ld.commit, ld.commitTime, ld.modified == "true"
	}
	return b
}

func cmdVersion(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "als JSON ausgeben")
	if helped, err := parseFlags(fs, args, versionHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: version erwartet keine Argumente, bekam %q", errUsage, fs.Args())
	}
	info, ok := debug.ReadBuildInfo()
	b := readBuildInfo(stamp{version, commit, commitTime, modified}, info, ok)
	if *asJSON {
		return json.NewEncoder(stdout).Encode(b)
	}
	commit, date := b.Commit, b.Date
	if commit == "" {
		commit, date = "unbekannt (ohne Versionsverwaltung gebaut)", "unbekannt"
	} else if b.Modified {
		commit += " (mit nicht eingecheckten Änderungen)"
	}
	_, err := fmt.Fprintf(stdout, "notenrechner %s\nCommit:      %s\nBuild-Datum: %s\nGo:          %s (%s)\n",
		b.Version, commit, date, b.Go, b.Platform)
	return err
}
