// Package jsonlib holds what the codecs of JSON libraries share: the loss
// that JSON itself, not the library, causes, and the registration of a
// library that marshals any Go value the way encoding/json does.
package jsonlib

import "github.com/serbench/serbench/codec"

// InterfaceNumbers is the loss of every JSON codec that decodes numbers in
// interface{} values the way encoding/json does: JSON has one number type,
// so the Go type a number had when it was encoded is gone.
var InterfaceNumbers = codec.Loss{
	Kind:   codec.InterfaceTypes,
	Detail: "numbers in interface{} values decode as float64, whatever their type (int8, uint64, float32, ...)",
}

// Register registers a JSON library used through a Marshal/Unmarshal pair
// on any Go value: a reflection codec of format "json" with info's name,
// module, notes and expectations, whose losses are info's followed by
// InterfaceNumbers.
func Register(info codec.Info, marshal func(v any) ([]byte, error), unmarshal func(data []byte, v any) error) {
	info.Format = "json"
	info.API = codec.Reflection
	info.Losses = append(info.Losses[:len(info.Losses):len(info.Losses)], InterfaceNumbers)
	codec.Register(codec.NewReflect(info, marshal, unmarshal))
}
