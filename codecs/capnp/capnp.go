// Package capnp registers Cap'n Proto (capnproto.org/go/capnp/v3, with code
// that capnp 0.9.2 and capnpc-go v3.1.0-alpha.1 generate from
// schema/*.capnp into internal/gen/capnp) as the codecs "capnp" and
// "capnp-packed", for the person, nested and floats workloads.
//
// Encode builds a message the way the capnp documentation does:
// capnp.NewMessage(capnp.SingleSegment(nil)), gen.NewRootPerson(seg) (or
// NewRootTestStruc, NewRootFloats), the generated setters (SetName,
// NewTags, ...) straight from the canonical value, then msg.Marshal()
// ("capnp", the standard framing) or msg.MarshalPacked() ("capnp-packed",
// the packing compression of the Cap'n Proto encoding spec). Both return a
// new slice that the caller owns; the message is then released
// (msg.Release), which hands its arena back to the library's pools, as its
// documentation suggests for fewer allocations. A capnp struct is a view of
// a message, not a Go value that could be converted ahead of time, so
// building the message from the application's values is the encoding:
// Prepare and Canonical return their argument and there is no "+convert"
// variant.
//
// Decode is a full decode: capnp.Unmarshal (or capnp.UnmarshalPacked),
// gen.ReadRootX, and every field read with the generated getters into a new
// canonical value; text is copied by the getters and data is copied here,
// so nothing aliases the input. Access (codec.Accessor, for person and
// nested) unmarshals (which for "capnp" only frames the bytes, copying
// nothing; "capnp-packed" must unpack the whole message first) and reads
// the workload's three access fields with the generated getters, decoding
// nothing else.
//
// Read limits. capnp-go counts the bytes of every struct and list that a
// reader obtains against Message.TraverseLimit (64 MiB by default) and
// stops following pointers deeper than Message.DepthLimit (64), against
// amplification attacks and stack exhaustion. A full decode obtains each
// object once, so it traverses about the message's size: Decode and Access
// raise TraverseLimit to 4 times the message size when that is above the
// default (the default covers the 4 MB message of the floats workload's
// 1,000,000 values; nested messages grow about 3.2 times per --depth level,
// 4.8 KB at depth 1 and 49 KB at depth 3, and pass 64 MiB at depth 10). The depth limit is kept: each level of
// nested costs 3 pointers (list, entry, child), so 64 allows about 20
// levels, far beyond what fits in memory.
//
// The mapping is that of schema/README.md. A null list, data or struct
// pointer is a nil slice, map or pointer, and a non-null one (even of
// length 0) a non-nil one (the generated HasX methods tell them apart), so
// nil and empty stay apart. Numbers in interface{} values come back as
// int64, uint64, float32 or float64 (the Value union of
// schema/nested.capnp), which is the one declared loss, interface-types.
// The zero time.Time, whose Unix nanoseconds do not fit an int64, is
// written as math.MinInt64 nanoseconds (see schema.SplitTime, schema/time.go).
//
// The package does not time anything itself.
package capnp

import (
	"errors"
	"reflect"

	"capnproto.org/go/capnp/v3"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/workload"
)

var (
	personType = reflect.TypeFor[workload.Person]()
	nestedType = reflect.TypeFor[workload.TestStruc]()
	floatsType = reflect.TypeFor[[]float32]()
)

var interfaceTypes = codec.Loss{
	Kind: codec.InterfaceTypes,
	Detail: "numbers in interface{} values are written in the Value union of schema/nested.capnp as an Int64 " +
		"(int, int8, int16, int32, int64), a UInt64 (every unsigned type), a Float32 or a Float64, " +
		"and decode as int64, uint64, float32 or float64",
}

// framing is one of the two serializations of a message, and the codec
// registered for it, named as its format.
type framing struct {
	name      string
	notes     string
	marshal   func(*capnp.Message) ([]byte, error)
	unmarshal func([]byte) (*capnp.Message, error)
}

var framings = []framing{
	{
		name: "capnp",
		notes: "capnpc-go code (internal/gen/capnp); NewMessage(SingleSegment(nil)), generated setters, Marshal; " +
			"Unmarshal, generated getters for every field; Access reads three fields from the message",
		marshal:   (*capnp.Message).Marshal,
		unmarshal: capnp.Unmarshal,
	},
	{
		name: "capnp-packed",
		notes: "as capnp, with the packing compression: MarshalPacked and UnmarshalPacked " +
			"(Access must unpack the whole message)",
		marshal:   (*capnp.Message).MarshalPacked,
		unmarshal: capnp.UnmarshalPacked,
	},
}

