// Package capnpv1 registers github.com/glycerine/go-capnproto, the v1 Go
// API of Cap'n Proto (no RPC; superseded by capnproto.org/go/capnp, which
// package capnp measures, and kept as a legacy reference, as seeds of
// go_serialization_benchmarks used it), as the codec "capnp-v1", on the
// code its capnpc-go generates from schema/*.capnp into
// internal/gen/capnpv1.
//
// Encode builds a message as the package's example (example_test.go) does:
// capn.NewBuffer(nil), gen.NewRootPerson(seg) (or NewRootTestStruc,
// NewRootFloats), the
// generated setters straight from the canonical value, then seg.WriteTo
// into a bytes.Buffer, the standard framing; its bytes are returned. A
// capnp struct is a view of a message, not a Go value that could be
// converted ahead of time, so building the message is the encoding: Prepare
// and Canonical return their argument and there is no "+convert" variant.
//
// Decode is a full decode: capn.ReadFromMemoryZeroCopy (the package's
// reader of a message already in memory, which frames the bytes without
// copying them), gen.ReadRootPerson, and every field read with the
// generated getters into a new canonical value, as a user of the
// generated code reads it. What the value shares with the input (read from
// the library source, mem.go and capn.go, and the generated code,
// internal/gen/capnpv1, and checked per workload by TestAliasing):
//
//   - ReadFromMemoryZeroCopy makes the segments slices of the input, and a
//     Data getter (Object.ToData) returns Segment.Data[off:off+length], a
//     slice of the input, which Decode keeps as the decoded []byte: it
//     aliases the input, and its capacity runs to the end of the input, so
//     appending to it overwrites the bytes that follow. Of the workloads,
//     that is TestStruc.Byslice and TestStruc.Ui8slice in nested (at every
//     depth; Nslice is always nil);
//   - text getters copy (ToText: string(...)), and every other list is
//     read element by element into a new slice: person and floats alias
//     nothing.
//
// The library has no Data getter that copies, and the reader does not
// modify its input. Aliasing is a property of
// a workload's types, not of the codec, so the codec declares no
// UnsafeStrings flag and the harness detects aliasing per workload when it
// verifies a cell. Access
// (codec.Accessor, person and nested) reads the workload's three access fields from
// the framed message, decoding nothing else. The v1 reader has no traverse
// or depth limits and no errors: it panics on bytes it cannot read, which
// Decode and Access turn into errors.
//
// The mapping is that of schema/README.md, as for package capnp: a null
// list pointer is a nil slice or map and a non-null one (even of length 0)
// a non-nil one; but an empty list of anything but structs, an object of 0
// bytes, comes back from the v1 library as a null pointer (an empty list of
// structs has a tag word and does not), so an empty Aliases or float slice
// decodes as nil: the declared loss nil-empty. Numbers in interface{} values
// come back as int64, uint64, float32 or float64 (the Value union of
// schema/nested.capnp): the declared loss interface-types. The zero
// time.Time is written as math.MinInt64 nanoseconds (schema.SplitTime).
//
// It binds the person, nested and floats workloads, the ones with a schema.
package capnpv1

import (
	"bytes"
	"fmt"
	"reflect"

	capn "github.com/glycerine/go-capnproto"

	"github.com/serbench/serbench/codec"
	gen "github.com/serbench/serbench/internal/gen/capnpv1"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

const module = "github.com/glycerine/go-capnproto"

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "capnp-v1",
		Format: "capnp",
		Module: module,
		API:    codec.CodeGen,
		Losses: []codec.Loss{{
			Kind: codec.NilEmpty,
			Detail: "an empty list whose elements are not structs (Person.Aliases' List(Text), the floats' List(Float32)), an object of 0 bytes, " +
				"comes back from the v1 library as a null pointer, so such an empty slice decodes as nil; an empty list of structs (Person.Tags), " +
				"which has a tag word, stays apart from nil; empty Data (TestStruc's []byte fields) come back null too",
		}, {
			Kind: codec.InterfaceTypes,
			Detail: "numbers in interface{} values are written in the Value union of schema/nested.capnp as an Int64 " +
				"(int, int8, int16, int32, int64), a UInt64 (every unsigned type), a Float32 or a Float64, " +
				"and decode as int64, uint64, float32 or float64",
		}},
		Notes: "legacy v1 Go API of Cap'n Proto; capnpc-go (v1) code (internal/gen/capnpv1); NewBuffer(nil), generated setters, WriteTo; " +
			"ReadFromMemoryZeroCopy, generated getters for every field; Access reads three fields from the message; " +
			"decoded byte slices (Data getters) alias the input buffer (nested's Byslice and Ui8slice; the library has no getter that copies them); decoded strings are copied",
	}, bind))
}

