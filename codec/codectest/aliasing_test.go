package codectest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"unsafe"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/workload"
)

// fake is a codec of the bsontypes-binary and bsontypes-string workloads
// that writes each element as its length and its bytes, and decodes byte
// slices and strings as slices of its input when alias is set, as copies
// otherwise.
func fake(alias bool) codec.Codec {
	binType := reflect.TypeFor[workload.BSONTypeDoc[[]byte]]()
	strType := reflect.TypeFor[workload.BSONTypeDoc[string]]()
	return codec.New(codec.Info{Name: fmt.Sprintf("fake-alias-%v", alias), Format: "fake", Module: "serbench", API: codec.HandWritten},
		func(t codec.Target) (codec.Instance, error) {
			if t.Type != binType && t.Type != strType {
				return nil, codec.Unsupportedf("only bsontypes-binary and bsontypes-string")
			}
			str := t.Type == strType
			return codec.Funcs{
				EncodeFunc: func(v any) ([]byte, error) {
					var out []byte
					if str {
						for _, s := range v.(*workload.BSONTypeDoc[string]).Values {
							out = binary.AppendUvarint(out, uint64(len(s)))
							out = append(out, s...)
						}
						return out, nil
					}
					for _, b := range v.(*workload.BSONTypeDoc[[]byte]).Values {
						out = binary.AppendUvarint(out, uint64(len(b)))
						out = append(out, b...)
					}
					return out, nil
				},
				DecodeFunc: func(data []byte) (any, error) {
					var elems [][]byte
					for len(data) > 0 {
						n, k := binary.Uvarint(data)
						if k <= 0 || uint64(len(data)-k) < n {
							return nil, fmt.Errorf("bad length")
						}
						e := data[k : k+int(n)]
						if !alias {
							e = bytes.Clone(e)
						}
						elems = append(elems, e)
						data = data[k+int(n):]
					}
					if !str {
						return &workload.BSONTypeDoc[[]byte]{Values: elems}, nil
					}
					doc := &workload.BSONTypeDoc[string]{}
					for _, e := range elems {
						doc.Values = append(doc.Values, unsafe.String(unsafe.SliceData(e), len(e)))
					}
					return doc, nil
				},
			}, nil
		})
}

func TestAliasing(t *testing.T) {
	Aliasing(t, fake(true), map[string][]string{"bsontypes-binary": {"Values"}, "bsontypes-string": {"Values"}})
	Aliasing(t, fake(false), nil)
}

// TestAliasedFields checks the fields found for one value, both ways.
func TestAliasedFields(t *testing.T) {
	w, err := workload.Lookup("bsontypes-binary")
	if err != nil {
		t.Fatal(err)
	}
	v := w.Values(workload.Options{Count: 1})[0]
	for _, alias := range []bool{true, false} {
		inst, err := fake(alias).Bind(w.Target())
		if err != nil {
			t.Fatal(err)
		}
		fields, err := aliasedFields(inst, v, nil)
		if err != nil {
			t.Fatal(err)
		}
		fields = slices.Compact(fields)
		if want := map[bool][]string{true: {"Values"}}[alias]; !slices.Equal(fields, want) {
			t.Errorf("alias %v: fields %q, want %q", alias, fields, want)
		}
	}
}

func TestAliasingAllowed(t *testing.T) {
	c := fake(true)
	a := AliasingAllowed(c)
	if !a.Info().Flags.UnsafeStrings || c.Info().Flags.UnsafeStrings {
		t.Errorf("flags %s of the wrapper, %s of the codec; want unsafe and -", a.Info().Flags, c.Info().Flags)
	}
	if a.Info().Name != c.Info().Name {
		t.Errorf("name %q, want %q", a.Info().Name, c.Info().Name)
	}
}
