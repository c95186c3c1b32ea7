package mus

import (
	"fmt"
	"time"

	com "github.com/mus-format/common-go"
	musgo "github.com/mus-format/mus-go"
	"github.com/mus-format/mus-go/ord"
	"github.com/mus-format/mus-go/raw"
	"github.com/mus-format/mus-go/varint"

	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// The MUS encoding of the workload types: the fields of a struct in order,
// without names or tags, each with the serializer chosen for its type:
//
//   - int, int16, int32, int64: varint (ZigZag); uint, uint16, uint32,
//     uint64: varint; int8, uint8, byte: raw (one byte);
//   - float32, float64: raw (4 or 8 bytes, little endian);
//   - bool: ord.Bool; string: ord.String (or unsafe.String), a varint
//     length and the bytes;
//   - []byte: ord.ByteSlice; other slices: ord.NewSliceSer, maps:
//     ord.NewMapSer, a varint length and the elements (nil is written as
//     empty); pointers: ord.NewPtrSer, a nil flag and the value;
//   - time.Time: timeSer, the schema mapping of schema/README.md;
//   - interface{}: valueSer, the schema mapping's Value union.

// timeSer encodes a time.Time as the schema mapping of schema/README.md
// says: its Unix time in nanoseconds, raw (8 bytes, as raw.TimeUnixNano
// writes it), and its UTC offset in seconds, varint. It decodes in time.UTC
// when the offset is 0 and in time.FixedZone("", offset) otherwise: the
// instant and the offset survive, the zone's name does not.
//
// UnixNano is undefined outside the years 1678 to 2262 (raw.TimeUnixNano
// says its "result will be unpredictable if v is the zero Time"), so the
// zero time.Time is written as math.MinInt64 nanoseconds, an instant
// outside that range, and read back as the zero time.Time; Marshal panics
// on any other time outside the range rather than write a wrong instant.
var timeSer = timeSerializer{}

type timeSerializer struct{}

// timeNanos returns the Unix nanoseconds of the schema mapping
// (schema.SplitTime); mus-go's Marshal has no error to return.
func timeNanos(v time.Time) int64 {
	ns, _, err := schema.SplitTime(v)
	if err != nil {
		panic("mus-go: " + err.Error())
	}
	return ns
}

func (timeSerializer) Marshal(v time.Time, bs []byte) (n int) {
	_, off := v.Zone()
	n = raw.Int64.Marshal(timeNanos(v), bs)
	return n + varint.Int32.Marshal(int32(off), bs[n:])
}

func (timeSerializer) Unmarshal(bs []byte) (v time.Time, n int, err error) {
	ns, n, err := raw.Int64.Unmarshal(bs)
	if err != nil {
		return
	}
	off, n1, err := varint.Int32.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	if ns == schema.ZeroTimeUnixNano && off != 0 {
		err = com.ErrWrongFormat
		return
	}
	v = schema.JoinTime(ns, off)
	return
}

func (timeSerializer) Size(v time.Time) int {
	_, off := v.Zone()
	return raw.Int64.Size(0) + varint.Int32.Size(int32(off))
}

func (timeSerializer) Skip(bs []byte) (n int, err error) {
	n, err = raw.Int64.Skip(bs)
	if err != nil {
		return
	}
	n1, err := varint.Int32.Skip(bs[n:])
	return n + n1, err
}

// The tags of the Value union.
const (
	tagNil byte = iota
	tagString
	tagBool
	tagInt64
	tagUint64
	tagFloat32
	tagFloat64
)

// valueSer encodes an interface{} value as the Value union of the schema
// mapping: a tag byte, then nothing (nil), a string (ord.String or
// unsafe.String), a bool (ord.Bool), a signed integer of any Go type as a
// varint int64, an unsigned one as a varint uint64, a float32 or a float64
// (raw). It decodes integers as int64 and uint64. Marshal and Size panic
// on any other dynamic type.
type valueSer struct {
	str musgo.Serializer[string]
}

func (s valueSer) Marshal(v interface{}, bs []byte) (n int) {
	switch x := v.(type) {
	case nil:
		bs[0] = tagNil
		return 1
	case string:
		bs[0] = tagString
		return 1 + s.str.Marshal(x, bs[1:])
	case bool:
		bs[0] = tagBool
		return 1 + ord.Bool.Marshal(x, bs[1:])
	case float32:
		bs[0] = tagFloat32
		return 1 + raw.Float32.Marshal(x, bs[1:])
	case float64:
		bs[0] = tagFloat64
		return 1 + raw.Float64.Marshal(x, bs[1:])
	}
	if i, ok := schema.Signed(v); ok {
		bs[0] = tagInt64
		return 1 + varint.Int64.Marshal(i, bs[1:])
	}
	if u, ok := unsigned(v); ok {
		bs[0] = tagUint64
		return 1 + varint.Uint64.Marshal(u, bs[1:])
	}
	panic(fmt.Sprintf("mus-go: no Value for an interface{} holding %T", v))
}

func (s valueSer) Unmarshal(bs []byte) (v interface{}, n int, err error) {
	if len(bs) < 1 {
		return nil, 0, musgo.ErrTooSmallByteSlice
	}
	var n1 int
	switch bs[0] {
	case tagNil:
		return nil, 1, nil
	case tagString:
		v, n1, err = s.str.Unmarshal(bs[1:])
	case tagBool:
		v, n1, err = ord.Bool.Unmarshal(bs[1:])
	case tagInt64:
		v, n1, err = varint.Int64.Unmarshal(bs[1:])
	case tagUint64:
		v, n1, err = varint.Uint64.Unmarshal(bs[1:])
	case tagFloat32:
		v, n1, err = raw.Float32.Unmarshal(bs[1:])
	case tagFloat64:
		v, n1, err = raw.Float64.Unmarshal(bs[1:])
	default:
		return nil, 1, com.ErrWrongFormat
	}
	if err != nil {
		v = nil
	}
	return v, 1 + n1, err
}

func (s valueSer) Size(v interface{}) int {
	switch x := v.(type) {
	case nil:
		return 1
	case string:
		return 1 + s.str.Size(x)
	case bool:
		return 1 + ord.Bool.Size(x)
	case float32:
		return 1 + raw.Float32.Size(x)
	case float64:
		return 1 + raw.Float64.Size(x)
	}
	if i, ok := schema.Signed(v); ok {
		return 1 + varint.Int64.Size(i)
	}
	if u, ok := unsigned(v); ok {
		return 1 + varint.Uint64.Size(u)
	}
	panic(fmt.Sprintf("mus-go: no Value for an interface{} holding %T", v))
}

func (s valueSer) Skip(bs []byte) (n int, err error) {
	if len(bs) < 1 {
		return 0, musgo.ErrTooSmallByteSlice
	}
	var n1 int
	switch bs[0] {
	case tagNil:
		return 1, nil
	case tagString:
		n1, err = s.str.Skip(bs[1:])
	case tagBool:
		n1, err = ord.Bool.Skip(bs[1:])
	case tagInt64:
		n1, err = varint.Int64.Skip(bs[1:])
	case tagUint64:
		n1, err = varint.Uint64.Skip(bs[1:])
	case tagFloat32:
		n1, err = raw.Float32.Skip(bs[1:])
	case tagFloat64:
		n1, err = raw.Float64.Skip(bs[1:])
	default:
		return 1, com.ErrWrongFormat
	}
	return 1 + n1, err
}

// unsigned is schema.Unsigned, and uintptr too: mus-go's Value takes every
// unsigned integer type.
func unsigned(v interface{}) (uint64, bool) {
	if x, ok := v.(uintptr); ok {
		return uint64(x), true
	}
	return schema.Unsigned(v)
}

// floatsSer is the serializer of the floats workload's []float32.
var floatsSer = ord.NewSliceSer[float32](raw.Float32)

// personSer is the serializer of workload.Person: Name, BirthDay, Phone,
// Siblings, Spouse, Money, Tags, Aliases.
type personSer struct {
	str     musgo.Serializer[string]
	tags    musgo.Serializer[map[string]string]
	aliases musgo.Serializer[[]string]
}

func newPersonSer(str musgo.Serializer[string]) personSer {
	return personSer{
		str:     str,
		tags:    ord.NewMapSer[string, string](str, str),
		aliases: ord.NewSliceSer[string](str),
	}
}

func (s personSer) Marshal(v workload.Person, bs []byte) (n int) {
	n = s.str.Marshal(v.Name, bs)
	n += timeSer.Marshal(v.BirthDay, bs[n:])
	n += s.str.Marshal(v.Phone, bs[n:])
	n += varint.Int.Marshal(v.Siblings, bs[n:])
	n += ord.Bool.Marshal(v.Spouse, bs[n:])
	n += raw.Float64.Marshal(v.Money, bs[n:])
	n += s.tags.Marshal(v.Tags, bs[n:])
	n += s.aliases.Marshal(v.Aliases, bs[n:])
	return
}

func (s personSer) Unmarshal(bs []byte) (v workload.Person, n int, err error) {
	v.Name, n, err = s.str.Unmarshal(bs)
	if err != nil {
		return
	}
	var n1 int
	v.BirthDay, n1, err = timeSer.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Phone, n1, err = s.str.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Siblings, n1, err = varint.Int.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Spouse, n1, err = ord.Bool.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Money, n1, err = raw.Float64.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Tags, n1, err = s.tags.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Aliases, n1, err = s.aliases.Unmarshal(bs[n:])
	n += n1
	return
}

func (s personSer) Size(v workload.Person) (size int) {
	return s.str.Size(v.Name) +
		timeSer.Size(v.BirthDay) +
		s.str.Size(v.Phone) +
		varint.Int.Size(v.Siblings) +
		ord.Bool.Size(v.Spouse) +
		raw.Float64.Size(v.Money) +
		s.tags.Size(v.Tags) +
		s.aliases.Size(v.Aliases)
}

func (s personSer) Skip(bs []byte) (n int, err error) {
	k := skipper{bs: bs}
	k.skip(s.str, timeSer, s.str, varint.Int, ord.Bool, raw.Float64, s.tags, s.aliases)
	return k.n, k.err
}

// skipper skips fields one after another until the first error.
type skipper struct {
	bs  []byte
	n   int
	err error
}

// skipSer is the Skip method of a serializer, whatever its type.
type skipSer interface {
	Skip(bs []byte) (n int, err error)
}

func (k *skipper) skip(sers ...skipSer) {
	for _, s := range sers {
		if k.err != nil {
			return
		}
		var n int
		n, k.err = s.Skip(k.bs[k.n:])
		k.n += n
	}
}
