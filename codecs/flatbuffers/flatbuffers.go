// Package flatbuffers registers FlatBuffers (github.com/google/flatbuffers,
// the Go runtime, with code that flatc 2.0.8 generates from schema/*.fbs
// into internal/gen/fbs) as the codecs "flatbuffers" and
// "flatbuffers-reuse", for the person, nested and floats workloads and the
// typed corpora workloads twitter, citm and canada (schema/twitter.fbs,
// citm.fbs, canada.fbs; twitter.go, citm.go, canada.go).
//
// Encode builds the buffer straight from the canonical value with a
// flatbuffers.Builder, the way the FlatBuffers documentation builds one:
// strings, vectors and child tables first (the builder writes back to
// front and cannot nest objects), then the table with the generated
// XStart/XAddField/XEnd functions, then Finish, and FinishedBytes is the
// result. There is no intermediate Go type: flatc's object API
// (--gen-object-api, PersonT and Pack) would add one, a copy of the data
// that an application holding its own Go types would not make when it
// writes FlatBuffers with the builder, so the builder API is both the
// documented and the fair choice. Prepare and Canonical therefore return
// their argument, and no "+convert" variant is registered: building the
// buffer from the application's values is the encoding.
//
//   - "flatbuffers" makes a new Builder for every Encode with
//     flatbuffers.NewBuilder(1024), the initial size of the FlatBuffers
//     tutorial (docs/source/tutorial.md, "Go": "// Construct a Builder with
//     1024 byte backing array." / "builder := flatbuffers.NewBuilder(1024)";
//     "The builder will automatically resize the backing buffer when
//     necessary"), so the caller owns the returned bytes. The builder grows
//     by doubling past 1024 bytes: a person message fits, a nested one
//     (4.4 to 5.6 KiB) grows three times, a message of the floats workload
//     (4 bytes a value) many times.
//   - "flatbuffers-reuse" keeps one Builder per instance, made as above,
//     and calls Builder.Reset before each Encode ("Reset truncates the
//     underlying Builder buffer, facilitating alloc-free reuse of a
//     Builder", its doc comment in go/builder.go); the returned bytes are
//     the builder's and are overwritten by the next Encode
//     (Flags.BufferReuse). Its buffer keeps the size of the largest
//     message so far, so after the first encodes it no longer grows.
//
// An earlier "flatbuffers" sized each new builder by an estimate of the
// workload's messages (256 bytes for person, 8 KiB for nested, the exact
// size for floats). That tuning is gone rather than kept as a variant: it
// used knowledge of the benchmark's messages that an application does not
// have in general, no other codec gets a per-workload size hint, and a
// second plain row would show it in every default table; the reuse
// variant already shows the cost of a builder that never grows.
//
// Decode is a full decode: GetRootAsX, then every field is read with the
// generated accessors into a new canonical value, as a user of the
// generated code reads it. What the value shares with the input (read from
// the library source, go/table.go, and the generated code, internal/gen/fbs,
// and checked per workload by TestAliasing):
//
//   - a [ubyte] field's XBytes accessor returns Table.ByteVector,
//     t.Bytes[start:start+length], a slice of the input, which Decode
//     keeps as the decoded []byte (nil when the field is absent, as the
//     accessor returns it): it aliases the input, and its capacity runs to
//     the end of the input, so appending to it overwrites the bytes that
//     follow. Of the workloads, that is TestStruc.Byslice and
//     TestStruc.Ui8slice in nested (at every depth; Nslice is always nil),
//     in both codecs;
//   - the generated accessors of string fields return []byte slices of the
//     input too, which Decode converts to the canonical value's strings
//     (string(b), a copy, as any user needing a Go string does); every
//     other vector is read element by element into a new slice: person,
//     floats and the corpora alias nothing.
//
// The library has no accessor that copies a byte vector, and the reader
// does not modify its input. Aliasing is a property of a workload's types,
// not of the codec, so the codecs declare no UnsafeStrings flag and the
// harness detects aliasing per workload when it verifies a cell. Access
// (codec.Accessor, for
// person and nested) reads the workload's three access fields with the
// generated accessors straight from the bytes (GetRootAsPerson(data,
// 0).Name(), ...) and decodes nothing else. The corpora workloads define
// no access fields, so their instances have no Access.
//
// The mapping is that of schema/README.md. An absent vector field is a nil
// slice or map and a present one, even empty, a non-nil one, so nil and
// empty stay apart: the generated Go API has a presence test only for byte
// vectors (XBytes returns nil), so Decode asks the table's vtable
// (flatbuffers.Table.Offset) for the other vector fields, with the vtable
// slots of the generated code (slots.go; a test checks them against it).
// Numbers in interface{} values come back as int64, uint64, float32 or
// float64 (the Value table of schema/nested.fbs), which is the one declared
// loss, interface-types. The zero time.Time, whose Unix nanoseconds do not
// fit an int64, is written as math.MinInt64 nanoseconds (see schema.SplitTime, schema/time.go).
//
// The corpora keep every null apart from the zero value, so they declare
// no loss: a nil *string is an absent string field and a non-nil one a
// present string, possibly empty, which Decode tells apart with the
// vtable (stringField, slots.go); a nil *int64 or *bool is an absent
// FlatBuffers optional scalar (`x: long = null;`, which flatc 2.0.8's Go
// generator supports: the accessor returns nil when the field is absent,
// and the XAddY function always writes the field, so a present zero or
// false is kept); a nil child pointer (RetweetedStatus, a user's entities
// URL) is an absent table; nil and empty slices are absent and present
// vectors, as above, in every table. The `any` fields, null in every
// record of the corpora (Twitter's Geo, Coordinates, Place, Contributors;
// CITM's Name and SeatMapImage), are [ubyte] fields holding the value's
// JSON text (encoding/json), absent for nil: Decode gives nil for an
// absent field and otherwise json.Unmarshal's value in an any (a value
// encoding/json cannot write is an Encode error). Canada's [2]float64
// positions are the struct CanadaPosition in a CanadaRing table, CITM's prices the
// struct CITMPrice; vectors of structs are written in place.
//
// FlatBuffers' Go runtime has no verifier: malformed input makes the
// accessors panic (index out of range), which codec.Call turns into an
// error. The package does not time anything itself.
package flatbuffers

