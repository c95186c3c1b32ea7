package suite

import (
	"context"
	"fmt"
	"testing"

	"github.com/serbench/serbench/harness"
	"github.com/serbench/serbench/result"
)

// The codec kind's predicted cells are the cells its jobs have (for
// codecs without an access operation).
func TestCodecCellsPredictBuild(t *testing.T) {
	for _, name := range []string{"json", "noop"} {
		s := harness.Spec{Kind: CodecKind, Workload: "person", Name: name, Goroutines: []int{1, 2}, Zstd: true}
		b, err := harness.Build(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		var got []result.Key
		for _, u := range b.Units {
			got = append(got, u.Cell.Key())
		}
		if fmt.Sprint(got) != fmt.Sprint(codecCells(s)) {
			t.Errorf("%s: built %v, predicted %v", name, got, codecCells(s))
		}
	}
}
