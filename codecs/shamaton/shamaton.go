// Package shamaton registers github.com/shamaton/msgpack/v2, a fast
// reflection-based MessagePack library, as the codec "shamaton-msgpack".
//
// Unmarshal decodes from the caller's bytes without copying them first,
// and it returns some values as subslices of them (read from the library
// source, internal/decoding, and checked per workload by TestAliasing):
//
//   - a byte slice ([]byte, []uint8 or a named type of them) decoded from
//     MessagePack bin or str data is set with reflect.Value.SetBytes to a
//     subslice of the input (decoding.go, asBin and asStringByteByLength):
//     it aliases the input. Of the workloads, that is TestStruc.Byslice and
//     TestStruc.Ui8slice in nested (at every depth), the values of
//     bsontypes-binary and the Binary fields of bsontypes-document;
//   - a string decoded from bin data is converted with unsafe from such a
//     subslice (bin.go, asBinString), and bin data decoded into an
//     interface{} is such a []byte (interface.go): both alias the input,
//     but shamaton writes strings as str and has no interface{} holding a
//     []byte in any workload, so neither happens in a round trip here;
//   - strings decoded from str data (fields, map keys and values, elements
//     of slices, interface{} values) are copied with string(b), and byte
//     arrays ([12]byte object IDs) are copied element by element: person
//     and every other workload alias nothing.
//
// The library has no option to copy byte slices or strings (its options
// are StructAsArray, the complex type code, the decoded time zone and
// extension coders). Aliasing is a property of a workload's types, not of
// the codec, so the codec declares no UnsafeStrings flag and the harness
// detects aliasing per workload when it verifies a cell.
package shamaton

import (
	"github.com/shamaton/msgpack/v2"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/expect"
)

func init() {
	codec.Register(codec.NewReflect(codec.Info{
		Name:   "shamaton-msgpack",
		Format: "msgpack",
		Module: "github.com/shamaton/msgpack/v2",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.TimeZone,
			Detail: "the UTC offset is not encoded (msgpack timestamp extension -1 holds the instant only) and times are decoded in time.Local, the library's default (SetDecodedTimeAsLocal)",
		}, {
			Kind:   codec.InterfaceTypes,
			Detail: "integers in interface{} values decode as the Go type of the smallest MessagePack integer format that holds them (int64 7 as uint8, int -300 as int16, uint64 70000 as uint32)",
		}},
		Notes: "msgpack.Marshal/Unmarshal with default options; decoded byte slices ([]byte, []uint8) alias the input buffer " +
			"(nested's Byslice and Ui8slice, bsontypes-binary, bsontypes-document's Binary; the library has no option to copy them); " +
			"decoded strings are copied (a string decoded from msgpack bin data would alias, which this codec's own encoding never writes)",
		// On the generic forms of the corpora, the maps nested in
		// interface{} values decode as map[interface{}]interface{}, the
		// library's type for a msgpack map in an interface{}, where the
		// value held a map[string]interface{}.
		Expect: append([]codec.Expectation{expect.BigFloatEmptyMap("msgpack map")},
			expect.InterfaceMaps("the library's type for a map in an interface{}; it has no option for another")...),
	}, msgpack.Marshal, msgpack.Unmarshal))
}
