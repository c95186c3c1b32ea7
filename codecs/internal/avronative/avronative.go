// Package avronative holds what the codecs of github.com/linkedin/goavro
// (codecs/goavro, on goavro v2, and codecs/goavrov1) share to convert
// between the canonical values and goavro's native form: a Decoder that
// keeps the first error and the checked conversions of native values,
// arrays and maps back to Go types.
package avronative

import (
	"fmt"

	"github.com/serbench/serbench/schema"
)

// Same returns its argument as an interface{}: the element conversion of
// arrays and maps whose elements have the same type natively.
func Same[T any](v T) any { return v }

// Ident returns its argument: the element conversion, back from the native
// form, of arrays and maps whose elements have the same type natively.
func Ident[T any](v T) T { return v }

// Decoder converts a native value back, keeping the first error.
type Decoder struct {
	// Err is the first error, nil while there is none.
	Err error
}

// Fail keeps the error of format and args, unless d has one already.
func (d *Decoder) Fail(format string, args ...any) {
	if d.Err == nil {
		d.Err = fmt.Errorf(format, args...)
	}
}

// As returns v as a T, or fails naming what v is. A nil v, which goavro
// decodes only where the schema has a null (in a union), is the zero T.
func As[T any](d *Decoder, v any, what string) T {
	t, ok := v.(T)
	if !ok && v != nil {
		d.Fail("%s is a %T, want %T", what, v, t)
	}
	return t
}

// Slice returns the native array v as a []T, f converting each element;
// nil stays nil.
func Slice[T, N any](d *Decoder, v any, what string, f func(N) T) []T {
	return schema.Slice(As[[]any](d, v, what), func(e any) T { return f(As[N](d, e, what)) })
}

// Map returns the native map v as a map[string]T, f converting each
// value; nil stays nil.
func Map[T, N any](d *Decoder, v any, what string, f func(N) T) map[string]T {
	return schema.Map(As[map[string]any](d, v, what), func(e any) T { return f(As[N](d, e, what)) })
}
