// Package sereal registers github.com/Sereal/Sereal/Go/sereal, the Go
// implementation of Sereal (Booking.com's binary format, born in Perl), as
// the codec "sereal".
//
// The package "follows the standard Go Marshal/Unmarshal interface"
// (doc.go). Its Marshal function encodes with one package-level Encoder
// (NewEncoderV3, protocol version 3), whose struct-tag cache is a map
// without a lock, so concurrent calls of sereal.Marshal race; each instance
// therefore makes its own Encoder with NewEncoderV3, the same encoder with
// the same defaults (no compression, deduplication of hash keys and class
// names on), and calls its Marshal. Decode calls sereal.Unmarshal, which
// makes a new Decoder for every call, as the package does. Decoded strings
// and byte slices are copies.
package sereal

import (
	"fmt"
	"reflect"

	"github.com/serbench/serbench/codecs/internal/typewalk"

	"github.com/Sereal/Sereal/Go/sereal"

	"github.com/serbench/serbench/codec"
)

// pointerFields is why sereal cannot represent the workloads whose types
// have pointers to scalars, seen by the conformance test.
const pointerFields = "the decoder cannot set a pointer to a scalar (*int64, *string, *bool, as in %s): " +
	"decode fails with \"reflect: call of reflect.Value.SetString on ptr Value\" (or SetBool, setInt) on %s"

func init() {
	codec.Register(codec.New(codec.Info{
		Name:    "sereal",
		Format:  "sereal",
		Module:  "github.com/Sereal/Sereal",
		Package: "github.com/Sereal/Sereal/Go/sereal",
		API:     codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.NilEmpty,
			Detail: "nil slices and maps are written as empty arrays and hashes, and decode as empty, non-nil ones",
		}},
		Notes: "Encoder.Marshal of a NewEncoderV3 per instance (the package's Marshal shares one encoder, unsafe for concurrent use), sereal.Unmarshal",
		Expect: []codec.Expectation{{
			Workload: "bigfloat", Kind: codec.ExpectMismatch,
			Why: `silently loses the number: *big.Float has no exported field and no MarshalBinary (only GobEncode and MarshalText), so it is encoded as an empty hash and decodes as 0`,
		}, {
			Workload: "nested", Kind: codec.ExpectUnsupported,
			Why: fmt.Sprintf(pointerFields, "Iptrslice []*int64", "every value"),
		}, {
			Workload: "twitter", Kind: codec.ExpectUnsupported,
			Why: fmt.Sprintf(pointerFields, "in_reply_to_status_id *int64, possibly_sensitive *bool", "98 of the 100 statuses"),
		}, {
			Workload: "citm", Kind: codec.ExpectUnsupported,
			Why: fmt.Sprintf(pointerFields, "logo *string", "the 108 performances whose logo is set"),
		}},
	}, func(t codec.Target) (codec.Instance, error) {
		if at, ok := typewalk.Find(t.Type, func(t reflect.Type) bool {
			return t.Kind() == reflect.Pointer && t.Elem().Kind() != reflect.Struct
		}); ok {
			return nil, codec.Unsupportedf("sereal cannot decode %s: "+pointerFields, t.Type, at, "every value where it is set")
		}
		enc := sereal.NewEncoderV3()
		return codec.Reflect(t, enc.Marshal, sereal.Unmarshal), nil
	}))
}
