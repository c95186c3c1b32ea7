package genbind

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/serbench/serbench/codec"
)

// msg is a generated message stand-in: an int written as decimal text.
type msg struct{ n int }

func (m *msg) marshal() ([]byte, error) { return []byte(strconv.Itoa(m.n)), nil }
func (m *msg) unmarshal(b []byte) (err error) {
	m.n, err = strconv.Atoi(string(b))
	return err
}

var mappings = Mappings[*msg]{
	reflect.TypeFor[int](): {
		New:       func() *msg { return new(msg) },
		Of:        func(v any) (any, error) { return &msg{n: *v.(*int)}, nil },
		Canonical: func(v any) (any, error) { n := v.(*msg).n; return &n, nil },
	},
}

func TestMappingRoundTrip(t *testing.T) {
	m, err := mappings.For(codec.Target{Workload: "ints", Type: reflect.TypeFor[int]()}, "test has a schema for int")
	if err != nil {
		t.Fatal(err)
	}
	n := 42
	p, err := m.Of(&n)
	if err != nil {
		t.Fatal(err)
	}
	enc, _ := p.(*msg).marshal()
	dec := m.New()
	if err := dec.unmarshal(enc); err != nil {
		t.Fatal(err)
	}
	got, err := m.Canonical(dec)
	if err != nil || string(enc) != "42" || *got.(*int) != 42 {
		t.Errorf("round trip gave %q and %v (%v), want \"42\" and 42", enc, got, err)
	}
}

func TestForUnsupported(t *testing.T) {
	_, err := mappings.For(codec.Target{Workload: "person", Type: reflect.TypeFor[string]()}, "test has a schema for int")
	if !errors.Is(err, codec.ErrUnsupported) {
		t.Fatalf("err = %v, want codec.ErrUnsupported", err)
	}
	if want := `test has a schema for int only, not string (workload "person")`; !strings.Contains(err.Error(), want) {
		t.Errorf("err = %q, want it to say %q", err, want)
	}
}
