package main

import (
	"encoding/json"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestReadBuildInfo(t *testing.T) {
	vcs := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-11-20T10:00:00Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	for _, tc := range []struct {
		name string
		ld   stamp
		info *debug.BuildInfo
		want buildInfo
	}{
		{"release stamp wins over Go's", stamp{"v1.2.0", "def456", "2026-11-21T08:00:00Z", "false"}, vcs,
			buildInfo{Version: "v1.2.0", Commit: "def456", Date: "2026-11-21T08:00:00Z"}},
		{"go build in a clone", stamp{}, vcs,
			buildInfo{Version: "entwicklung", Commit: "abc123", Date: "2026-11-20T10:00:00Z", Modified: true}},
		{"go install of a tag", stamp{}, &debug.BuildInfo{Main: debug.Module{Version: "v1.3.0"}},
			buildInfo{Version: "v1.3.0"}},
		{"no build info", stamp{}, nil, buildInfo{Version: "entwicklung"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := readBuildInfo(tc.ld, tc.info, tc.info != nil)
			tc.want.Go, tc.want.Platform = runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH
			if got != tc.want {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestVersionCommand(t *testing.T) {
	saved := stamp{version, commit, commitTime, modified}
	t.Cleanup(func() {
		version, commit, commitTime, modified = saved.version, saved.commit, saved.commitTime, saved.modified
	})
	version, commit, commitTime, modified = "v1.2.0", "def456", "2026-11-21T08:00:00Z", "true"

	out, _, err := runCmd(t, "version")
	want := "notenrechner v1.2.0\nCommit:      def456 (mit nicht eingecheckten Änderungen)\nBuild-Datum: 2026-11-21T08:00:00Z\nGo:          " +
		runtime.Version() + " (" + runtime.GOOS + "/" + runtime.GOARCH + ")\n"
	if err != nil || out != want {
		t.Errorf("version = %q, %v\nwant %q", out, err, want)
	}
	out, _, err = runCmd(t, "version", "--json")
	var b buildInfo
	if err != nil || json.Unmarshal([]byte(out), &b) != nil {
		t.Fatalf("version --json = %q, %v", out, err)
	}
	if b.Version != "v1.2.0" || b.Commit != "def456" || !b.Modified || b.Go != runtime.Version() || !strings.Contains(out, `"date":"2026-11-21T08:00:00Z"`) {
		t.Errorf("version --json = %s", out)
	}
	if _, _, err := runCmd(t, "version", "extra"); err == nil {
		t.Error("version with an argument: no error")
	}
}