import (
	"encoding/json"
	"fmt"
	"reflect"

	fb "github.com/google/flatbuffers/go"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/workload"
)

var (
	personType  = reflect.TypeFor[workload.Person]()
	nestedType  = reflect.TypeFor[workload.TestStruc]()
	floatsType  = reflect.TypeFor[[]float32]()
	twitterType = reflect.TypeFor[workload.TwitterStatus]()
	citmType    = reflect.TypeFor[workload.CITMPerformance]()
	canadaType  = reflect.TypeFor[workload.CanadaFeature]()
)

// builderSize is the initial size of every Builder: 1024 bytes, that of
// the FlatBuffers tutorial ("Construct a Builder with 1024 byte backing
// array.", docs/source/tutorial.md).
const builderSize = 1024

var interfaceTypes = codec.Loss{
	Kind: codec.InterfaceTypes,
	Detail: "numbers in interface{} values are written in the Value table of schema/nested.fbs as a signed 64-bit integer " +
		"(int, int8, int16, int32, int64), an unsigned one (every unsigned type), a float or a double, " +
		"and decode as int64, uint64, float32 or float64",
}

func init() {
	codec.Register(codec.New(codec.Info{
		Name:    "flatbuffers",
		Format:  "flatbuffers",
		Module:  "github.com/google/flatbuffers",
		Package: "github.com/google/flatbuffers/go",
		API:     codec.CodeGen,
		Losses:  []codec.Loss{interfaceTypes},
		Notes: "flatc 2.0.8 --go code (internal/gen/fbs); a new flatbuffers.NewBuilder(1024) per Encode (the tutorial's size), built from the canonical value " +
			"(no object API); Decode reads every field with the generated accessors; Access reads three fields from the bytes (person, nested); " +
			"corpora (twitter, citm, canada): null *string = absent string, null *int64/*bool = absent optional scalar (= null), " +
			"the always-null any fields = [ubyte] JSON text, absent for nil; " +
			"decoded byte slices ([ubyte] accessors) alias the input buffer (nested's Byslice and Ui8slice; the library has no accessor that copies them); decoded strings are copied",
	}, func(t codec.Target) (codec.Instance, error) { return bind(t, false) }))

	codec.Register(codec.New(codec.Info{
		Name:    "flatbuffers-reuse",
		Format:  "flatbuffers",
		Module:  "github.com/google/flatbuffers",
		Package: "github.com/google/flatbuffers/go",
		API:     codec.CodeGen,
		Flags:   codec.Flags{BufferReuse: true},
		Losses:  []codec.Loss{interfaceTypes},
		Notes: "as flatbuffers, but one flatbuffers.NewBuilder(1024) per instance, Reset before each Encode: " +
			"the returned bytes are overwritten by the next Encode",
	}, func(t codec.Target) (codec.Instance, error) { return bind(t, true) }))
}

