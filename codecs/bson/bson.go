// Package bson registers go.mongodb.org/mongo-driver/v2/bson, the BSON
// implementation of the official MongoDB Go driver, as the codec "bson".
package bson

import (
	"reflect"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/serbench/serbench/codec"
)

func init() {
	codec.Register(codec.New(codec.Info{
		Name:    "bson",
		Format:  "bson",
		Module:  "go.mongodb.org/mongo-driver/v2",
		Package: "go.mongodb.org/mongo-driver/v2/bson",
		API:     codec.Reflection,
		Losses: []codec.Loss{{
			Kind:      codec.TimePrecision,
			Precision: time.Millisecond,
			Detail:    "times truncated to milliseconds (BSON datetime is int64 milliseconds since the epoch)",
		}, {
			Kind:   codec.TimeZone,
			Detail: "the UTC offset is not encoded and times are decoded in UTC",
		}, {
			Kind:   codec.InterfaceTypes,
			Detail: "numbers in interface{} values decode as BSON's number types: int, int8 and uint16 as int32, uint64 as int64, float32 as float64 (int32, int64 and float64 are kept)",
		}},
		Notes: "bson.Marshal/Unmarshal with the default registry",
		Expect: []codec.Expectation{{
			Workload: "bigfloat", Kind: codec.ExpectMismatch,
			Why: `silently loses the number: *big.Float is encoded as an empty embedded document ({"value": {}}) and decodes as 0`,
		}},
	}, func(t codec.Target) (codec.Instance, error) {
		if t.Type.Kind() != reflect.Struct {
			return nil, codec.Unsupportedf("a BSON document is a struct or map at its top level, not %s: bson.Marshal cannot write a top-level array", t.Type)
		}
		return codec.Reflect(t, bson.Marshal, bson.Unmarshal), nil
	}))
}
