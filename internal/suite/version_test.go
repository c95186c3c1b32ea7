package suite

import (
	"errors"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// fakeGit answers as git would in a checkout at top at commit rev, dirty
// or not; asked records the calls.
type fakeGit struct {
	top, rev string
	dirty    bool
	asked    []string
}

func (g *fakeGit) run(args ...string) (string, error) {
	g.asked = append(g.asked, strings.Join(args, " "))
	switch args[0] + " " + args[1] {
	case "rev-parse --show-toplevel":
		if g.top == "" {
			return "", errors.New("fatal: not a git repository")
		}
		return g.top, nil
	case "rev-parse --short=12":
		return g.rev, nil
	case "status --porcelain":
		if g.dirty {
			return "M x.go", nil
		}
		return "", nil
	}
	return "", errors.New("unexpected git call")
}

// checkout makes a directory whose go.mod declares module.
func checkout(t *testing.T, module string) string {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+module+"\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestVersionOf: the commit is the build's when it has one; git is asked
// only for a development build of serbench and only in a checkout of
// serbench (another repository's commit is not serbench's); serbench
// linked into a user's program has the version it was linked at and no
// commit of its own.
func TestVersionOf(t *testing.T) {
	serbench := checkout(t, modulePath)
	other := checkout(t, "example.com/service")
	vcs := func(rev string, modified bool) []debug.BuildSetting {
		m := "false"
		if modified {
			m = "true"
		}
		return []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: m}}
	}
	for _, tc := range []struct {
		name            string
		bi              *debug.BuildInfo
		git             fakeGit
		version, commit string
		asksGit         bool
	}{
		{name: "no build info", version: "(devel)", commit: "unknown"},
		{name: "built in a checkout", bi: &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}, Settings: vcs("0123abcd", false)},
			git: fakeGit{top: other, rev: "ffffffffffff"}, version: "(devel)", commit: "0123abcd"},
		{name: "built dirty", bi: &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}, Settings: vcs("0123abcd", true)},
			version: "(devel)", commit: "0123abcd-dirty"},
		{name: "go run in the checkout", bi: &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}},
			git: fakeGit{top: serbench, rev: "a1b2c3d4e5f6", dirty: true}, version: "(devel)", commit: "a1b2c3d4e5f6-dirty", asksGit: true},
		{name: "go run in another repository", bi: &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}},
			git: fakeGit{top: other, rev: "ffffffffffff"}, version: "(devel)", commit: "unknown", asksGit: true},
		{name: "outside any repository", bi: &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}},
			version: "(devel)", commit: "unknown", asksGit: true},
		{name: "go install at a version", bi: &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v1.2.3"}},
			git: fakeGit{top: serbench, rev: "ffffffffffff"}, version: "v1.2.3", commit: "unknown"},
		{name: "linked into a user's program", bi: &debug.BuildInfo{Main: debug.Module{Path: "example.com/service", Version: "(devel)"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v1.4.0"}}, Settings: vcs("beefbeef", false)},
			git: fakeGit{top: other, rev: "ffffffffffff"}, version: "v1.4.0", commit: "unknown"},
		{name: "linked, replaced", bi: &debug.BuildInfo{Main: debug.Module{Path: "example.com/service", Version: "(devel)"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v0.0.0", Replace: &debug.Module{Path: "../serbench", Version: "(devel)"}}}},
			version: "(devel) (replaced)", commit: "unknown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.git
			v, c := versionOf(tc.bi, g.run)
			if v != tc.version || c != tc.commit {
				t.Errorf("versionOf = %q, %q; want %q, %q", v, c, tc.version, tc.commit)
			}
			if asked := len(g.asked) > 0; asked != tc.asksGit {
				t.Errorf("git asked %q; want asked: %v", g.asked, tc.asksGit)
			}
		})
	}
}