func init() {
	for _, f := range framings {
		codec.Register(codec.New(codec.Info{
			Name:   f.name,
			Format: f.name,
			Module: "capnproto.org/go/capnp/v3",
			API:    codec.CodeGen,
			Losses: []codec.Loss{interfaceTypes},
			Notes:  f.notes,
		}, func(t codec.Target) (codec.Instance, error) { return bind(t, f) }))
	}
}

// bind returns the instance for t's workload in framing f.
func bind(t codec.Target, f framing) (codec.Instance, error) {
	switch t.Type {
	case personType:
		return codec.WithAccess(instance(f, newPerson, readPerson), accessor(f, accessPerson)), nil
	case nestedType:
		return codec.WithAccess(instance(f, newNested, readNested), accessor(f, accessNested)), nil
	case floatsType:
		return instance(f, newFloats, readFloats), nil
	}
	return nil, codec.Unsupportedf("capnp has schemas (schema/*.capnp) for the person, nested and floats workloads only, not %s (%s)", t.Workload, t.Type)
}

// instance returns the instance whose Encode sets the root of a message
// in framing f with set, from the canonical value (a V), and whose Decode
// reads the canonical value of a message with read.
func instance[V, D any](f framing, set func(*capnp.Segment, V) error, read func(*capnp.Message) (D, error)) codec.Funcs {
	return codec.Funcs{
		EncodeFunc: func(v any) ([]byte, error) {
			return f.encode(func(seg *capnp.Segment) error { return set(seg, v.(V)) })
		},
		DecodeFunc: func(data []byte) (any, error) { return decode(f, data, read) },
	}
}

// accessor returns the Access function that reads the access fields of a
// message in framing f with access.
func accessor[A any](f framing, access func(*capnp.Message) (A, error)) func([]byte) (any, error) {
	return func(data []byte) (any, error) { return decode(f, data, access) }
}

// encode makes a single-segment message, sets its root with set and
// returns the message serialized in framing f.
func (f framing) encode(set func(*capnp.Segment) error) ([]byte, error) {
	msg, seg, err := capnp.NewMessage(capnp.SingleSegment(nil))
	if err != nil {
		return nil, err
	}
	// Marshal copies the segment into a new slice, so the arena can go
	// back to the pools when this returns.
	defer msg.Release()
	if err := set(seg); err != nil {
		return nil, err
	}
	return f.marshal(msg)
}

// defaultTraverseLimit is capnp-go's default Message.TraverseLimit.
const defaultTraverseLimit = 64 << 20

// decode unmarshals data in framing f and returns what read reads from the
// message.
func decode[T any](f framing, data []byte, read func(*capnp.Message) (T, error)) (any, error) {
	msg, err := f.unmarshal(data)
	if err != nil {
		return nil, err
	}
	// Unmarshal frames the caller's data without copying it (UnmarshalPacked
	// unpacks into a new slice), and Release does not touch or keep that
	// data: it only hands the arena back to the pool.
	defer msg.Release()
	if size, err := msg.TotalSize(); err == nil && 4*size > defaultTraverseLimit {
		msg.TraverseLimit = 4 * size
	}
	return read(msg)
}

// reader keeps the first error of a series of getter calls.
type reader struct{ err error }

func (r *reader) check(err error) {
	if err != nil && r.err == nil {
		r.err = err
	}
}

// text returns s, keeping err.
func (r *reader) text(s string, err error) string {
	r.check(err)
	return s
}

// data returns a copy of b, non-nil when has (a non-null pointer, maybe of
// length 0), nil otherwise.
func (r *reader) data(has bool, b []byte, err error) []byte {
	r.check(err)
	if !has {
		return nil
	}
	return append(make([]byte, 0, len(b)), b...)
}

// getList returns the list that get returns, and whether there is one:
// none when !has (a null pointer) or when get fails, whose error r keeps.
func getList[L any](r *reader, has bool, get func() (L, error)) (L, bool) {
	if !has {
		var none L
		return none, false
	}
	l, err := get()
	r.check(err)
	return l, err == nil
}

// readList reads the list that get returns into a new slice, element i
// as at(l, i) returns it (a method expression such as capnp.Int8List.At,
// or a function that converts what one returns); nil when there is none
// (getList).
func readList[T any, L interface{ Len() int }](r *reader, has bool, get func() (L, error), at func(l L, i int) T) []T {
	l, ok := getList(r, has, get)
	if !ok {
		return nil
	}
	s := make([]T, l.Len())
	for i := range s {
		s[i] = at(l, i)
	}
	return s
}

