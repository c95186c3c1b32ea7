// Package jsonloss holds the losses that JSON codecs share because JSON
// itself, not the library, cannot carry the information.
package jsonloss

import "github.com/serbench/serbench/codec"

// InterfaceNumbers is the loss of every JSON codec that decodes numbers in
// interface{} values the way encoding/json does: JSON has one number type,
// so the Go type a number had when it was encoded is gone.
var InterfaceNumbers = codec.Loss{
	Kind:   codec.InterfaceTypes,
	Detail: "numbers in interface{} values decode as float64, whatever their type (int8, uint64, float32, ...)",
}
