// Package fastape registers github.com/nazarifard/fastape, a library of
// "tapes" that copy Go values to and from a byte slice, as two codecs whose
// tapes for the workloads' types are composed by hand of fastape's
// primitives, as its README shows ("any other new tape can be made based on
// combinations of these primitives": UnitTape, StringTape, SliceTape,
// MapTape, PtrTape; a struct's tape calls its fields' Sizeof, Marshal and
// Unmarshal in turn), on the canonical types themselves (no conversion):
//
//   - "fastape": strings read by fastape's StringTape and then copied
//     (strings.Clone), as StringTape.Unmarshal returns a string that
//     aliases the input;
//   - "fastape-unsafe": strings as StringTape.Unmarshal returns them,
//     aliasing the input (Flags.UnsafeStrings).
//
// Encode sizes the value with the tape's Sizeof, allocates exactly that and
// calls Marshal; Decode calls Unmarshal into a new value and fails on
// trailing bytes.
//
// A UnitTape copies the value's memory: numbers and bools are written in
// the machine's byte order (little-endian on amd64 and arm64), an int in 8
// bytes. Times follow schema/README.md's mapping, as every hand-written
// codec here does (fastape's own TimeTape writes UnixNano alone, decodes in
// the local zone and has no representation of the zero time): the Unix
// nanoseconds and the UTC offset in seconds, as a UnitTape[int64] and a
// UnitTape[int32], through schema.SplitTime and JoinTime.
//
// Known library bug, surfaced, not steered around: LenTape.Unmarshal, which
// reads the length of every string, slice and map, combines the bytes of a
// 2- and 3-byte length with & where it means | ((b << 8) & a), so every
// length from 256 to 2^24-1 decodes as 0: such a slice or map decodes as
// nil, leaving its elements unread (Decode then fails on trailing bytes),
// and such a string makes StringTape.Unmarshal panic (index out of range,
// b2s of an empty slice). The floats workload, a []float32 of 1,000,000
// values, is therefore unsupported: Bind says why.
//
// The nested workload's strings, slices and maps have at most 70 bytes or
// 6 elements, which the bug leaves alone (the tape of a TestStruc is in
// nested.go).
//
// It binds the person and nested workloads; the package writes no tape for
// the others.
package fastape

