// Package bson registers go.mongodb.org/mongo-driver/v2/bson, the BSON
// implementation of the official MongoDB Go driver, as the codec "bson".
package bson

import (
	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/bsonlib"
	"github.com/serbench/serbench/codecs/internal/expect"
)

// genericTypes are the known mismatches on the generic forms of the
// corpora, seen by the conformance test: with the default registry, the
// documents and arrays nested in interface{} values decode as bson.D and
// bson.A, not as the map[string]interface{} and []interface{} the value
// held.
func genericTypes() []codec.Expectation {
	return expect.GenericCorpora(codec.ExpectMismatch, "changes the types nested in the document: with the default registry, objects in interface{} values decode as bson.D "+
		"(an ordered slice of key-value pairs) and arrays as bson.A, not as map[string]interface{} and []interface{}; keys, order of arrays and elements are kept")
}

func init() {
	codec.Register(codec.New(codec.Info{
		Name:    "bson",
		Format:  "bson",
		Module:  "go.mongodb.org/mongo-driver/v2",
		Package: "go.mongodb.org/mongo-driver/v2/bson",
		API:     codec.Reflection,
		Losses: []codec.Loss{bsonlib.MillisecondTimes, {
			Kind:   codec.TimeZone,
			Detail: "the UTC offset is not encoded and times are decoded in UTC",
		}, {
			Kind:   codec.InterfaceTypes,
			Detail: "numbers in interface{} values decode as BSON's number types: int, int8 and uint16 as int32, uint64 as int64, float32 as float64 (int32, int64 and float64 are kept)",
		}},
		Notes: "bson.Marshal/Unmarshal with the default registry",
		Expect: append([]codec.Expectation{{
			Workload: "bigfloat", Kind: codec.ExpectMismatch,
			Why: `silently loses the number: *big.Float is encoded as an empty embedded document ({"value": {}}) and decodes as 0`,
		}}, genericTypes()...),
	}, func(t codec.Target) (codec.Instance, error) {
		if err := bsonlib.CheckDocument(t); err != nil {
			return nil, err
		}
		return codec.Reflect(t, bson.Marshal, bson.Unmarshal), nil
	}))
}