// bind returns the instance for t's workload; with reuse, all its encodes
// share one builder.
func bind(t codec.Target, reuse bool) (codec.Instance, error) {
	var shared *encoder
	if reuse {
		shared = &encoder{b: fb.NewBuilder(builderSize)}
	}
	// enc returns the encoder for one Encode.
	enc := func() *encoder {
		if shared == nil {
			return &encoder{b: fb.NewBuilder(builderSize)}
		}
		shared.b.Reset()
		shared.offs = shared.offs[:0]
		return shared
	}
	switch t.Type {
	case personType:
		return codec.WithAccess(codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) { return enc().person(v.(*workload.Person)) },
			DecodeFunc: func(data []byte) (any, error) { return decodePerson(data), nil },
		}, accessPerson), nil
	case nestedType:
		return codec.WithAccess(codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) {
				e := enc()
				return e.finishOr(e.testStruc(v.(*workload.TestStruc)))
			},
			DecodeFunc: func(data []byte) (any, error) { return decodeNested(data), nil },
		}, accessNested), nil
	case floatsType:
		return codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) { return enc().floats(*v.(*[]float32)), nil },
			DecodeFunc: func(data []byte) (any, error) { return decodeFloats(data), nil },
		}, nil
	case twitterType:
		return codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) {
				e := enc()
				return e.finishOr(e.twitterStatus(v.(*workload.TwitterStatus)))
			},
			DecodeFunc: func(data []byte) (any, error) { return decodeTwitter(data) },
		}, nil
	case citmType:
		return codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) { return enc().citm(v.(*workload.CITMPerformance)) },
			DecodeFunc: func(data []byte) (any, error) { return decodeCITM(data) },
		}, nil
	case canadaType:
		return codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) { return enc().canada(v.(*workload.CanadaFeature)), nil },
			DecodeFunc: func(data []byte) (any, error) { return decodeCanada(data), nil },
		}, nil
	}
	return nil, codec.Unsupportedf("flatbuffers has schemas (schema/*.fbs) for the person, nested, floats, twitter, citm and canada workloads only, not %s (%s)", t.Workload, t.Type)
}

// encoder builds one message.
type encoder struct {
	b *fb.Builder
	// offs is a stack of the offsets of the elements of the vectors of
	// tables or strings being built: an element's offset is known before
	// the vector can be started, and nested vectors push above it.
	offs []fb.UOffsetT
}

// finish finishes the buffer with root as its root table and returns it.
func (e *encoder) finish(root fb.UOffsetT) []byte {
	e.b.Finish(root)
	return e.b.FinishedBytes()
}

// finishOr is finish for a root table whose writer can fail: it returns
// err, if any, and otherwise the finished buffer.
func (e *encoder) finishOr(root fb.UOffsetT, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return e.finish(root), nil
}

// startVector is a generated XStartFieldVector function.
type startVector = func(*fb.Builder, int) fb.UOffsetT

// vectorOfOffsets writes the offsets pushed on e.offs since mark as a
// vector started by start (a generated XStartFieldVector function), pops
// them and returns the vector's offset.
func (e *encoder) vectorOfOffsets(mark int, start startVector) fb.UOffsetT {
	offs := e.offs[mark:]
	start(e.b, len(offs))
	for i := len(offs) - 1; i >= 0; i-- {
		e.b.PrependUOffsetT(offs[i])
	}
	e.offs = e.offs[:mark]
	return e.b.EndVector(len(offs))
}

// checkedTables writes the elements of s with write, each a table whose
// offset write returns, then the vector of their offsets started by
// start; it returns 0 (no field) for a nil s, and stops at the first
// error. write may push and pop offsets of its own on e.offs.
func checkedTables[T any](e *encoder, s []T, start startVector, write func(*encoder, T) (fb.UOffsetT, error)) (fb.UOffsetT, error) {
	if s == nil {
		return 0, nil
	}
	mark := len(e.offs)
	for _, x := range s {
		off, err := write(e, x)
		if err != nil {
			return 0, err
		}
		e.offs = append(e.offs, off)
	}
	return e.vectorOfOffsets(mark, start), nil
}

