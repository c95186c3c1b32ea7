package workload

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func bsonTypesWorkloads(t *testing.T) []*Workload {
	var ws []*Workload
	for _, w := range All() {
		if strings.HasPrefix(w.Name, "bsontypes-") {
			ws = append(ws, w)
		}
	}
	if len(ws) != 17 {
		t.Fatalf("%d bsontypes workloads, want 16 types and the document", len(ws))
	}
	return ws
}

func TestBSONTypesDeterministic(t *testing.T) {
	for _, w := range bsonTypesWorkloads(t) {
		a := w.Values(Options{})
		b := w.Values(Options{})
		if len(a) != BSONTypesCount {
			t.Fatalf("%s: %d values", w.Name, len(a))
		}
		if !cmp.Equal(a, b) {
			t.Errorf("%s: the same options gave different values", w.Name)
		}
		if reflect.TypeOf(a[0]).Elem() != w.Type {
			t.Errorf("%s: value type %T, want *%s", w.Name, a[0], w.Type)
		}
		c := w.Values(Options{Seed: 99, Count: 3})
		if len(c) != 3 {
			t.Errorf("%s: Count 3 gave %d values", w.Name, len(c))
		}
		switch w.Name {
		case "bsontypes-null", "bsontypes-minkey", "bsontypes-maxkey":
		default:
			if cmp.Equal(a[0], c[0]) {
				t.Errorf("%s: seeds %d and 99 gave the same first value", w.Name, BSONTypesSeed)
			}
		}
	}
}

func TestBSONTypesShape(t *testing.T) {
	w, err := Lookup("bsontypes-datetime")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range w.Values(Options{Count: 10}) {
		d := v.(*BSONTypeDoc[time.Time])
		if len(d.Values) != BSONTypeElements {
			t.Fatalf("%d elements", len(d.Values))
		}
		for _, tm := range d.Values {
			if tm.Nanosecond()%1e6 != 0 || tm.Location().String() != "UTC" {
				t.Errorf("datetime %s is not whole milliseconds in UTC", tm)
			}
		}
	}
	w, _ = Lookup("bsontypes-decimal128")
	d := w.Values(Options{Count: 1})[0].(*BSONTypeDoc[BSONDecimal128])
	typ, data, err := d.Values[0].MarshalBSONValue()
	if err != nil || typ != 0x13 || len(data) != 16 {
		t.Fatalf("MarshalBSONValue: %#x %d %v", typ, len(data), err)
	}
	var back BSONDecimal128
	if err := back.UnmarshalBSONValue(typ, data); err != nil || back != d.Values[0] {
		t.Fatalf("UnmarshalBSONValue: %v %v", back, err)
	}
	if err := back.UnmarshalBSONValue(0x02, data); err == nil {
		t.Error("UnmarshalBSONValue accepted a string")
	}
}
