package verify

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
)

type rec struct {
	Name  string
	When  time.Time
	Money float64
	Tags  map[string]string
	List  []int
	Big   *big.Float
}

func base() rec {
	return rec{
		Name:  "Zoë",
		When:  time.Date(2001, 2, 3, 4, 5, 6, 789012345, time.FixedZone("IST", 5*3600+1800)),
		Money: 1234.5678901234567,
		Tags:  map[string]string{},
		List:  []int{1, 2},
		Big:   big.NewFloat(1.5),
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mangle func(*rec)
		class  Class
		path   string
		loss   codec.Loss
	}{
		{"millis", func(r *rec) { r.When = r.When.Truncate(time.Millisecond) }, ClassTimePrecision, ".When",
			codec.Loss{Kind: codec.TimePrecision, Precision: time.Millisecond}},
		{"utc", func(r *rec) { r.When = r.When.UTC() }, ClassTimeZone, ".When", codec.Loss{Kind: codec.TimeZone}},
		{"nil map", func(r *rec) { r.Tags = nil }, ClassNilEmpty, ".Tags", codec.Loss{Kind: codec.NilEmpty}},
		{"float32", func(r *rec) { r.Money = float64(float32(r.Money)) }, ClassFloatPrecision, ".Money",
			codec.Loss{Kind: codec.FloatPrecision, Epsilon: 1e-7}},
		{"missing", func(r *rec) { r.Name = "" }, ClassMissingField, ".Name", codec.Loss{}},
		{"other", func(r *rec) { r.List[1] = 3 }, ClassOther, ".List[1]", codec.Loss{}},
		{"big", func(r *rec) { r.Big = big.NewFloat(2) }, ClassOther, ".Big", codec.Loss{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, got := base(), base()
			tc.mangle(&got)
			diffs := Compare(&want, &got, nil)
			if len(diffs) == 0 {
				t.Fatal("no difference found")
			}
			d := diffs[0]
			if d.Class != tc.class || d.Path != tc.path {
				t.Errorf("got %s at %s, want %s at %s (%s)", d.Class, d.Path, tc.class, tc.path, d)
			}
			if tc.loss.Kind != "" {
				if rest := Compare(&want, &got, []codec.Loss{tc.loss}); len(rest) != 0 {
					t.Errorf("declared %v did not accept: %v", tc.loss, rest)
				}
			}
		})
	}
}

func TestStrictTimeOffsets(t *testing.T) {
	a := time.Date(2001, 2, 3, 4, 5, 6, 0, time.FixedZone("EST", -5*3600))
	b := a.In(time.FixedZone("", -5*3600)) // same offset, no zone name
	if d := Compare(a, b, nil); len(d) != 0 {
		t.Errorf("same instant and offset differ: %v", d)
	}
	// Both precision and offset lost: two classes.
	c := a.Truncate(time.Second).Add(0).UTC()
	a2 := a.Add(123)
	d := Compare(a2, c, nil)
	if len(d) != 2 || d[0].Class != ClassTimePrecision || d[1].Class != ClassTimeZone {
		t.Errorf("want precision and zone, got %v", d)
	}
	if rest := Compare(a2, c, []codec.Loss{{Kind: codec.TimePrecision, Precision: time.Second}}); len(rest) == 0 {
		t.Error("precision loss alone accepted a zone change")
	}
}

func TestFloatMargin(t *testing.T) {
	if d := Compare(4.2e-5, 0.0, []codec.Loss{{Kind: codec.FloatPrecision, Margin: 5e-5}}); len(d) != 0 {
		t.Errorf("margin not applied: %v", d)
	}
	d := Compare(4.2e-7, 0.0, nil)
	if len(d) != 1 || d[0].Class != ClassFloatPrecision {
		t.Errorf("small absolute error not float precision: %v", d)
	}
	if d := Compare(1.0, 2.0, nil); d[0].Class != ClassOther || !strings.Contains(d[0].String(), "want 1") {
		t.Errorf("far-off float: %v", d)
	}
}

// dyn holds numbers in interface values, as the nested workload does.
type dyn struct {
	One  interface{}
	List []interface{}
	Map  map[string]interface{}
}

