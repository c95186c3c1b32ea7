package workload

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// jsonBytes encodes vs with encoding/json, which sorts map keys, so equal
// values give equal bytes.
func jsonBytes(t *testing.T, vs []any) []byte {
	t.Helper()
	b, err := json.Marshal(vs)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestNestedDeterministic(t *testing.T) {
	w, err := Lookup("nested")
	if err != nil {
		t.Fatal(err)
	}
	a, b := w.Values(Options{}), w.Values(Options{Seed: NestedSeed})
	if len(a) != NestedCount {
		t.Fatalf("%d values, want the default %d", len(a), NestedCount)
	}
	if !cmp.Equal(a, b) {
		t.Errorf("the same seed gave different values: %s", cmp.Diff(a, b))
	}
	if !bytes.Equal(jsonBytes(t, a), jsonBytes(t, b)) {
		t.Error("the same seed gave different JSON encodings")
	}
	c := w.Values(Options{Seed: NestedSeed + 1})
	if cmp.Equal(a, c) {
		t.Error("a different seed gave the same values")
	}
	for i, v := range a {
		if reflect.TypeOf(v) != reflect.PointerTo(w.Type) {
			t.Fatalf("value %d is a %T, want *%s", i, v, w.Type)
		}
	}
	// Distinct values.
	if cmp.Equal(a[0], a[1]) {
		t.Error("values 0 and 1 are equal")
	}
}

// depthOf returns how many times s contains itself, checking that the
// three child slots agree.
func depthOf(t *testing.T, s *TestStruc) int {
	t.Helper()
	if s.Nteststruc != nil {
		t.Error("Nteststruc is not nil")
	}
	if s.Mtsptr == nil && s.Mts == nil && s.Its == nil {
		return 0
	}
	if len(s.Mtsptr) != 1 || len(s.Mts) != 1 || len(s.Its) != 1 {
		t.Fatalf("child slots: %d, %d, %d, want one each", len(s.Mtsptr), len(s.Mts), len(s.Its))
	}
	m := s.Mts["0"]
	d := []int{depthOf(t, s.Mtsptr["0"]), depthOf(t, &m), depthOf(t, s.Its[0])}
	if d[0] != d[1] || d[1] != d[2] {
		t.Fatalf("children of different depths %v", d)
	}
	return d[0] + 1
}

// checkNils checks that the N fields of s and of its children are nil.
func checkNils(t *testing.T, s *TestStruc) {
	t.Helper()
	if s.Nintf != nil || s.Nmap != nil || s.Nslice != nil || s.Nint64 != nil || s.Nteststruc != nil {
		t.Errorf("a nil field is set: %v %v %v %v %v", s.Nintf, s.Nmap, s.Nslice, s.Nint64, s.Nteststruc)
	}
	for _, c := range s.Mtsptr {
		checkNils(t, c)
	}
	for _, c := range s.Mts {
		checkNils(t, &c)
	}
	for _, c := range s.Its {
		checkNils(t, c)
	}
}

func TestNestedDepth(t *testing.T) {
	w, err := Lookup("nested")
	if err != nil {
		t.Fatal(err)
	}
	size := map[int]int{}
	for _, tc := range []struct {
		opt  string
		want int
	}{{"", NestedDepth}, {"0", 0}, {"1", 1}, {"2", 2}, {"3", 3}} {
		opts := Options{Count: 5}
		if tc.opt != "" {
			opts.Params = map[string]string{"depth": tc.opt}
		}
		if err := w.Check(opts); err != nil {
			t.Fatal(err)
		}
		vs := w.Values(opts)
		for _, v := range vs {
			s := v.(*TestStruc)
			if got := depthOf(t, s); got != tc.want {
				t.Errorf("--depth %q: value of depth %d, want %d", tc.opt, got, tc.want)
			}
			checkNils(t, s)
		}
		size[tc.want] = len(jsonBytes(t, vs))
	}
	for d := 1; d <= 3; d++ {
		if size[d] <= size[d-1] {
			t.Errorf("depth %d encodes to %d bytes, depth %d to %d: deeper should be larger", d, size[d], d-1, size[d-1])
		}
	}
}

func TestNestedContents(t *testing.T) {
	types := map[string]bool{}
	var neg8, neg64, edge bool
	for _, s := range Nested(NestedSeed, NestedCount, 0) {
		for _, v := range s.Islice {
			types[fmt.Sprintf("%T", v)] = true
		}
		for _, v := range s.Ms {
			types[fmt.Sprintf("%T", v)] = true
		}
		neg8 = neg8 || s.I8 < 0
		neg64 = neg64 || s.I64 < 0
		edge = edge || s.I64 == -1<<63 || s.Ui32 == 1<<32-1
		if s.Ui64 >= 1<<63 || s.Ui >= 1<<63 || s.AUi64 >= 1<<63 {
			t.Errorf("unsigned 64-bit value at or above 2^63: %d %d %d", s.Ui64, s.Ui, s.AUi64)
		}
		if s.Islice == nil || s.Ms == nil || s.Iptrslice == nil || s.T.IsZero() {
			t.Error("a filled field is empty")
		}
	}
	for _, want := range []string{"<nil>", "string", "bool", "int", "int8", "int32", "int64", "uint16", "uint64", "float32", "float64"} {
		if !types[want] {
			t.Errorf("no %s inside interface{} values (got %v)", want, types)
		}
	}
	if !neg8 || !neg64 || !edge {
		t.Errorf("negative int8 %v, negative int64 %v, edge values %v", neg8, neg64, edge)
	}
}