import (
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/nazarifard/fastape"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

const module = "github.com/nazarifard/fastape"

// losses are the declared losses of both codecs.
var losses = []codec.Loss{{
	Kind: codec.NilEmpty,
	Detail: "SliceTape and MapTape write an empty slice or map as length 0, as they write nil, " +
		"and read length 0 as nil: empty slices and maps decode as nil",
}, {
	Kind: codec.InterfaceTypes,
	Detail: "interface{} values are written as a kind byte and a value of the schema mapping's Value union: " +
		"signed integers decode as int64, unsigned as uint64, whatever their Go type; floats keep theirs",
}}

func init() {
	for _, unsafe := range []bool{false, true} {
		info := codec.Info{
			Name:   "fastape",
			Format: "fastape",
			Module: module,
			API:    codec.HandWritten,
			Losses: losses,
			Notes: "hand-written tapes for each workload type, composed of fastape's UnitTape (numbers, bools: their memory, little-endian here), " +
				"StringTape, SliceTape and MapTape; times as Unix nanoseconds and UTC offset; Sizeof, one exact allocation, Marshal; " +
				"strings copied out of the input (StringTape aliases it)",
		}
		bind := bindWith[safeString]
		if unsafe {
			info.Name = "fastape-unsafe"
			info.Flags.UnsafeStrings = true
			info.Notes = "as fastape, with strings as fastape's StringTape reads them, aliasing the input"
			bind = bindWith[fastape.StringTape]
		}
		codec.Register(codec.New(info, bind))
	}
}

// safeString is fastape's StringTape with a string that does not alias the
// input: StringTape.Unmarshal's, copied.
type safeString struct{ fastape.StringTape }

// Unmarshal reads a string with StringTape and copies it.
func (t safeString) Unmarshal(bs []byte, ps *string) (int, error) {
	n, err := t.StringTape.Unmarshal(bs, ps)
	if err == nil {
		*ps = strings.Clone(*ps)
	}
	return n, err
}

// instance returns the instance that encodes and decodes a *V with the
// tape T.
func instance[V any, T fastape.Tape[V]]() codec.Instance {
	var tape T
	return codec.Funcs{
		EncodeFunc: func(v any) ([]byte, error) {
			p, ok := v.(*V)
			if !ok {
				return nil, fmt.Errorf("fastape: cannot encode %T", v)
			}
			bs := make([]byte, tape.Sizeof(*p))
			n, err := tape.Marshal(*p, bs)
			if err != nil {
				return nil, err
			}
			return bs[:n], nil
		},
		DecodeFunc: func(data []byte) (any, error) {
			p := new(V)
			n, err := tape.Unmarshal(data, p)
			if err != nil {
				return nil, err
			}
			if n != len(data) {
				return nil, fmt.Errorf("fastape: %d trailing bytes", len(data)-n)
			}
			return p, nil
		},
	}
}

func bindWith[S fastape.Tape[string]](t codec.Target) (codec.Instance, error) {
	switch t.Type {
	case reflect.TypeFor[workload.Person]():
		return instance[workload.Person, personTape[S]](), nil
	case reflect.TypeFor[workload.TestStruc]():
		return instance[workload.TestStruc, testStrucTape[S]](), nil
	case reflect.TypeFor[[]float32]():
		return nil, codec.Unsupportedf("fastape's LenTape.Unmarshal reads a 2- or 3-byte length as (b<<8)&a instead of (b<<8)|a, "+
			"so the floats workload's slice of %d values (a 3-byte length) decodes as nil; lengths up to 255 round-trip", workload.FloatsCount)
	}
	return nil, codec.Unsupportedf("the fastape codecs have tapes for workload.Person and workload.TestStruc only, not %s (workload %q)", t.Type, t.Workload)
}

// timeTape writes a time.Time as schema/README.md's mapping says: its Unix
// nanoseconds and UTC offset in seconds (schema.SplitTime), each a
// UnitTape. It fails on a time outside the mapping's range.
type timeTape struct {
	nanos  fastape.UnitTape[int64]
	offset fastape.UnitTape[int32]
}

func (t timeTape) Sizeof(time.Time) int { return 8 + 4 }

func (t timeTape) Marshal(v time.Time, bs []byte) (int, error) {
	ns, off, err := schema.SplitTime(v)
	if err != nil {
		return 0, err
	}
	n, err := t.nanos.Marshal(ns, bs)
	if err != nil {
		return 0, err
	}
	k, err := t.offset.Marshal(off, bs[n:])
	return n + k, err
}

func (t timeTape) Unmarshal(bs []byte, p *time.Time) (int, error) {
	var (
		ns  int64
		off int32
	)
	n, err := t.nanos.Unmarshal(bs, &ns)
	if err != nil {
		return 0, err
	}
	k, err := t.offset.Unmarshal(bs[n:], &off)
	if err != nil {
		return 0, err
	}
	*p = schema.JoinTime(ns, off)
	return n + k, nil
}

// personTape is the tape of a workload.Person: its fields in order, with
// the string tape S.
type personTape[S fastape.Tape[string]] struct {
	str      S
	time     timeTape
	siblings fastape.UnitTape[int]
	spouse   fastape.UnitTape[bool]
	money    fastape.UnitTape[float64]
	tags     fastape.MapTape[string, string, S, S]
	aliases  fastape.SliceTape[string, S]
}

func (t personTape[S]) Sizeof(p workload.Person) int {
	return t.str.Sizeof(p.Name) + t.time.Sizeof(p.BirthDay) + t.str.Sizeof(p.Phone) +
		t.siblings.Sizeof(p.Siblings) + t.spouse.Sizeof(p.Spouse) + t.money.Sizeof(p.Money) +
		t.tags.Sizeof(p.Tags) + t.aliases.Sizeof(p.Aliases)
}

// step is one field's Marshal or Unmarshal: it advances *n by what it
// wrote or read, and keeps the first error in *err.
func step(n *int, err *error, f func() (int, error)) {
	if *err != nil {
		return
	}
	k, e := f()
	*n += k
	*err = e
}

func (t personTape[S]) Marshal(p workload.Person, bs []byte) (n int, err error) {
	step(&n, &err, func() (int, error) { return t.str.Marshal(p.Name, bs[n:]) })
	step(&n, &err, func() (int, error) { return t.time.Marshal(p.BirthDay, bs[n:]) })
	step(&n, &err, func() (int, error) { return t.str.Marshal(p.Phone, bs[n:]) })
	step(&n, &err, func() (int, error) { return t.siblings.Marshal(p.Siblings, bs[n:]) })
	step(&n, &err, func() (int, error) { return t.spouse.Marshal(p.Spouse, bs[n:]) })
	step(&n, &err, func() (int, error) { return t.money.Marshal(p.Money, bs[n:]) })
	step(&n, &err, func() (int, error) { return t.tags.Marshal(p.Tags, bs[n:]) })
	step(&n, &err, func() (int, error) { return t.aliases.Marshal(p.Aliases, bs[n:]) })
	return n, err
}

func (t personTape[S]) Unmarshal(bs []byte, p *workload.Person) (n int, err error) {
	step(&n, &err, func() (int, error) { return t.str.Unmarshal(bs[n:], &p.Name) })
	step(&n, &err, func() (int, error) { return t.time.Unmarshal(bs[n:], &p.BirthDay) })
	step(&n, &err, func() (int, error) { return t.str.Unmarshal(bs[n:], &p.Phone) })
	step(&n, &err, func() (int, error) { return t.siblings.Unmarshal(bs[n:], &p.Siblings) })
	step(&n, &err, func() (int, error) { return t.spouse.Unmarshal(bs[n:], &p.Spouse) })
	step(&n, &err, func() (int, error) { return t.money.Unmarshal(bs[n:], &p.Money) })
	step(&n, &err, func() (int, error) { return t.tags.Unmarshal(bs[n:], &p.Tags) })
	step(&n, &err, func() (int, error) { return t.aliases.Unmarshal(bs[n:], &p.Aliases) })
	return n, err
}
