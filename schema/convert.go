package schema

// The helpers of this file convert slices between the canonical Go types
// and the types of the generated code, as the mapping (README.md) has it,
// for the codecs of every schema language. They convert types and share
// nothing with their argument; nil stays nil and empty stays empty.

// Number is the constraint of the Go number types of the canonical values
// and of the generated code.
type Number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64
}

// Numbers returns s with every element converted to To, as a schema
// widens a Go integer or float type to one of its own and back. The
// conversions are Go's: between integers they keep the low bits, so uint
// and uint64 become the int64 of the same 64 bits and come back from it.
func Numbers[To, From Number](s []From) []To {
	if s == nil {
		return nil
	}
	out := make([]To, len(s))
	for i, v := range s {
		out[i] = To(v)
	}
	return out
}

// Values returns the values the pointers of s point to ([]*int64 is a
// list of int64 in every schema), and -1. When an element is nil, which no
// such list holds, it returns nil and the index of the first nil element
// instead, for the caller's error.
func Values[T any](s []*T) (values []T, nilAt int) {
	if s == nil {
		return nil, -1
	}
	out := make([]T, len(s))
	for i, p := range s {
		if p == nil {
			return nil, i
		}
		out[i] = *p
	}
	return out, -1
}

// Pointers returns pointers to the elements of one new copy of s: the
// canonical []*int64 of a list of int64.
func Pointers[T any](s []T) []*T {
	if s == nil {
		return nil
	}
	vals := append([]T(nil), s...)
	out := make([]*T, len(vals))
	for i := range vals {
		out[i] = &vals[i]
	}
	return out
}
