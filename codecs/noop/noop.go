// Package noop registers "noop", the floor of every table: a codec that
// does no work, so that its encode and decode times are the harness's own
// per-operation overhead (the timed loop, the interface calls, the rotation
// through the values and messages).
//
// noop is a reference measurement (codec.Info.Reference "floor"), not a
// library: it carries no data, so its round trip is not verified and tables
// never rank it. Its Encode returns the same one-byte message for every
// value and its Decode returns the same value for every message; neither
// allocates. It deliberately does nothing else: it is not a format and must
// not be used to store anything.
package noop

import (
	"reflect"

	"github.com/serbench/serbench/codec"
)

// message is the one-byte message Encode returns for every value. It is a
// package-level slice whose capacity is its length, so that returning it
// allocates nothing and an append by a caller copies it.
var message = []byte{0}

// none is what Decode returns when the target gives no way to make a value.
var none struct{}

// info is the codec's description as registered.
func info() codec.Info {
	return codec.Info{
		Name:      "noop",
		Format:    "none",
		Module:    "serbench",
		API:       codec.HandWritten,
		Reference: "floor",
		Notes: "the floor: measures the harness's per-operation overhead; Encode returns a fixed " +
			"one-byte message and Decode a fixed value, without allocating; nothing is encoded",
	}
}

func init() {
	codec.Register(codec.New(info(), bind))
}

// bind binds any target. The value Decode returns is made here, once: a
// pointer to the target's zero value, so that Canonical yields a pointer
// of the canonical type, as the contract asks, without a Decode allocating.
func bind(t codec.Target) (codec.Instance, error) {
	var decoded any = &none
	switch {
	case t.New != nil:
		decoded = t.New()
	case t.Type != nil:
		decoded = reflect.New(t.Type).Interface()
	}
	return &instance{decoded: decoded}, nil
}

// instance is noop bound to one target. Its value is shared by every
// Decode call; nothing writes to it.
type instance struct {
	decoded any
}

// Prepare returns canonical unchanged.
func (*instance) Prepare(canonical any) (any, error) { return canonical, nil }

// Encode returns the fixed one-byte message, whatever the value.
func (*instance) Encode(any) ([]byte, error) { return message, nil }

// Decode ignores data and returns the value made at bind time.
func (in *instance) Decode([]byte) (any, error) { return in.decoded, nil }

// Canonical returns decoded unchanged.
func (*instance) Canonical(decoded any) (any, error) { return decoded, nil }
