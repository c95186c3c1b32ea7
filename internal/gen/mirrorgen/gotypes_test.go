package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestGoTypesUpToDate runs the mirrorgen lines of schema/gotypes's
// go:generate directives, as go generate would, and compares what they
// write with the files of schema/gotypes: the committed mirrors and
// conversions are what mirrorgen makes from package workload now. (The
// regeneration test of internal/gen checks the same and the msgp and
// easyjson code, but needs the schema compilers of the other packages.)
func TestGoTypesUpToDate(t *testing.T) {
	dir, err := filepath.Abs("../../../schema/gotypes")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "generate.go"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "generate.go", src, parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "//go:generate go run ../../internal/gen/mirrorgen "
	t.Chdir(dir)
	runs := 0
	for _, line := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(line, prefix) {
			continue
		}
		runs++
		args, err := splitArgs(strings.TrimPrefix(line, prefix))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		tmp := t.TempDir()
		var compare []string
		for i := 0; i+1 < len(args); i++ {
			if args[i] == "-types" || args[i] == "-convert" {
				compare = append(compare, args[i+1])
				args[i+1] = filepath.Join(tmp, args[i+1])
			}
		}
		if err := run(append([]string{"-package", f.Name.Name}, args...), &bytes.Buffer{}); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		for _, name := range compare {
			got, err := os.ReadFile(filepath.Join(tmp, name))
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("schema/gotypes/%s is not what mirrorgen makes now: run go generate ./schema/gotypes/", name)
			}
		}
	}
	if runs != 2 {
		t.Errorf("schema/gotypes/generate.go has %d mirrorgen lines, want 2 (types.go and corpora.go)", runs)
	}
}

// splitArgs splits a go:generate line into words as go generate does:
// at spaces, but for double-quoted Go strings.
func splitArgs(line string) ([]string, error) {
	var args []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		if line[0] != '"' {
			word, rest, _ := strings.Cut(line, " ")
			args, line = append(args, word), rest
			continue
		}
		end := 1
		for end < len(line) && line[end] != '"' {
			if line[end] == '\\' {
				end++
			}
			end++
		}
		word, err := strconv.Unquote(line[:min(end+1, len(line))])
		if err != nil {
			return nil, err
		}
		args, line = append(args, word), line[min(end+1, len(line)):]
	}
	return args, nil
}
