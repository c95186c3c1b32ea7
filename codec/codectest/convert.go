package codectest

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

// convertValues is how many values of each workload ConvertMatchesPlain
// reads across.
const convertValues = 10

// ConvertMatchesPlain checks each named codec whose name ends in
// "+convert" (each registered one when names is empty) against its plain
// codec, the one named without the suffix, which must be registered: the
// two bind the same workloads, and each reads back, to the value but for
// its declared losses, the other's encoding of the first values of every
// workload they bind (but those declared a known mismatch), so that the
// variant differs from its plain codec only by the conversion it times.
func ConvertMatchesPlain(t *testing.T, names ...string) {
	t.Helper()
	checked := 0
	for _, conv := range Codecs(t, names...) {
		name := conv.Info().Name
		base, ok := strings.CutSuffix(name, "+convert")
		if !ok {
			continue
		}
		plain := Lookup(t, base)
		checked++
		t.Run(name, func(t *testing.T) {
			for _, w := range workload.All() {
				if !covers(w) {
					continue
				}
				ci, cok := Bound(t, conv, w)
				pi, pok := Bound(t, plain, w)
				if cok != pok {
					t.Errorf("%s: %s binds it: %v; %s: %v", w.Name, name, cok, base, pok)
					continue
				}
				if !cok || conv.Info().Expected(w.Name, codec.ExpectMismatch) != "" || plain.Info().Expected(w.Name, codec.ExpectMismatch) != "" {
					continue
				}
				values := valuesOf(w)
				for i, v := range values[:min(len(values), convertValues)] {
					readAcross(t, fmt.Sprintf("%s value %d: %s reading %s", w.Name, i, base, name), ci, pi, v, plain.Info().Losses)
					readAcross(t, fmt.Sprintf("%s value %d: %s reading %s", w.Name, i, name, base), pi, ci, v, conv.Info().Losses)
				}
			}
		})
	}
	if checked == 0 {
		t.Error("no +convert codec to check")
	}
}

// readAcross encodes v with enc and decodes it with dec, and fails t
// (without stopping it), after what, unless dec reads v back but for
// losses.
func readAcross(t *testing.T, what string, enc, dec codec.Instance, v any, losses []codec.Loss) {
	t.Helper()
	var got any
	err := codec.Call("read across", func() error {
		p, err := enc.Prepare(v)
		if err != nil {
			return err
		}
		data, err := enc.Encode(p)
		if err != nil {
			return err
		}
		native, err := dec.Decode(bytes.Clone(data))
		if err != nil {
			return err
		}
		got, err = dec.Canonical(native)
		return err
	})
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	if diffs := verify.Compare(v, got, losses); len(diffs) > 0 {
		t.Errorf("%s: %s", what, diffs[0])
	}
}
