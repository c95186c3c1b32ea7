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
// bson.Unmarshal sets a []byte to a slice of its input (decode.go,
// readBytes, and setElem's out.SetBytes), so that decoded bytes would
// change when the caller reuses the buffer. Decode therefore clones its
// input for the workloads whose type holds a []byte (nested,
// bsontypes-binary, bsontypes-document), the cost of the plain, safe
// variant; strings are copied by the library.
//
// Its losses are those seed 004 reported ("mgo's bson serializer seems to
// drop some precision with time.Date structs": times come back truncated to
// the millisecond) and those the conformance test showed; see the Info.
package mgobson

import (
	"bytes"
	"reflect"
	"time"

	"github.com/serbench/serbench/codecs/internal/typewalk"

	"gopkg.in/mgo.v2/bson"

	"github.com/serbench/serbench/codec"
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
		Losses: []codec.Loss{{
			// Seen on person and nested: 07:31:48.167784598 decodes as
			// 07:31:48.167.
			Kind:      codec.TimePrecision,
			Precision: time.Millisecond,
			Detail:    "times truncated to milliseconds (BSON datetime is int64 milliseconds since the epoch)",
		}, {
			Kind:   codec.TimeZone,
			Detail: "the UTC offset is not encoded and times are decoded with time.Unix, in time.Local",
		}, {
			Kind:   codec.NilEmpty,
			Detail: "nil slices and maps are written as empty BSON arrays and documents, and decode as empty, non-nil ones",
		}, {
			Kind:   codec.InterfaceTypes,
			Detail: "numbers in interface{} values decode as the Go type of the BSON number written: integers that fit in an int32 (int, int8 to int32, uint8 to uint32; not int64) as int, other integers (int64, uint64) as int64, float32 as float64",
		}},
		Notes:  "bson.Marshal/Unmarshal; Decode clones its input for types holding a []byte, which bson.Unmarshal sets to slices of its input",
		Expect: expect(),
	}, bind))
}

func bind(t codec.Target) (codec.Instance, error) {
	if k := t.Type.Kind(); k != reflect.Struct && (k != reflect.Map || t.Type.Key().Kind() != reflect.String) {
		return nil, codec.Unsupportedf("a BSON document is a struct or a map with string keys at its top level, not %s: bson.Marshal cannot write a top-level array", t.Type)
	}
	unmarshal := bson.Unmarshal
	if typewalk.HoldsBytes(t.Type) {
		unmarshal = func(data []byte, v any) error { return bson.Unmarshal(bytes.Clone(data), v) }
	}
	return codec.Reflect(t, bson.Marshal, unmarshal), nil
}