func bind(t codec.Target) (codec.Instance, error) {
	switch t.Type {
	case reflect.TypeFor[workload.Person]():
		return codec.WithAccess(codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) {
				return encode(func(seg *capn.Segment) error { return setPerson(gen.NewRootPerson(seg), v.(*workload.Person)) })
			},
			DecodeFunc: func(data []byte) (any, error) { return decode(data, readPerson) },
		}, func(data []byte) (any, error) { return decode(data, accessPerson) }), nil
	case reflect.TypeFor[workload.TestStruc]():
		return codec.WithAccess(codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) {
				return encode(func(seg *capn.Segment) error { return setNested(seg, v.(*workload.TestStruc)) })
			},
			DecodeFunc: func(data []byte) (any, error) { return decode(data, readNested) },
		}, func(data []byte) (any, error) { return decode(data, accessNested) }), nil
	case reflect.TypeFor[[]float32]():
		return codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) {
				return encode(func(seg *capn.Segment) error { setFloats(gen.NewRootFloats(seg), *v.(*[]float32)); return nil })
			},
			DecodeFunc: func(data []byte) (any, error) { return decode(data, readFloats) },
		}, nil
	}
	return nil, codec.Unsupportedf("capnp-v1 has schemas (schema/*.capnp) for the person, nested and floats workloads only, not %s (%s)", t.Workload, t.Type)
}

// encode makes a message, sets its root with set and returns it serialized
// in the standard framing.
func encode(set func(*capn.Segment) error) ([]byte, error) {
	seg := capn.NewBuffer(nil)
	if err := set(seg); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := seg.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decode frames data and returns what read reads from it, turning the
// reader's panics on bytes it cannot read into errors.
func decode[T any](data []byte, read func(*capn.Segment) T) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			v, err = nil, fmt.Errorf("capnp-v1: cannot read the message: %v", r)
		}
	}()
	seg, n, err := capn.ReadFromMemoryZeroCopy(data)
	if err != nil {
		return nil, err
	}
	if int(n) != len(data) {
		return nil, fmt.Errorf("capnp-v1: %d trailing bytes", len(data)-int(n))
	}
	return read(seg), nil
}

// isNull reports whether a list pointer is null.
func isNull(o capn.Object) bool { return o.Type() == capn.TypeNull }

// texts returns the strings of l: nil for a null pointer.
func texts(l capn.TextList) []string {
	if isNull(capn.Object(l)) {
		return nil
	}
	s := make([]string, l.Len())
	for i := range s {
		s[i] = l.At(i)
	}
	return s
}

// newTexts returns a new list of s: a null one (the zero TextList) for nil.
func newTexts(seg *capn.Segment, s []string) capn.TextList {
	if s == nil {
		return capn.TextList{}
	}
	l := seg.NewTextList(len(s))
	for i, x := range s {
		l.Set(i, x)
	}
	return l
}

func setPerson(m gen.Person, p *workload.Person) error {
	ns, off, err := schema.SplitTime(p.BirthDay)
	if err != nil {
		return fmt.Errorf("BirthDay: %w", err)
	}
	m.SetName(p.Name)
	m.SetBirthDayUnixNano(ns)
	m.SetBirthDayOffset(off)
	m.SetPhone(p.Phone)
	m.SetSiblings(int64(p.Siblings))
	m.SetSpouse(p.Spouse)
	m.SetMoney(p.Money)
	if p.Tags != nil {
		l := gen.NewStringEntryList(m.Segment, len(p.Tags))
		i := 0
		for k, v := range p.Tags {
			e := l.At(i)
			e.SetKey(k)
			e.SetValue(v)
			i++
		}
		m.SetTags(l)
	}
	if p.Aliases != nil {
		m.SetAliases(newTexts(m.Segment, p.Aliases))
	}
	return nil
}

func readPerson(seg *capn.Segment) *workload.Person {
	m := gen.ReadRootPerson(seg)
	p := &workload.Person{
		Name:     m.Name(),
		BirthDay: schema.JoinTime(m.BirthDayUnixNano(), m.BirthDayOffset()),
		Phone:    m.Phone(),
		Siblings: int(m.Siblings()),
		Spouse:   m.Spouse(),
		Money:    m.Money(),
		Aliases:  texts(m.Aliases()),
	}
	if tags := m.Tags(); !isNull(capn.Object(tags)) {
		p.Tags = make(map[string]string, tags.Len())
		for i := range tags.Len() {
			e := tags.At(i)
			p.Tags[e.Key()] = e.Value()
		}
	}
	return p
}

func accessPerson(seg *capn.Segment) workload.PersonFields {
	m := gen.ReadRootPerson(seg)
	return workload.PersonFields{Name: m.Name(), Siblings: int(m.Siblings()), Money: m.Money()}
}

func setFloats(m gen.Floats, s []float32) {
	if s == nil {
		return
	}
	l := m.Segment.NewFloat32List(len(s))
	for i, x := range s {
		l.Set(i, x)
	}
	m.SetValues(l)
}

func readFloats(seg *capn.Segment) *[]float32 {
	l := gen.ReadRootFloats(seg).Values()
	var s []float32
	if !isNull(capn.Object(l)) {
		s = l.ToArray()
	}
	return &s
}
