package gen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// compilers are the non-Go schema compilers that go generate runs, with
// the version arguments and the version they must print (the versions
// scripts/install-compilers.sh installs).
var compilers = []struct {
	name, arg, want string
}{
	{"protoc", "--version", "libprotoc 3.21.12"},
	{"flatc", "--version", "flatc version 2.0.8"},
	{"capnp", "--version", "Cap'n Proto version 0.9.2"},
	{"thrift", "--version", "Thrift version 0.17.0"},
}

// missing reports why the schema compilers cannot run here, or "".
func missing() string {
	var why []string
	for _, c := range compilers {
		out, err := exec.Command(c.name, c.arg).CombinedOutput()
		if err != nil {
			why = append(why, fmt.Sprintf("%s: %v", c.name, err))
			continue
		}
		if got := strings.TrimSpace(string(out)); !strings.HasPrefix(got, c.want) {
			why = append(why, fmt.Sprintf("%s prints %q, want %q", c.name, got, c.want))
		}
	}
	return strings.Join(why, "; ")
}

// TestGeneratedCodeIsUpToDate runs `go generate ./...` in a copy of the
// source tree (the files git knows of, committed or not, less the ignored
// ones) and compares every file with the tree's.
func TestGeneratedCodeIsUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates every schema: skipped with -short")
	}
	if why := missing(); why != "" {
		msg := "schema compilers missing or at other versions (run scripts/install-compilers.sh as root): " + why
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("git ls-files in %s: %v", root, err)
		}
		t.Skipf("not a git work tree (git ls-files: %v): nothing to compare with", err)
	}
	tmp := t.TempDir()
	// The copies' modification time: files go generate writes are newer.
	copied := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	before := map[string][]byte{}
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(root, name))
		if os.IsNotExist(err) {
			continue // deleted in the work tree, not yet in git
		}
		if err != nil {
			t.Fatal(err)
		}
		before[filepath.ToSlash(name)] = data
		dst := filepath.Join(tmp, name)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(dst, copied, copied); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "generate", "./...")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go generate ./...: %v\n%s", err, out)
	}
	var changed, added, unmarked []string
	err = filepath.WalkDir(tmp, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(tmp, path)
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if info, err := d.Info(); err == nil && info.ModTime().After(copied) && strings.HasSuffix(rel, ".go") && !markedGenerated(data) {
			unmarked = append(unmarked, rel)
		}
		old, ok := before[rel]
		switch {
		case !ok:
			added = append(added, rel)
		case !bytes.Equal(old, data):
			changed = append(changed, rel+": "+firstDiff(old, data))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(changed)
	sort.Strings(added)
	for _, c := range changed {
		t.Errorf("regenerated file differs from the committed one: %s", c)
	}
	for _, a := range added {
		t.Errorf("go generate made a file that is not in the tree: %s", a)
	}
	sort.Strings(unmarked)
	for _, u := range unmarked {
		t.Errorf("go generate wrote %s without a \"// Code generated ... DO NOT EDIT.\" line before its package clause: Go tools (go/ast.IsGenerated) take it for hand-written code", u)
	}
	if len(changed)+len(added) > 0 {
		t.Log("run `go generate ./...` and commit the result, with the compilers of scripts/install-compilers.sh")
	}
}

// markedGenerated reports whether Go source src says it is generated, as
// go/ast.IsGenerated reads it.
func markedGenerated(src []byte) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly|parser.ParseComments)
	return err == nil && ast.IsGenerated(f)
}

// firstDiff describes the first line where a and b differ.
func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: committed %q, regenerated %q", i+1, x, y)
		}
	}
	return "same lines, different bytes"
}
