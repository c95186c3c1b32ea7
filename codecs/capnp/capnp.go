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
// canonical value, as a user of the generated code reads it. What the
// value shares with the input (read from the library source, codec.go,
// arena.go and pointer.go, and checked per workload by TestAliasing):
//
//   - capnp.Unmarshal frames the caller's bytes without copying them ("No
//     copying is performed, so the objects in the returned message read
//     directly from data", its doc comment): each segment is a slice of the
//     input, and a Data getter (Ptr.Data) returns a slice of its segment,
//     which Decode keeps as the decoded []byte. So in "capnp" a decoded
//     []byte aliases the input, and its capacity runs to the end of its
//     segment, so appending to it may overwrite the bytes that follow. Of
//     the workloads, that is TestStruc.Byslice and TestStruc.Ui8slice in
//     nested (at every depth; Nslice is always nil);
//   - capnp.UnmarshalPacked unpacks into a new slice first, so in
//     "capnp-packed" the decoded []byte alias that slice, not the input:
//     no workload aliases the input;
//   - text getters copy (Ptr.Text: string(b)), and every other list is read
//     element by element into a new slice: person and floats alias
//     nothing.
//
// The message's Release leaves those slices alone: the arena of an
// unmarshalled message does not hand its data back to the buffer pool.
// The library has no Data getter that copies, and the reader does not
// modify its input. Aliasing is a property of a workload's types, not of
// the codec, so the codecs declare no UnsafeStrings flag and the harness
// detects aliasing per workload when it verifies a cell. Access
// (codec.Accessor, for person and
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

var interfaceTypes = codec.Loss{
	Kind: codec.InterfaceTypes,
	Detail: "numbers in interface{} values are written in the Value union of schema/nested.capnp as an Int64 " +
		"(int, int8, int16, int32, int64), a UInt64 (every unsigned type), a Float32 or a Float64, " +
		"and decode as int64, uint64, float32 or float64",
}

// framing is one of the two serializations of a message.
type framing struct {
	marshal   func(*capnp.Message) ([]byte, error)
	unmarshal func([]byte) (*capnp.Message, error)
}

var (
	standard = framing{(*capnp.Message).Marshal, capnp.Unmarshal}
	packed   = framing{(*capnp.Message).MarshalPacked, capnp.UnmarshalPacked}
)

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "capnp",
		Format: "capnp",
		Module: "capnproto.org/go/capnp/v3",
		API:    codec.CodeGen,
		Losses: []codec.Loss{interfaceTypes},
		Notes: "capnpc-go code (internal/gen/capnp); NewMessage(SingleSegment(nil)), generated setters, Marshal; " +
			"Unmarshal, generated getters for every field; Access reads three fields from the message; " +
			"decoded byte slices (Data getters) alias the input buffer (nested's Byslice and Ui8slice; the library has no getter that copies them); decoded strings are copied",
	}, func(t codec.Target) (codec.Instance, error) { return bind(t, standard) }))

	codec.Register(codec.New(codec.Info{
		Name:   "capnp-packed",
		Format: "capnp-packed",
		Module: "capnproto.org/go/capnp/v3",
		API:    codec.CodeGen,
		Losses: []codec.Loss{interfaceTypes},
		Notes: "as capnp, with the packing compression: MarshalPacked and UnmarshalPacked " +
			"(Access must unpack the whole message); decoded byte slices alias the unpacked message, not the input",
	}, func(t codec.Target) (codec.Instance, error) { return bind(t, packed) }))
}

// bind returns the instance for t's workload in framing f.
func bind(t codec.Target, f framing) (codec.Instance, error) {
	switch t.Type {
	case reflect.TypeFor[workload.Person]():
		return codec.WithAccess(codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) {
				return f.encode(func(seg *capnp.Segment) error { return newPerson(seg, v.(*workload.Person)) })
			},
			DecodeFunc: func(data []byte) (any, error) { return decode(f, data, readPerson) },
		}, func(data []byte) (any, error) { return decode(f, data, accessPerson) }), nil
	case reflect.TypeFor[workload.TestStruc]():
		return codec.WithAccess(codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) {
				return f.encode(func(seg *capnp.Segment) error { return newNested(seg, v.(*workload.TestStruc)) })
			},
			DecodeFunc: func(data []byte) (any, error) { return decode(f, data, readNested) },
		}, func(data []byte) (any, error) { return decode(f, data, accessNested) }), nil
	case reflect.TypeFor[[]float32]():
		return codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) {
				return f.encode(func(seg *capnp.Segment) error { return newFloats(seg, *v.(*[]float32)) })
			},
			DecodeFunc: func(data []byte) (any, error) { return decode(f, data, readFloats) },
		}, nil
	}
	return nil, codec.Unsupportedf("capnp has schemas (schema/*.capnp) for the person, nested and floats workloads only, not %s (%s)", t.Workload, t.Type)
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
	// data (the arena's demux leaves it out of the buffer pool): it only
	// hands the arena back to the pool, so the decoded []byte fields,
	// slices of that data, stay valid.
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

