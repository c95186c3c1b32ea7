package handwritten

import (
	"errors"
	"math"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "handwritten") }

func TestBindsOnly(t *testing.T) { codectest.BindsOnly(t, codectest.WorkloadTypes(t, "person")) }

// people returns the person workload's values plus edge cases.
func people() []*workload.Person {
	ps := workload.People(workload.PersonSeed, 200)
	ps = append(ps,
		&workload.Person{},
		&workload.Person{Tags: map[string]string{}, Aliases: []string{}},
		&workload.Person{
			Name:     string([]byte{0xff, 0xfe, 0}),
			BirthDay: time.Date(-3000, 1, 1, 0, 0, 0, 999999999, time.FixedZone("odd", -(12*3600+34*60+56))),
			Siblings: math.MinInt,
			Money:    math.Inf(-1),
			Tags:     map[string]string{"": ""},
			Aliases:  []string{""},
		},
		&workload.Person{BirthDay: time.Date(9999, 12, 31, 23, 59, 59, 1, time.UTC), Siblings: math.MaxInt, Money: math.NaN()},
	)
	return ps
}

func TestRoundTripEdgeCases(t *testing.T) {
	for i, p := range people() {
		b := Append(make([]byte, 0, Size(p)), p)
		if len(b) != Size(p) || cap(b) != Size(p) {
			t.Errorf("value %d: Size %d, encoded %d bytes (cap %d)", i, Size(p), len(b), cap(b))
		}
		var got workload.Person
		if err := Decode(b, &got); err != nil {
			t.Fatalf("value %d: %v", i, err)
		}
		if diffs := verify.Compare(p, &got, nil); len(diffs) > 0 {
			t.Errorf("value %d: %s", i, diffs[0])
		}
	}
}

// decodeNoPanic decodes data and fails the test if Decode panics.
func decodeNoPanic(t testing.TB, data []byte) (*workload.Person, error) {
	t.Helper()
	p := new(workload.Person)
	var err error
	if perr := codec.Call("decode", func() error { err = Decode(data, p); return nil }); perr != nil {
		t.Fatalf("Decode(%x) panicked: %v", data, perr)
	}
	return p, err
}

// TestTruncated checks that every strict prefix of every encoding is
// rejected with an error, without a panic.
func TestTruncated(t *testing.T) {
	for i, p := range people() {
		b := Append(nil, p)
		for n := 0; n < len(b); n++ {
			if _, err := decodeNoPanic(t, b[:n:n]); !errors.Is(err, ErrMalformed) {
				t.Fatalf("value %d truncated to %d of %d bytes: err = %v, want ErrMalformed", i, n, len(b), err)
			}
		}
	}
}

func TestMalformed(t *testing.T) {
	valid := Append(nil, &workload.Person{Name: "a", BirthDay: time.Unix(0, 0).UTC()})
	// Offsets in valid: name 0-1, seconds 2, nanoseconds 3, offset 4,
	// phone 5, siblings 6, spouse 7, money 8-15, tags 16, aliases 17.
	const nanos, spouse, tags, aliases = 3, 7, 16, 17
	if len(valid) != 18 {
		t.Fatalf("layout changed: %d bytes %x", len(valid), valid)
	}
	set := func(i int, v ...byte) []byte {
		b := append([]byte(nil), valid[:i]...)
		b = append(b, v...)
		return append(b, valid[i+1:]...)
	}
	cases := map[string][]byte{
		"trailing byte":      append(append([]byte(nil), valid...), 0),
		"spouse 2":           set(spouse, 2),
		"nanoseconds 1e9":    set(nanos, 0x80, 0x94, 0xeb, 0xdc, 0x03),
		"string too long":    append([]byte{0x05, 'a'}, valid[2:]...),
		"huge tags count":    set(tags, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01),
		"huge aliases count": append(append([]byte(nil), valid[:aliases]...), 0xff, 0xff, 0xff, 0xff, 0x0f),
		"varint overflow":    append([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, valid[2:]...),
		"tags count 3 for 1": set(tags, 4, 0, 0, 0),
	}
	for name, b := range cases {
		if _, err := decodeNoPanic(t, b); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: err = %v, want ErrMalformed", name, err)
		}
	}
	if _, err := decodeNoPanic(t, valid); err != nil {
		t.Errorf("valid: %v", err)
	}
}

// FuzzDecode checks that Decode never panics, and that whatever it accepts
// encodes again to a value that decodes to the same Person.
func FuzzDecode(f *testing.F) {
	for _, p := range people()[190:] {
		f.Add(Append(nil, p))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := decodeNoPanic(t, data)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error %v does not wrap ErrMalformed", err)
			}
			return
		}
		b := Append(nil, p)
		if len(b) != Size(p) {
			t.Fatalf("Size %d, encoded %d bytes", Size(p), len(b))
		}
		q, err := decodeNoPanic(t, b)
		if err != nil {
			t.Fatalf("re-encoding of an accepted input does not decode: %v", err)
		}
		if diffs := verify.Compare(p, q, nil); len(diffs) > 0 {
			t.Fatalf("re-encoding changed the value: %s", diffs[0])
		}
	})
}