// pointer reads the struct that get returns with read; the zero T when
// !has (a null pointer: a nil pointer or interface).
func pointer[T, S any](r *reader, has bool, get func() (S, error), read func(*reader, S) T) T {
	if !has {
		var zero T
		return zero
	}
	x, err := get()
	r.check(err)
	return read(r, x)
}

// texts reads the list of text that get returns into a new slice; nil
// when !has.
func texts(r *reader, has bool, get func() (capnp.TextList, error)) []string {
	return readList(r, has, get, func(l capnp.TextList, i int) string { return r.text(l.At(i)) })
}

// entryMap reads the list of entries that get returns into a new map, as
// entries does; nil when there is none (getList).
func entryMap[V any, E ~capnp.StructKind](r *reader, has bool, get func() (capnp.StructList[E], error), entry func(E) (string, V)) map[string]V {
	l, ok := getList(r, has, get)
	if !ok {
		return nil
	}
	return entries(l, entry)
}

// entries reads the list of entries l into a new map, each entry's key
// and value as entry returns them.
func entries[V any, E ~capnp.StructKind](l capnp.StructList[E], entry func(E) (string, V)) map[string]V {
	m := make(map[string]V, l.Len())
	for i := 0; i < l.Len(); i++ {
		k, x := entry(l.At(i))
		m[k] = x
	}
	return m
}

// writer keeps the first error of a series of setter calls.
type writer struct{ err error }

func (w *writer) check(err error) {
	if err != nil && w.err == nil {
		w.err = err
	}
}

// setList sets a list made by newList to s, element i with set(l, i,
// s[i]) (a method expression such as capnp.Int8List.Set, or a function
// that converts s[i] for one); nothing for a nil s. An error of newList is
// kept in w.
func setList[E, L any](w *writer, s []E, newList func(int32) (L, error), set func(l L, i int, x E)) {
	if s == nil {
		return
	}
	l, err := newList(int32(len(s)))
	if err != nil {
		w.check(err)
		return
	}
	for i, x := range s {
		set(l, i, x)
	}
}

// setTexts sets a list of text made by newList to s; nothing for a nil s.
func (w *writer) setTexts(s []string, newList func(int32) (capnp.TextList, error)) {
	setList(w, s, newList, func(l capnp.TextList, i int, x string) { w.check(l.Set(i, x)) })
}

// setStructs sets a list of structs made by newList to s, each element
// with set; nothing for a nil s. It returns at once an error of newList or
// of set (set keeps in a writer the errors after which encoding goes on).
func setStructs[T any, E ~capnp.StructKind](s []T, newList func(int32) (capnp.StructList[E], error), set func(E, T) error) error {
	if s == nil {
		return nil
	}
	l, err := newList(int32(len(s)))
	if err != nil {
		return err
	}
	for i, x := range s {
		if err := set(l.At(i), x); err != nil {
			return err
		}
	}
	return nil
}

// setEntries sets a list of entries made by newList to the keys and
// values of m, in the map's order, each entry with set; nothing for a nil
// m. It returns at once an error of newList or of set, as setStructs does.
func setEntries[V any, E ~capnp.StructKind](m map[string]V, newList func(int32) (capnp.StructList[E], error), set func(E, string, V) error) error {
	if m == nil {
		return nil
	}
	l, err := newList(int32(len(m)))
	if err != nil {
		return err
	}
	i := 0
	for k, x := range m {
		if err := set(l.At(i), k, x); err != nil {
			return err
		}
		i++
	}
	return nil
}

// scalarEntry is a generated entry struct whose value is a scalar
// (Int64Entry, BoolEntry).
type scalarEntry[V any] interface {
	~capnp.StructKind
	SetKey(string) error
	SetValue(V)
}

// setScalarEntries sets a list of entries with scalar values made by
// newList to m, as setEntries does; an error of SetKey is kept in w.
func setScalarEntries[V any, E scalarEntry[V]](w *writer, m map[string]V, newList func(int32) (capnp.StructList[E], error)) error {
	return setEntries(m, newList, func(e E, k string, x V) error {
		w.check(e.SetKey(k))
		e.SetValue(x)
		return nil
	})
}

var errNilElement = errors.New("capnp: nil pointer element: the schema's lists have no nil element")
