package all

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/serbench/serbench/codec/codectest"
)

// TestAllImported fails when a package under codecs/ is not imported by
// all.go, so no codec can be written and then silently left out.
func TestAllImported(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "all.go", nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	imported := map[string]bool{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		imported[p] = true
	}
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "all" {
			continue
		}
		if m, _ := filepath.Glob(filepath.Join("..", e.Name(), "*.go")); len(m) == 0 {
			continue
		}
		n++
		p := "github.com/serbench/serbench/codecs/" + e.Name()
		if !imported[p] {
			t.Errorf("codecs/%s is not imported by codecs/all/all.go", e.Name())
		}
	}
	if n == 0 {
		t.Fatal("found no codec package under codecs/")
	}
}

// TestConvertMatchesPlain checks every +convert codec against its plain
// codec (codectest.ConvertMatchesPlain).
func TestConvertMatchesPlain(t *testing.T) { codectest.ConvertMatchesPlain(t) }