func TestInterfaceTypes(t *testing.T) {
	types := []codec.Loss{{Kind: codec.InterfaceTypes}}
	for _, tc := range []struct {
		name      string
		want, got interface{}
		classes   []Class // strict classification
		accepted  bool    // with InterfaceTypes declared
	}{
		{"int8 as float64", int8(-5), float64(-5), []Class{ClassInterfaceTypes}, true},
		{"uint16 as int32", uint16(300), int32(300), []Class{ClassInterfaceTypes}, true},
		{"int as uint64", 7, uint64(7), []Class{ClassInterfaceTypes}, true},
		{"uint64 as float64", uint64(1) << 52, float64(1 << 52), []Class{ClassInterfaceTypes}, true},
		{"float32 as its shortest float64", float32(0.1), 0.1, []Class{ClassInterfaceTypes}, true},
		{"float32 as its exact float64", float32(0.1), float64(float32(0.1)), []Class{ClassInterfaceTypes}, true},
		{"integral float as int", 3.0, int64(3), []Class{ClassInterfaceTypes}, true},
		{"float32 as its shortest integer", float32(-3.598479e+07), int64(-35984790), []Class{ClassInterfaceTypes}, true},
		{"float32 fraction truncated", float32(2.5), int64(2), []Class{ClassOther}, false},
		{"3 became 4", int64(3), float64(4), []Class{ClassOther}, false},
		{"3 became 4, same type", int64(3), int64(4), []Class{ClassOther}, false},
		{"fraction truncated", 3.5, int64(3), []Class{ClassOther}, false},
		{"float64 narrowed to float32", 0.1, float32(0.1), []Class{ClassInterfaceTypes, ClassFloatPrecision}, false},
		{"beyond 2^53 rounded", uint64(1)<<53 + 1, float64(1 << 53), []Class{ClassInterfaceTypes, ClassFloatPrecision}, false},
		{"wrapped", int64(300), int8(44), []Class{ClassOther}, false},
		{"sign", int64(-1), uint64(math.MaxUint64), []Class{ClassOther}, false},
		{"string", int64(3), "3", []Class{ClassOther}, false},
		{"bool", true, int64(1), []Class{ClassOther}, false},
		{"nil", int64(0), nil, []Class{ClassMissingField}, false},
		{"NaN", float32(math.NaN()), math.NaN(), []Class{ClassInterfaceTypes}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, shape := range []struct {
				name      string
				want, got dyn
				path      string
			}{
				{"field", dyn{One: tc.want}, dyn{One: tc.got}, ".One"},
				{"slice", dyn{List: []interface{}{"a", tc.want}}, dyn{List: []interface{}{"a", tc.got}}, ".List[1]"},
				{"map", dyn{Map: map[string]interface{}{"k": tc.want}}, dyn{Map: map[string]interface{}{"k": tc.got}}, `.Map["k"]`},
			} {
				diffs := Compare(&shape.want, &shape.got, nil)
				var classes []Class
				for _, d := range diffs {
					classes = append(classes, d.Class)
					if d.Path != shape.path {
						t.Errorf("%s: path %s, want %s", shape.name, d.Path, shape.path)
					}
				}
				if fmt.Sprint(classes) != fmt.Sprint(tc.classes) {
					t.Errorf("%s: classes %v, want %v: %v", shape.name, classes, tc.classes, diffs)
				}
				rest := Compare(&shape.want, &shape.got, types)
				if tc.accepted != (len(rest) == 0) {
					t.Errorf("%s: declared interface-types left %v; want accepted = %v", shape.name, rest, tc.accepted)
				}
			}
		})
	}
}

func TestInterfaceTypesWithFloatPrecision(t *testing.T) {
	want := dyn{List: []interface{}{float32(1.5e-8), int64(2)}}
	got := dyn{List: []interface{}{0.0, 2.0}}
	both := []codec.Loss{{Kind: codec.InterfaceTypes}, {Kind: codec.FloatPrecision, Margin: 5e-7}}
	if d := Compare(&want, &got, both); len(d) != 0 {
		t.Errorf("type change within the declared margin not accepted: %v", d)
	}
	if d := Compare(&want, &got, both[:1]); len(d) != 2 || d[0].Class != ClassInterfaceTypes || d[1].Class != ClassFloatPrecision {
		t.Errorf("without the margin: want interface-types and float-precision, got %v", d)
	}
	// Without interface-types both type changes stand; the first also
	// lost precision, which is reported as well.
	if d := Compare(&want, &got, both[1:]); len(d) != 3 || d[0].Class != ClassInterfaceTypes || d[2].Class != ClassInterfaceTypes {
		t.Errorf("without interface-types the type changes stand: %v", d)
	}
	// The margin does not accept a far-off value.
	got.List[1] = 3.0
	if d := Compare(&want, &got, both); len(d) != 1 || d[0].Class != ClassOther || !strings.Contains(d[0].Detail, "int64 became float64") {
		t.Errorf("2 became 3.0: %v", d)
	}
	// Same dynamic type: the declared loss plays no part.
	want.List, got.List = []interface{}{int64(3)}, []interface{}{int64(4)}
	if d := Compare(&want, &got, both); len(d) != 1 || d[0].Class != ClassOther {
		t.Errorf("3 became 4: %v", d)
	}
}