// entries writes the entries of m with write, each an entry table of key
// and value whose offset write returns, then the vector of their offsets
// started by start; it returns 0 (no field) for a nil m, and stops at the
// first error.
func entries[V any](e *encoder, m map[string]V, start startVector, write func(*encoder, string, V) (fb.UOffsetT, error)) (fb.UOffsetT, error) {
	if m == nil {
		return 0, nil
	}
	mark := len(e.offs)
	for k, x := range m {
		off, err := write(e, k, x)
		if err != nil {
			return 0, err
		}
		e.offs = append(e.offs, off)
	}
	return e.vectorOfOffsets(mark, start), nil
}

// strings writes s as a vector of strings, or returns 0 (no field) for a
// nil s.
func (e *encoder) strings(s []string, start startVector) fb.UOffsetT {
	if s == nil {
		return 0
	}
	mark := len(e.offs)
	for _, x := range s {
		e.offs = append(e.offs, e.b.CreateString(x))
	}
	return e.vectorOfOffsets(mark, start)
}

// scalars writes s as a vector of scalars, prepending each element with
// put (a Builder.PrependX method), or returns 0 (no field) for a nil s.
func scalars[T any](b *fb.Builder, s []T, start startVector, put func(T)) fb.UOffsetT {
	if s == nil {
		return 0
	}
	start(b, len(s))
	for i := len(s) - 1; i >= 0; i-- {
		put(s[i])
	}
	return b.EndVector(len(s))
}

// byteVector writes s as a [ubyte] vector, or returns 0 (no field) for a
// nil s.
func byteVector(b *fb.Builder, s []byte) fb.UOffsetT {
	if s == nil {
		return 0
	}
	return b.CreateByteVector(s)
}

// present reports whether the table has the field of vtable slot.
func present(t fb.Table, slot fb.VOffsetT) bool { return t.Offset(slot) != 0 }

// vector reads a vector field of n elements with at (a generated accessor)
// into a new slice; nil when the field is absent.
func vector[T any](t fb.Table, slot fb.VOffsetT, n int, at func(int) T) []T {
	if !present(t, slot) {
		return nil
	}
	s := make([]T, n)
	for j := range s {
		s[j] = at(j)
	}
	return s
}

// readTables reads a vector of n tables of type T with at (a generated
// accessor), each into a new element with read; nil when the field is
// absent.
func readTables[T, E any](t fb.Table, slot fb.VOffsetT, n int, at func(*T, int) bool, read func(*T, *E)) []E {
	if !present(t, slot) {
		return nil
	}
	s := make([]E, n)
	var x T
	for j := range s {
		at(&x, j)
		read(&x, &s[j])
	}
	return s
}

// stringVector reads a vector of strings, copying each; nil when absent.
func stringVector(t fb.Table, slot fb.VOffsetT, n int, at func(int) []byte) []string {
	if !present(t, slot) {
		return nil
	}
	s := make([]string, n)
	for j := range s {
		s[j] = string(at(j))
	}
	return s
}

// optString writes *s as a string, or returns 0 (no field) for a nil s.
func optString(b *fb.Builder, s *string) fb.UOffsetT {
	if s == nil {
		return 0
	}
	return b.CreateString(*s)
}

// stringField reads a string field that is absent for a nil *string:
// nil when the table has no field at slot, else a copy of s (the
// generated accessor's result).
func stringField(t fb.Table, slot fb.VOffsetT, s []byte) *string {
	if !present(t, slot) {
		return nil
	}
	x := string(s)
	return &x
}

// anyJSON writes an `any` field of the corpora (null in every record) as a
// [ubyte] vector of its JSON text (encoding/json), or returns 0 (no field)
// for nil; field names the field in errors.
func anyJSON(b *fb.Builder, field string, v any) (fb.UOffsetT, error) {
	if v == nil {
		return 0, nil
	}
	text, err := json.Marshal(v)
	if err != nil {
		return 0, fmt.Errorf("flatbuffers: %s: %w", field, err)
	}
	return b.CreateByteVector(text), nil
}

// anyOf decodes the JSON text of an `any` field as encoding/json decodes
// into an `any`; nil for an absent field (nil text).
func anyOf(field string, text []byte) (any, error) {
	if text == nil {
		return nil, nil
	}
	var v any
	if err := json.Unmarshal(text, &v); err != nil {
		return nil, fmt.Errorf("flatbuffers: %s: %w", field, err)
	}
	return v, nil
}
