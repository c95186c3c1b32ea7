// Package handwritten registers "handwritten", a binary codec written by
// hand for workload.Person only: the floor against which the speed of the
// serialization libraries is measured. It uses no reflection and no
// library, and loses nothing.
//
// The encoding of a Person is its fields in order:
//
//   - strings (Name, Phone): uvarint byte length, then the bytes;
//   - BirthDay: varint Unix seconds, uvarint nanoseconds (below 1e9), and
//     varint UTC offset in seconds; decoded in time.UTC when the offset is
//     0 and in time.FixedZone("", offset) otherwise, so the instant and the
//     offset survive but not the zone name;
//   - Siblings: zigzag varint;
//   - Spouse: one byte, 0 or 1;
//   - Money: the 8 bytes of math.Float64bits, little endian;
//   - Tags: uvarint n+1, or 0 for a nil map, then n key and value strings;
//   - Aliases: uvarint n+1, or 0 for a nil slice, then n strings.
//
// Decode checks every bound and returns an error, never panics, on
// truncated, malformed or trailing input.
package handwritten

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"reflect"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/workload"
)

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "handwritten",
		Format: "binary",
		Module: "serbench",
		API:    codec.HandWritten,
		Notes:  "hand-written binary codec for workload.Person only: varints, length-prefixed strings, nil markers for the map and slice; the output is allocated once at its exact size",
	}, bind))
}

var personType = reflect.TypeFor[workload.Person]()

func bind(t codec.Target) (codec.Instance, error) {
	if t.Type != personType {
		return nil, codec.Unsupportedf("handwritten encodes workload.Person only, not %s (workload %q)", t.Type, t.Workload)
	}
	return codec.Funcs{
		EncodeFunc: func(v any) ([]byte, error) {
			p, ok := v.(*workload.Person)
			if !ok || p == nil {
				return nil, fmt.Errorf("handwritten: cannot encode %T", v)
			}
			return Append(make([]byte, 0, Size(p)), p), nil
		},
		DecodeFunc: func(data []byte) (any, error) {
			p := new(workload.Person)
			err := Decode(data, p)
			return p, err
		},
	}, nil
}

// uvarintSize returns the length of the uvarint encoding of x.
func uvarintSize(x uint64) int { return (bits.Len64(x|1) + 6) / 7 }

// varintSize returns the length of the zigzag varint encoding of x.
func varintSize(x int64) int { return uvarintSize(uint64(x<<1) ^ uint64(x>>63)) }

func stringSize(s string) int { return uvarintSize(uint64(len(s))) + len(s) }

// Size returns the exact length of the encoding of p.
func Size(p *workload.Person) int {
	_, off := p.BirthDay.Zone()
	n := stringSize(p.Name) +
		varintSize(p.BirthDay.Unix()) + uvarintSize(uint64(p.BirthDay.Nanosecond())) + varintSize(int64(off)) +
		stringSize(p.Phone) +
		varintSize(int64(p.Siblings)) +
		1 + 8
	if p.Tags == nil {
		n++
	} else {
		n += uvarintSize(uint64(len(p.Tags)) + 1)
		for k, v := range p.Tags {
			n += stringSize(k) + stringSize(v)
		}
	}
	if p.Aliases == nil {
		n++
	} else {
		n += uvarintSize(uint64(len(p.Aliases)) + 1)
		for _, s := range p.Aliases {
			n += stringSize(s)
		}
	}
	return n
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// Append appends the encoding of p to b and returns the extended slice.
func Append(b []byte, p *workload.Person) []byte {
	b = appendString(b, p.Name)
	_, off := p.BirthDay.Zone()
	b = binary.AppendVarint(b, p.BirthDay.Unix())
	b = binary.AppendUvarint(b, uint64(p.BirthDay.Nanosecond()))
	b = binary.AppendVarint(b, int64(off))
	b = appendString(b, p.Phone)
	b = binary.AppendVarint(b, int64(p.Siblings))
	if p.Spouse {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.Money))
	if p.Tags == nil {
		b = append(b, 0)
	} else {
		b = binary.AppendUvarint(b, uint64(len(p.Tags))+1)
		for k, v := range p.Tags {
			b = appendString(b, k)
			b = appendString(b, v)
		}
	}
	if p.Aliases == nil {
		b = append(b, 0)
	} else {
		b = binary.AppendUvarint(b, uint64(len(p.Aliases))+1)
		for _, s := range p.Aliases {
			b = appendString(b, s)
		}
	}
	return b
}

// ErrMalformed is wrapped by every Decode error.
var ErrMalformed = errors.New("handwritten: malformed input")

// decoder reads from b; after the first error every read returns a zero
// value and err keeps that first error.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail(what string) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: %s", ErrMalformed, what)
	}
	d.b = nil
}

func (d *decoder) uvarint(what string) uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail(what)
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) varint(what string) int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail(what)
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) string(what string) string {
	n := d.uvarint(what)
	if n > uint64(len(d.b)) {
		d.fail(what)
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

// count reads a nil marker or element count n+1. It returns -1 for nil,
// and fails when the count cannot fit in the rest of the input, each
// element taking at least minSize bytes.
func (d *decoder) count(what string, minSize int) int {
	m := d.uvarint(what)
	if m == 0 {
		return -1
	}
	if m-1 > uint64(len(d.b)/minSize) {
		d.fail(what + " count")
		return -1
	}
	return int(m - 1)
}

// Decode decodes data, the encoding of one Person, into p. It returns an
// error wrapping ErrMalformed when data is truncated, malformed or followed
// by other bytes.
func Decode(data []byte, p *workload.Person) error {
	d := decoder{b: data}
	p.Name = d.string("Name")
	sec := d.varint("BirthDay seconds")
	nsec := d.uvarint("BirthDay nanoseconds")
	off := d.varint("BirthDay offset")
	if nsec >= 1e9 {
		d.fail("BirthDay nanoseconds out of range")
	}
	if off < math.MinInt32 || off > math.MaxInt32 {
		d.fail("BirthDay offset out of range")
	}
	p.Phone = d.string("Phone")
	p.Siblings = int(d.varint("Siblings"))
	if len(d.b) < 9 {
		d.fail("Spouse and Money")
	} else {
		switch d.b[0] {
		case 0:
			p.Spouse = false
		case 1:
			p.Spouse = true
		default:
			d.fail("Spouse not 0 or 1")
		}
		if d.err == nil {
			p.Money = math.Float64frombits(binary.LittleEndian.Uint64(d.b[1:9]))
			d.b = d.b[9:]
		}
	}
	if n := d.count("Tags", 2); n >= 0 {
		p.Tags = make(map[string]string, n)
		for i := 0; i < n && d.err == nil; i++ {
			k := d.string("Tags key")
			p.Tags[k] = d.string("Tags value")
		}
	}
	if n := d.count("Aliases", 1); n >= 0 {
		p.Aliases = make([]string, n)
		for i := 0; i < n && d.err == nil; i++ {
			p.Aliases[i] = d.string("Aliases element")
		}
	}
	if d.err != nil {
		return d.err
	}
	if len(d.b) != 0 {
		return fmt.Errorf("%w: %d trailing bytes", ErrMalformed, len(d.b))
	}
	loc := time.UTC
	if off != 0 {
		loc = time.FixedZone("", int(off))
	}
	p.BirthDay = time.Unix(sec, int64(nsec)).In(loc)
	return nil
}