// data returns b, the slice of the message a Data getter returns: non-nil
// when has (a non-null pointer, maybe of length 0), nil otherwise.
func (r *reader) data(has bool, b []byte, err error) []byte {
	r.check(err)
	switch {
	case !has:
		return nil
	case b == nil:
		return []byte{}
	}
	return b
}

// list is a capnp list of scalars (capnp.Int64List, capnp.BitList, ...).
type list[T any] interface {
	Len() int
	At(int) T
}

// scalars reads the list of scalars that get returns into a new slice;
// nil when !has (a null pointer).
func scalars[T any, L list[T]](r *reader, has bool, get func() (L, error)) []T {
	if !has {
		return nil
	}
	l, err := get()
	if err != nil {
		r.check(err)
		return nil
	}
	s := make([]T, l.Len())
	for i := range s {
		s[i] = l.At(i)
	}
	return s
}

// texts reads the list of text that get returns into a new slice; nil
// when !has.
func texts(r *reader, has bool, get func() (capnp.TextList, error)) []string {
	if !has {
		return nil
	}
	l, err := get()
	if err != nil {
		r.check(err)
		return nil
	}
	s := make([]string, l.Len())
	for i := range s {
		s[i] = r.text(l.At(i))
	}
	return s
}

// writer keeps the first error of a series of setter calls.
type writer struct{ err error }

func (w *writer) check(err error) {
	if err != nil && w.err == nil {
		w.err = err
	}
}

// setTexts sets a list of text made by newList to s; nothing for a nil s.
func (w *writer) setTexts(s []string, newList func(int32) (capnp.TextList, error)) {
	if s == nil {
		return
	}
	l, err := newList(int32(len(s)))
	if err != nil {
		w.check(err)
		return
	}
	for i, x := range s {
		w.check(l.Set(i, x))
	}
}

// settable is a capnp list of scalars that can be set.
type settable[T any] interface{ Set(int, T) }

// setScalars sets a list of scalars made by newList to s, converting each
// element with conv; nothing for a nil s.
func setScalars[E, T any, L settable[T]](w *writer, s []E, newList func(int32) (L, error), conv func(E) T) {
	if s == nil {
		return
	}
	l, err := newList(int32(len(s)))
	if err != nil {
		w.check(err)
		return
	}
	for i, x := range s {
		l.Set(i, conv(x))
	}
}

// entry is a generated map entry struct of a text key and a scalar value
// (Int64Entry, BoolEntry).
type entry[V any] interface {
	~capnp.StructKind
	Key() (string, error)
	SetKey(string) error
	Value() V
	SetValue(V)
}

// setEntries sets a list of entries made by newList to those of m;
// nothing for a nil m. It returns newList's error and keeps those of the
// keys in w.
func setEntries[E entry[V], V any](w *writer, m map[string]V, newList func(int32) (capnp.StructList[E], error)) error {
	if m == nil {
		return nil
	}
	l, err := newList(int32(len(m)))
	if err != nil {
		return err
	}
	i := 0
	for k, x := range m {
		e := l.At(i)
		w.check(e.SetKey(k))
		e.SetValue(x)
		i++
	}
	return nil
}

// readEntries reads the list of entries that get returns into a new map;
// nil when !has (a null pointer).
func readEntries[E entry[V], V any](r *reader, has bool, get func() (capnp.StructList[E], error)) map[string]V {
	if !has {
		return nil
	}
	l, err := get()
	r.check(err)
	m := make(map[string]V, l.Len())
	for i := 0; i < l.Len(); i++ {
		e := l.At(i)
		m[r.text(e.Key())] = e.Value()
	}
	return m
}

// same is the identity conversion of setScalars.
func same[T any](x T) T { return x }

var errNilElement = errors.New("capnp: nil pointer element: the schema's lists have no nil element")
