// Package mgobson registers gopkg.in/mgo.v2/bson, the BSON package of the
// mgo MongoDB driver (unmaintained since 2018; github.com/globalsign/mgo is
// its fork), as the codec "mgo-bson": the BSON library that go-codec-bench
// and the msgpack-against-BSON benchmark of seed 004 measured (as
// labix.org/v2/mgo/bson, its earlier import path).
//
// It is called as the package documents (bson.go: "Marshal serializes the
// in value, which may be a map or a struct value"; "Unmarshal deserializes
// data from in into the out value"): bson.Marshal of the canonical pointer
// and bson.Unmarshal into a new value.
//
// bson.Unmarshal decodes from the caller's bytes without copying them
// first, and it returns some values as slices of them (read from the
// library source, bson/decode.go, and checked per workload by
// TestAliasing):
//
//   - BSON binary data (subtype 0 or 2) decoded into a []byte ([]uint8 or
//     a byte slice type) or an interface{} is set to a slice of the input
//     (readBinary and readBytes return d.in[start:start+length], set with
//     out.SetBytes or out.Set): it aliases the input, and its capacity runs
//     to the end of the input, so appending to it overwrites the bytes
//     that follow. Of the workloads, that is TestStruc.Byslice and
//     TestStruc.Ui8slice in nested (at every depth) and the values of
//     bsontypes-binary (bsontypes-document, which also holds a []byte, is
//     not bound: see the Info);
//   - a bson.Raw, a bson.Binary of another subtype and the Raw handed to a
//     Setter alias the input too; no workload type has one;
//   - strings (readStr, readCStr: string(b)), map keys and ObjectIds (a
//     string type converted from the bytes) are copied, and byte arrays
//     are copied with reflect.Copy: person and every other workload alias
//     nothing.
//
// The library has no option to copy byte slices. The decoder neither
// modifies nor keeps its input. Aliasing is a property of a workload's
// types, not of the codec, so the codec declares no UnsafeStrings flag and
// the harness detects aliasing per workload when it verifies a cell.
//
// Its losses are those seed 004 reported ("mgo's bson serializer seems to
// drop some precision with time.Date structs": times come back truncated to
// the millisecond) and those the conformance test showed; see the Info.
package mgobson

import (
	"gopkg.in/mgo.v2/bson"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/bsonlib"
)

// uint64Refused is why mgo-bson cannot represent the workloads that hold
// uint64 values above math.MaxInt64, seen by the conformance test.
const uint64Refused = "bson.Marshal fails on a uint64 above math.MaxInt64, as the halves of a decimal128 are " +
	"(\"BSON has no uint64 type, and value is too large to fit correctly in an int64\"): " +
	"it fails on every value of bsontypes-decimal128 and on most of bsontypes-document"

// expect is what the conformance test shows mgo-bson does on particular
// workloads.
func expect() []codec.Expectation {
	out := []codec.Expectation{{
		Workload: "bigfloat", Kind: codec.ExpectMismatch,
		Why: `silently loses the number: *big.Float has no exported field and implements no interface of mgo's (only GobEncoder and TextMarshaler), so it is encoded as an empty document ({"value": {}}) and decodes as 0`,
	}, {
		Workload: "bsontypes-decimal128", Kind: codec.ExpectUnsupported, Why: uint64Refused,
	}, {
		Workload: "bsontypes-document", Kind: codec.ExpectUnsupported, Why: uint64Refused,
	}}
	return out
}

func init() {
	codec.Register(codec.New(codec.Info{
		Name:    "mgo-bson",
		Format:  "bson",
		Module:  "gopkg.in/mgo.v2",
		Package: "gopkg.in/mgo.v2/bson",
		API:     codec.Reflection,
		// The times' precision, seen on person and nested:
		// 07:31:48.167784598 decodes as 07:31:48.167.
		Losses: []codec.Loss{bsonlib.MillisecondTimes, {
			Kind:   codec.TimeZone,
			Detail: "the UTC offset is not encoded and times are decoded with time.Unix, in time.Local",
		}, {
			Kind:   codec.NilEmpty,
			Detail: "nil slices and maps are written as empty BSON arrays and documents, and decode as empty, non-nil ones",
		}, {
			Kind:   codec.InterfaceTypes,
			Detail: "numbers in interface{} values decode as the Go type of the BSON number written: integers that fit in an int32 (int, int8 to int32, uint8 to uint32; not int64) as int, other integers (int64, uint64) as int64, float32 as float64",
		}},
		Notes: "bson.Marshal/Unmarshal; decoded byte slices ([]byte, []uint8) alias the input buffer " +
			"(nested's Byslice and Ui8slice, bsontypes-binary; the library has no option to copy them); decoded strings are copied",
		Expect: expect(),
	}, bind))
}

func bind(t codec.Target) (codec.Instance, error) {
	if err := bsonlib.CheckDocument(t); err != nil {
		return nil, err
	}
	return codec.Reflect(t, bson.Marshal, bson.Unmarshal), nil
}
