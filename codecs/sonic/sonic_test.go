package sonic

import (
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
)

func TestConformance(t *testing.T) { codectest.Run(t, "sonic") }

func TestPath(t *testing.T) {
	c, _ := codec.Lookup("sonic")
	t.Logf("Path() = %s; Notes: %s", Path(), c.Info().Notes)
	if Path() != wantPath {
		t.Errorf("Path() = %q, want %q under sonic's build constraints", Path(), wantPath)
	}
}
