package schema

import "slices"

// The helpers of this file convert slices, maps and interface{} values
// between the canonical Go types and the types of the generated code, as
// the mapping (README.md) has it, for the codecs of every schema language.
// The slice and map helpers return new slices and maps, nil for nil and
// empty for empty, and share no memory with their argument, except
// PointersTo, which points into it. Those that can fail return where (an
// index, a key) with the error, and leave the message, which names the
// field, to the caller.

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

// NumbersOrNil is Numbers with nil for an empty s: the canonical value of
// a list that a decoder returns empty where it was nil (the encoding does
// not tell them apart).
func NumbersOrNil[To, From Number](s []From) []To {
	if len(s) == 0 {
		return nil
	}
	return Numbers[To](s)
}

// OrNil returns s, or nil when s is empty, sharing it: as NumbersOrNil,
// for a list whose element type is the same in both.
func OrNil[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// MapOrNil is OrNil for a map.
func MapOrNil[K comparable, V any](m map[K]V) map[K]V {
	if len(m) == 0 {
		return nil
	}
	return m
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
	return PointersTo(slices.Clone(s))
}

// PointersTo returns pointers to the elements of s itself, sharing them:
// nil for nil, empty for empty. It is the []*int64 of a list of int64
// where the canonical value may share memory with the generated one, and
// a list of pointers to structs, as Colfer has them.
func PointersTo[T any](s []T) []*T {
	if s == nil {
		return nil
	}
	out := make([]*T, len(s))
	for i := range s {
		out[i] = &s[i]
	}
	return out
}

// Single returns the element of a list of at most one element, the form
// of a pointer field (*int64) in a schema that has no optional fields: a
// pointer to a copy of it, nil for an empty list, and false for a longer
// list, which no such field holds.
func Single[T any](s []T) (p *T, ok bool) {
	switch len(s) {
	case 0:
		return nil, true
	case 1:
		v := s[0]
		return &v, true
	}
	return nil, false
}

// List returns the list of at most one element of the pointer p, the
// inverse of Single: a new list of a copy of *p, nil for nil.
func List[T any](p *T) []T {
	if p == nil {
		return nil
	}
	return []T{*p}
}

// Deref returns *p and err, or the zero T and err when err is not nil:
// the result of a conversion that returns a pointer (to a new TestStruc),
// where the value is wanted.
func Deref[T any](p *T, err error) (T, error) {
	if err != nil {
		var zero T
		return zero, err
	}
	return *p, nil
}

// ListErr returns the list of the one element f(p), the inverse of
// SingleErr: nil for a nil p, and nil and f's error when f fails. It
// converts an optional child (a *TestStruc) in a schema that has no
// optional fields.
func ListErr[T, U any](p *T, f func(*T) (U, error)) ([]U, error) {
	if p == nil {
		return nil, nil
	}
	u, err := f(p)
	if err != nil {
		return nil, err
	}
	return []U{u}, nil
}

// SingleErr is Single with f converting the element, from a pointer to it:
// the zero U for an empty list, the zero U and f's error when f fails, and
// false for a longer list, which no such field holds.
func SingleErr[T, U any](s []T, f func(*T) (U, error)) (u U, ok bool, err error) {
	switch len(s) {
	case 0:
		return u, true, nil
	case 1:
		if u, err = f(&s[0]); err != nil {
			var zero U
			return zero, true, err
		}
		return u, true, nil
	}
	return u, false, nil
}

// Slice returns f applied to every element of s: nil for nil, empty for
// empty. It converts elements that Numbers cannot (a type of the generated
// code, a checked narrowing, an interface{} of a native form).
func Slice[T, U any](s []T, f func(T) U) []U {
	if s == nil {
		return nil
	}
	out := make([]U, len(s))
	for i, v := range s {
		out[i] = f(v)
	}
	return out
}

// Map returns a map of f applied to every value of m: nil for nil, empty
// for empty.
func Map[K comparable, T, U any](m map[K]T, f func(T) U) map[K]U {
	if m == nil {
		return nil
	}
	out := make(map[K]U, len(m))
	for k, v := range m {
		out[k] = f(v)
	}
	return out
}

// SliceErr is Slice for a conversion that can fail, such as that of an
// interface{} value or of a child TestStruc. At the first element f fails
// on, it returns nil, the element's index and f's error, for the caller's
// message (which names the field).
func SliceErr[T, U any](s []T, f func(T) (U, error)) (out []U, at int, err error) {
	if s == nil {
		return nil, 0, nil
	}
	out = make([]U, len(s))
	for i, v := range s {
		if out[i], err = f(v); err != nil {
			return nil, i, err
		}
	}
	return out, 0, nil
}

// PointerErr returns f(p), or the zero U for a nil p: the conversion of an
// optional child (a *TestStruc) where the generated type has a pointer for
// it too.
func PointerErr[T, U any](p *T, f func(*T) (U, error)) (U, error) {
	if p == nil {
		var zero U
		return zero, nil
	}
	return f(p)
}

// SlicePtrErr is SliceErr with f taking a pointer to each element of s, not
// a copy: for a slice of the structs of the generated code, which are large.
func SlicePtrErr[T, U any](s []T, f func(*T) (U, error)) (out []U, at int, err error) {
	if s == nil {
		return nil, 0, nil
	}
	out = make([]U, len(s))
	for i := range s {
		if out[i], err = f(&s[i]); err != nil {
			return nil, i, err
		}
	}
	return out, 0, nil
}

// MapErr is Map for a conversion that can fail. At the first value f fails
// on, it returns nil, the value's key and f's error, for the caller's
// message.
func MapErr[K comparable, T, U any](m map[K]T, f func(T) (U, error)) (out map[K]U, at K, err error) {
	if m == nil {
		return nil, at, nil
	}
	out = make(map[K]U, len(m))
	for k, v := range m {
		if out[k], err = f(v); err != nil {
			return nil, k, err
		}
	}
	return out, at, nil
}

// MapPtrErr is MapErr with f taking a pointer to a copy of each value of
// m: for a map of structs, which a conversion takes by pointer.
func MapPtrErr[K comparable, T, U any](m map[K]T, f func(*T) (U, error)) (out map[K]U, at K, err error) {
	if m == nil {
		return nil, at, nil
	}
	out = make(map[K]U, len(m))
	for k, v := range m {
		if out[k], err = f(&v); err != nil {
			return nil, k, err
		}
	}
	return out, at, nil
}

// NilAt returns the index of the first nil pointer of s, or -1: a
// *TestStruc child that a list of TestStruc cannot hold, for the caller's
// error.
func NilAt[T any](s []*T) int {
	for i, p := range s {
		if p == nil {
			return i
		}
	}
	return -1
}

// NilKey returns a key of m whose value is a nil pointer, and true, or
// false when m has none: a *TestStruc child that a map of TestStruc cannot
// hold, for the caller's error.
func NilKey[K comparable, T any](m map[K]*T) (key K, ok bool) {
	for k, p := range m {
		if p == nil {
			return k, true
		}
	}
	return key, false
}

// Signed returns the int64 of an interface{} value that holds a signed
// integer (int, int8, int16, int32, int64), the branch of the Value union
// (README.md) that holds them all, and false for any other value.
func Signed(v any) (int64, bool) {
	switch x := v.(type) {
	case int:
		return int64(x), true
	case int8:
		return int64(x), true
	case int16:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	}
	return 0, false
}

// Unsigned returns the uint64 of an interface{} value that holds an
// unsigned integer (uint, uint8, uint16, uint32, uint64), the branch of
// the Value union that holds them all, and false for any other value.
func Unsigned(v any) (uint64, bool) {
	switch x := v.(type) {
	case uint:
		return uint64(x), true
	case uint8:
		return uint64(x), true
	case uint16:
		return uint64(x), true
	case uint32:
		return uint64(x), true
	case uint64:
		return x, true
	}
	return 0, false
}

// The kinds of a Union: which of its fields holds the value, as
// schema/nested.benc and schema/nested.colf number them.
const (
	KindNil = iota
	KindString
	KindBool
	KindInt
	KindUint
	KindFloat32
	KindFloat64
)

// Union is the Value union (README.md) as a struct with one field per
// branch, Kind saying which one holds the value. The Value types that benc
// and Colfer generate from nested.benc and nested.colf have these fields,
// of these types, in this order, each with its own type of Kind (K), so
// that their codecs convert with a Go conversion, gen.Value(u), and share
// UnionOf and Value.
type Union[K ~int | ~uint8] struct {
	Kind K
	S    string
	B    bool
	I    int64
	U    uint64
	F32  float32
	F64  float64
}

// UnionOf returns the Union holding the interface{} value v, and false
// when the union has no branch for v's dynamic type.
func UnionOf[K ~int | ~uint8](v any) (u Union[K], ok bool) {
	switch x := v.(type) {
	case nil:
		u.Kind = KindNil
	case string:
		u.Kind, u.S = KindString, x
	case bool:
		u.Kind, u.B = KindBool, x
	case float32:
		u.Kind, u.F32 = KindFloat32, x
	case float64:
		u.Kind, u.F64 = KindFloat64, x
	default:
		if u.I, ok = Signed(v); ok {
			u.Kind = KindInt
		} else if u.U, ok = Unsigned(v); ok {
			u.Kind = KindUint
		}
		return u, ok
	}
	return u, true
}

// Value returns the interface{} value that u holds: nil, a string, a bool,
// an int64, a uint64, a float32 or a float64. It returns false for a Kind
// that is none of the union's.
func (u Union[K]) Value() (any, bool) {
	switch u.Kind {
	case KindNil:
		return nil, true
	case KindString:
		return u.S, true
	case KindBool:
		return u.B, true
	case KindInt:
		return u.I, true
	case KindUint:
		return u.U, true
	case KindFloat32:
		return u.F32, true
	case KindFloat64:
		return u.F64, true
	}
	return nil, false
}
