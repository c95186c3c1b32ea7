// Package bsonlib holds what the codecs of BSON libraries share: the loss
// that BSON's datetime itself, not the library, causes, and the check that
// a workload's type can be a BSON document.
package bsonlib

import (
	"reflect"
	"time"

	"github.com/serbench/serbench/codec"
)

// MillisecondTimes is the loss of every BSON codec that writes a time.Time
// as a BSON datetime: int64 milliseconds since the epoch.
var MillisecondTimes = codec.Loss{
	Kind:      codec.TimePrecision,
	Precision: time.Millisecond,
	Detail:    "times truncated to milliseconds (BSON datetime is int64 milliseconds since the epoch)",
}

// CheckDocument returns nil when t's type can be a BSON document at the
// top level, a struct or a map with string keys, and else an error
// wrapping codec.ErrUnsupported: bson.Marshal cannot write a top-level
// array.
func CheckDocument(t codec.Target) error {
	if k := t.Type.Kind(); k != reflect.Struct && (k != reflect.Map || t.Type.Key().Kind() != reflect.String) {
		return codec.Unsupportedf("a BSON document is a struct or a map with string keys at its top level, not %s: bson.Marshal cannot write a top-level array", t.Type)
	}
	return nil
}
