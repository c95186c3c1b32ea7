// Package msgp registers github.com/tinylib/msgp, the MessagePack code
// generator, as three codecs, all on the methods it generates for the
// mirror types of package schema/gotypes (Person, TestStruc, Floats, and
// the typed corpora's TwitterStatus, CITMPerformance and CanadaFeature):
//
//   - "msgp": MarshalMsg(nil), which sizes and allocates the output once
//     with Msgsize, and UnmarshalMsg into a new value, as the library's
//     README shows. The canonical values are converted to and from the
//     mirror types at setup, outside the timed calls.
//   - "msgp+convert": the same, with the conversions timed too, as an
//     application that keeps its data in its own types pays them.
//   - "msgp-reuse": MarshalMsg(buf[:0]) into a buffer the instance keeps
//     from one call to the next, the zero-allocation use the README
//     advertises ("Carefully-designed applications can use these methods
//     to do marshalling/unmarshalling with zero heap allocations");
//     decoding is that of "msgp".
//
// It binds the person, nested and floats workloads and the typed corpora
// workloads twitter, citm and canada, and no other: msgp needs generated
// code for every type. The corpora's mirrors carry the json tags of the
// workload types, which the generator reads (//msgp:tag json): the map
// keys are the data's JSON field names, and an omitempty field that is
// nil is left out of the message, as it is missing from the data.
package msgp

import (
	"fmt"

	"github.com/tinylib/msgp/msgp"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/schema/gotypes"
)

const (
	module = "github.com/tinylib/msgp"
	// pkg is the run-time package that the generated code calls.
	pkg = "github.com/tinylib/msgp/msgp"
)

// losses are the declared losses of every variant.
var losses = []codec.Loss{{
	Kind: codec.TimeZone,
	Detail: "the UTC offset is not encoded: msgp's time.Time extension (type 5) holds Unix seconds and nanoseconds only; " +
		"times decode in UTC (//msgp:timezone utc)",
}, {
	Kind: codec.NilEmpty,
	Detail: "nil and empty are written alike, as empty arrays and maps (but an omitempty field, which only the corpora's mirrors have, " +
		"is left out when nil): slices decode as nil, nil or empty, " +
		"and maps as empty maps (the generator keeps nil only for fields tagged allownil, which the mirror types do not use)",
}, {
	Kind: codec.InterfaceTypes,
	Detail: "integers in interface{} values decode as int64, or as uint64 when unsigned and 128 or more " +
		"(smaller unsigned values are written as positive fixints), whatever their Go type; floats keep theirs",
}}

func init() {
	codec.RegisterWithConversion(codec.New(codec.Info{
		Name:    "msgp",
		Format:  "msgpack",
		Module:  module,
		Package: pkg,
		API:     codec.CodeGen,
		Losses:  losses,
		Notes:   "generated MarshalMsg(nil) / UnmarshalMsg on schema/gotypes mirror types (person, nested, floats, twitter, citm, canada), converted from the canonical values at setup",
	}, func(t codec.Target) (codec.Instance, error) { return bind(t, false) }))

	codec.Register(codec.New(codec.Info{
		Name:    "msgp-reuse",
		Format:  "msgpack",
		Module:  module,
		Package: pkg,
		API:     codec.CodeGen,
		Flags:   codec.Flags{BufferReuse: true, GeneratedTypes: true},
		Losses:  losses,
		Notes:   "as msgp, but MarshalMsg appends to the instance's buffer, reused from call to call (buf[:0])",
	}, func(t codec.Target) (codec.Instance, error) { return bind(t, true) }))
}

// message is what msgp generates for each mirror type (on its pointer).
type message interface {
	msgp.Marshaler
	msgp.Unmarshaler
}

func bind(t codec.Target, reuse bool) (codec.Instance, error) {
	m, ok := gotypes.MirrorFor(t.Type)
	if !ok {
		return nil, codec.Unsupportedf("msgp has generated code for workload.Person, workload.TestStruc, []float32, workload.TwitterStatus, workload.CITMPerformance and workload.CanadaFeature only, not %s (workload %q)", t.Type, t.Workload)
	}
	encode := func(v any) ([]byte, error) {
		msg, ok := v.(message)
		if !ok {
			return nil, fmt.Errorf("msgp: cannot encode %T", v)
		}
		return msg.MarshalMsg(nil)
	}
	if reuse {
		var buf []byte
		encode = func(v any) ([]byte, error) {
			msg, ok := v.(message)
			if !ok {
				return nil, fmt.Errorf("msgp: cannot encode %T", v)
			}
			var err error
			buf, err = msg.MarshalMsg(buf[:0])
			return buf, err
		}
	}
	return codec.Funcs{
		PrepareFunc: m.Of,
		EncodeFunc:  encode,
		DecodeFunc: func(data []byte) (any, error) {
			v := m.New()
			rest, err := v.(message).UnmarshalMsg(data)
			if err == nil && len(rest) > 0 {
				err = fmt.Errorf("msgp: %d bytes after the message", len(rest))
			}
			return v, err
		},
		CanonicalFunc: m.Canonical,
	}, nil
}
