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

// TestFarTimes compares times more than 292 years apart, where
// time.Time.Sub saturates: a time after 2262 decoded as 1970 must be a
// difference in both directions, under a declared precision bound too
// (go-cmp panics on a comparer that is not symmetric).
func TestFarTimes(t *testing.T) {
	far := time.Date(2300, 1, 2, 3, 4, 5, 0, time.UTC)
	epoch := time.Unix(0, 0).UTC()
	for _, losses := range [][]codec.Loss{nil, {{Kind: codec.TimePrecision, Precision: time.Second}}} {
		for _, pair := range [][2]time.Time{{far, epoch}, {epoch, far}} {
			d := Compare(pair[0], pair[1], losses)
			if len(d) != 1 || d[0].Class != ClassTimePrecision && d[0].Class != ClassOther {
				t.Errorf("%v against %v with %v: %v; want one difference", pair[0], pair[1], losses, d)
			}
		}
	}
	if d := Compare(far, far.Add(500*time.Millisecond), []codec.Loss{{Kind: codec.TimePrecision, Precision: time.Second}}); len(d) != 0 {
		t.Errorf("a declared bound rejected a far time within it: %v", d)
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
		// An integer rounded to a float is not a float losing precision:
		// integers are compared exactly (see TestIntegersExact).
		{"beyond 2^53 rounded", uint64(1)<<53 + 1, float64(1 << 53), []Class{ClassInterfaceTypes, ClassIntegerPrecision}, false},
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

// lossSets are declared losses under which a difference that no loss
// names must still be reported: none, each float tolerance, and every
// kind at once with wide bounds.
var lossSets = [][]codec.Loss{
	nil,
	{{Kind: codec.FloatPrecision, Epsilon: 1e-9}},
	{{Kind: codec.FloatPrecision, Epsilon: 0.5, Margin: 10}},
	{{Kind: codec.InterfaceTypes}, {Kind: codec.FloatPrecision, Epsilon: 0.5, Margin: 10}},
	{
		{Kind: codec.TimePrecision, Precision: time.Hour}, {Kind: codec.TimeZone}, {Kind: codec.NilEmpty},
		{Kind: codec.FloatPrecision, Epsilon: 0.5, Margin: 10}, {Kind: codec.InterfaceTypes},
	},
}

func classesOf(diffs []Diff) []Class {
	var cs []Class
	for _, d := range diffs {
		cs = append(cs, d.Class)
	}
	return cs
}

// bitsCase is a difference that only the bits of a float show, or none.
type bitsCase struct {
	name      string
	want, got any
	path      string
	classes   []Class  // strict classification; nil when equal
	details   []string // in the first difference's detail
	accepted  []codec.Loss
}

func checkBits(t *testing.T, cases []bitsCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			diffs := Compare(tc.want, tc.got, nil)
			if fmt.Sprint(classesOf(diffs)) != fmt.Sprint(tc.classes) {
				t.Fatalf("classes %v, want %v: %v", classesOf(diffs), tc.classes, diffs)
			}
			for _, d := range diffs {
				if d.Path != tc.path {
					t.Errorf("path %s, want %s", d.Path, tc.path)
				}
				for _, s := range tc.details {
					if !strings.Contains(d.Detail, s) {
						t.Errorf("detail %q lacks %q", d.Detail, s)
					}
				}
			}
			for _, losses := range lossSets {
				rest := Compare(tc.want, tc.got, losses)
				if len(tc.classes) == 0 && len(rest) != 0 {
					t.Errorf("equal values differ under %v: %v", losses, rest)
				}
				if len(tc.classes) > 0 && len(rest) == 0 {
					t.Errorf("declared %v accepted it", losses)
				}
			}
		})
	}
}

// fields holds floats of every shape a workload uses.
type fields struct {
	F64  float64
	F32  float32
	C    celsius
	List []float64
	One  interface{}
	Map  map[string]interface{}
	Cx   complex128
}

type celsius float32

var negZero = math.Copysign(0, -1)

func TestZeroSign(t *testing.T) {
	became := "negative zero became +0"
	checkBits(t, []bitsCase{
		{"float64 field", &fields{F64: negZero}, &fields{F64: 0}, ".F64", []Class{ClassZeroSign}, []string{became}, nil},
		{"float64 field, +0 to -0", &fields{F64: 0}, &fields{F64: negZero}, ".F64", []Class{ClassZeroSign}, []string{"+0 became negative zero"}, nil},
		{"float64 field kept", &fields{F64: negZero}, &fields{F64: negZero}, "", nil, nil, nil},
		{"float32 field", &fields{F32: float32(negZero)}, &fields{F32: 0}, ".F32", []Class{ClassZeroSign}, []string{became}, nil},
		{"named float32 field", &fields{C: celsius(negZero)}, &fields{C: 0}, ".C", []Class{ClassZeroSign}, []string{became}, nil},
		{"slice", &fields{List: []float64{1, negZero}}, &fields{List: []float64{1, 0}}, ".List[1]", []Class{ClassZeroSign}, []string{became}, nil},
		{"interface", &fields{One: negZero}, &fields{One: 0.0}, ".One", []Class{ClassZeroSign}, []string{became}, nil},
		{"map", &fields{Map: map[string]interface{}{"k": negZero}}, &fields{Map: map[string]interface{}{"k": 0.0}}, `.Map["k"]`, []Class{ClassZeroSign}, []string{became}, nil},
		{"interface, to an integer", &fields{One: negZero}, &fields{One: int64(0)}, ".One", []Class{ClassInterfaceTypes, ClassZeroSign}, []string{became, "float64 became int64"}, nil},
		{"interface, from an integer", &fields{One: uint8(0)}, &fields{One: negZero}, ".One", []Class{ClassInterfaceTypes, ClassZeroSign}, []string{"+0 became negative zero"}, nil},
		{"interface, float32 to float64", &fields{One: float32(negZero)}, &fields{One: 0.0}, ".One", []Class{ClassInterfaceTypes, ClassZeroSign}, []string{became}, nil},
		{"root", negZero, 0.0, "(root)", []Class{ClassZeroSign}, []string{became}, nil},
		{"complex", &fields{Cx: complex(negZero, 1)}, &fields{Cx: complex(0, 1)}, ".Cx", []Class{ClassZeroSign}, []string{"real part: " + became}, nil},
	})
	// A float32 -0 read back as a float64 -0 is the same number.
	types := []codec.Loss{{Kind: codec.InterfaceTypes}}
	if d := Compare(&fields{One: float32(negZero)}, &fields{One: negZero}, types); len(d) != 0 {
		t.Errorf("float32 -0 as float64 -0: %v", d)
	}
	// A float tolerance still accepts a tiny value read back as a zero
	// of either sign.
	margin := []codec.Loss{{Kind: codec.FloatPrecision, Margin: 1e-6}}
	if d := Compare(&fields{F64: -1e-9}, &fields{F64: 0}, margin); len(d) != 0 {
		t.Errorf("-1e-9 as +0 within the margin: %v", d)
	}
}

func TestNaNBits(t *testing.T) {
	n1, n2 := math.Float64frombits(0x7ff8000000000001), math.Float64frombits(0x7ff8000000000002)
	neg1 := math.Float64frombits(0xfff8000000000001)
	f1, f2 := math.Float32frombits(0x7fc00001), math.Float32frombits(0x7fc00002)
	// A signalling float32 NaN, and the quiet NaN float64 conversion makes
	// of it: they differ in float32 bits only.
	sig, quiet := math.Float32frombits(0x7f800001), math.Float32frombits(0x7fc00001)
	both := []string{"0x7ff8000000000001", "0x7ff8000000000002"}
	checkBits(t, []bitsCase{
		{"float64 payload", &fields{F64: n1}, &fields{F64: n2}, ".F64", []Class{ClassNaNBits}, both, nil},
		{"float64 same payload", &fields{F64: n1}, &fields{F64: n1}, "", nil, nil, nil},
		{"float64 sign", &fields{F64: n1}, &fields{F64: neg1}, ".F64", []Class{ClassNaNBits}, []string{"0x7ff8000000000001", "0xfff8000000000001"}, nil},
		{"float32 payload", &fields{F32: f1}, &fields{F32: f2}, ".F32", []Class{ClassNaNBits}, []string{"0x7fc00001", "0x7fc00002"}, nil},
		{"float32 same payload", &fields{F32: f1}, &fields{F32: f1}, "", nil, nil, nil},
		{"float32 quieted", &fields{F32: sig}, &fields{F32: quiet}, ".F32", []Class{ClassNaNBits}, []string{"0x7f800001", "0x7fc00001"}, nil},
		{"named float32 quieted", &fields{C: celsius(sig)}, &fields{C: celsius(quiet)}, ".C", []Class{ClassNaNBits}, []string{"0x7f800001", "0x7fc00001"}, nil},
		{"slice", &fields{List: []float64{n1}}, &fields{List: []float64{n2}}, ".List[0]", []Class{ClassNaNBits}, both, nil},
		{"slice same payload", &fields{List: []float64{n1}}, &fields{List: []float64{n1}}, "", nil, nil, nil},
		{"interface", &fields{One: n1}, &fields{One: n2}, ".One", []Class{ClassNaNBits}, both, nil},
		{"map", &fields{Map: map[string]interface{}{"k": n1}}, &fields{Map: map[string]interface{}{"k": n2}}, `.Map["k"]`, []Class{ClassNaNBits}, both, nil},
		{"map same payload", &fields{Map: map[string]interface{}{"k": n1}}, &fields{Map: map[string]interface{}{"k": n1}}, "", nil, nil, nil},
		// A float32 NaN read back as a float64 compares float32 bits:
		// float32(float64 0x7ff8000000000001) is 0x7fc00000.
		{"interface float32 as float64", &fields{One: f1}, &fields{One: n1}, ".One", []Class{ClassInterfaceTypes, ClassNaNBits}, []string{"0x7fc00001", "0x7ff8000000000001"}, nil},
		{"complex", &fields{Cx: complex(1, n1)}, &fields{Cx: complex(1, n2)}, ".Cx", []Class{ClassNaNBits}, []string{"imaginary part: NaN bits 0x7ff8000000000001"}, nil},
	})
	// The float64 a float32 NaN widens to is the same NaN, and so is a
	// float64 NaN that narrows to its float32 bits.
	types := []codec.Loss{{Kind: codec.InterfaceTypes}}
	for _, got := range []float64{math.Float64frombits(0x7ff8000020000000), math.Float64frombits(0x7ff8000020000001)} {
		if d := Compare(&fields{One: f1}, &fields{One: got}, types); len(d) != 0 {
			t.Errorf("float32 NaN 0x7fc00001 as float64 %#x: %v", math.Float64bits(got), d)
		}
	}
}

func TestIntegersExact(t *testing.T) {
	u := uint64(1)<<63 + 1
	i := int64(1)<<53 + 1
	eps := codec.Loss{Kind: codec.FloatPrecision, Epsilon: 1e-9}
	margin := codec.Loss{Kind: codec.FloatPrecision, Margin: 10}
	types := codec.Loss{Kind: codec.InterfaceTypes}
	for _, tc := range []struct {
		name      string
		want, got interface{}
		classes   []Class
		losses    [][]codec.Loss // none accepts it
	}{
		{"uint64 2^63+1 as float64", u, float64(u), []Class{ClassInterfaceTypes, ClassIntegerPrecision},
			[][]codec.Loss{{eps}, {types, eps}, {types, margin}, {types, eps, margin}}},
		{"int64 2^53+1 as float64", i, float64(i), []Class{ClassInterfaceTypes, ClassIntegerPrecision},
			[][]codec.Loss{{eps}, {types}, {types, eps}, {types, margin}}},
		{"int64 2^53+1 as float32", i, float32(i), []Class{ClassInterfaceTypes, ClassIntegerPrecision},
			[][]codec.Loss{{types, eps}, {types, margin}}},
		{"-2^63+1 as float64", -int64(1<<62)*2 + 1, float64(-int64(1<<62)*2 + 1), []Class{ClassInterfaceTypes, ClassIntegerPrecision},
			[][]codec.Loss{{types, eps}, {types, margin}}},
		// 2^60+2^36+1 rounds to float32 2^60+2^37; rounded to float64
		// first (2^60+2^36) it would tie to even, to 2^60, and pass for
		// the same number.
		{"float32 2^60 as an integer past the tie", float32(1 << 60), uint64(1)<<60 + 1<<36 + 1, []Class{ClassInterfaceTypes, ClassFloatPrecision},
			[][]codec.Loss{{types}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, shape := range []struct {
				name      string
				want, got dyn
			}{
				{"field", dyn{One: tc.want}, dyn{One: tc.got}},
				{"slice", dyn{List: []interface{}{tc.want}}, dyn{List: []interface{}{tc.got}}},
				{"map", dyn{Map: map[string]interface{}{"k": tc.want}}, dyn{Map: map[string]interface{}{"k": tc.got}}},
			} {
				d := Compare(&shape.want, &shape.got, nil)
				if fmt.Sprint(classesOf(d)) != fmt.Sprint(tc.classes) {
					t.Errorf("%s: classes %v, want %v: %v", shape.name, classesOf(d), tc.classes, d)
				}
				for _, ds := range d {
					if strings.Contains(ds.Detail, "same value") || strings.Contains(ds.Detail, "off by 0") {
						t.Errorf("%s: %s", shape.name, ds)
					}
				}
				for _, losses := range tc.losses {
					if rest := Compare(&shape.want, &shape.got, losses); len(rest) == 0 {
						t.Errorf("%s: declared %v accepted it", shape.name, losses)
					}
				}
			}
		})
	}
	// A float original keeps its tolerance, whatever type comes back, and
	// a float32 still comes back as a float64 that rounds to it.
	for _, tc := range []struct {
		want, got interface{}
	}{
		{2.0000001, int64(2)},
		{float32(0.1), 0.1},
		{float32(1.5e-8), 0.0},
	} {
		want, got := dyn{One: tc.want}, dyn{One: tc.got}
		if d := Compare(&want, &got, []codec.Loss{types, {Kind: codec.FloatPrecision, Margin: 1e-6}}); len(d) != 0 {
			t.Errorf("%#v as %#v: %v", tc.want, tc.got, d)
		}
	}
}

// timed holds a time and floats for tallies.
type timed struct {
	When time.Time
	F    float64
	One  interface{}
}

func TestTallyTime(t *testing.T) {
	at := time.Date(2001, 2, 3, 4, 5, 6, 789012345, time.UTC)
	value := func(off time.Duration) (want, got *timed) {
		return &timed{When: at}, &timed{When: at.Add(off)}
	}
	for _, tc := range []struct {
		name    string
		bound   time.Duration
		errs    []time.Duration
		largest string
		loose   bool
		str     string
	}{
		{"1h bound, 1ms seen", time.Hour, []time.Duration{time.Millisecond}, "1ms", true,
			"time-precision: bound 1h, largest seen 1ms (bound 3600000× looser than observed)"},
		{"1ms bound, 999µs seen", time.Millisecond, []time.Duration{-999 * time.Microsecond}, "999µs", false,
			"time-precision: bound 1ms, largest seen 999µs"},
		{"10× is not loose", 10 * time.Millisecond, []time.Duration{time.Millisecond}, "1ms", false, ""},
		{"more than 10× is", 10*time.Millisecond + 1, []time.Duration{time.Millisecond}, "1ms", true, ""},
		{"largest of several", time.Millisecond, []time.Duration{time.Microsecond, 0, -999 * time.Microsecond, 5 * time.Microsecond}, "999µs", false, ""},
		{"beyond the bound not counted", time.Millisecond, []time.Duration{time.Microsecond, 2 * time.Millisecond}, "1µs", true, ""},
		{"none seen", time.Millisecond, []time.Duration{0, 0}, "none seen", true,
			"time-precision: bound 1ms, none seen (the bound accepted no difference)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			losses := []codec.Loss{{Kind: codec.TimeZone}, {Kind: codec.TimePrecision, Precision: tc.bound}}
			var tally Tally
			for _, off := range tc.errs {
				want, got := value(off)
				if d, strict := tally.Add(want, got, losses), Compare(want, got, nil); fmt.Sprint(d) != fmt.Sprint(strict) {
					t.Errorf("Add returned %v, Compare %v", d, strict)
				}
			}
			ext := tally.Extents(losses)
			if len(ext) != 1 {
				t.Fatalf("extents %v, want one", ext)
			}
			e := ext[0]
			if e.Kind != codec.TimePrecision || e.Largest != tc.largest || e.Loose != tc.loose || e.BoundValue != float64(tc.bound) {
				t.Errorf("got %+v, want largest %s, loose %v", e, tc.largest, tc.loose)
			}
			if tc.str != "" && e.String() != tc.str {
				t.Errorf("String() = %q, want %q", e.String(), tc.str)
			}
		})
	}
}

func TestTallyFloat(t *testing.T) {
	eps := func(e float64) []codec.Loss { return []codec.Loss{{Kind: codec.FloatPrecision, Epsilon: e}} }
	mar := func(m float64) []codec.Loss { return []codec.Loss{{Kind: codec.FloatPrecision, Margin: m}} }
	types := codec.Loss{Kind: codec.InterfaceTypes}
	for _, tc := range []struct {
		name      string
		losses    []codec.Loss
		want, got []timed
		measures  []string
		seen      []int
		loose     []bool
		largest   []float64 // 0: not checked
	}{
		{"epsilon 1e-6, relative 1e-7 seen", eps(1e-6), []timed{{F: 1}}, []timed{{F: 1 + 1e-7}},
			[]string{"relative"}, []int{1}, []bool{false}, nil},
		{"epsilon 1e-3, relative 1e-7 seen", eps(1e-3), []timed{{F: 1}}, []timed{{F: 1 + 1e-7}},
			[]string{"relative"}, []int{1}, []bool{true}, nil},
		{"margin 10, absolute 1 seen: 10× is not loose", mar(10), []timed{{F: 0.5}}, []timed{{F: 1.5}},
			[]string{"absolute"}, []int{1}, []bool{false}, []float64{1}},
		{"margin 1e-3, absolute 4.2e-5 seen", mar(1e-3), []timed{{F: 4.2e-5}}, []timed{{F: 0}},
			[]string{"absolute"}, []int{1}, []bool{true}, []float64{4.2e-5}},
		{"both bounds, each counts what it accepts",
			[]codec.Loss{{Kind: codec.FloatPrecision, Epsilon: 1e-6, Margin: 1e-3}},
			[]timed{{F: 10000}, {F: 4e-4}}, []timed{{F: 10000.005}, {F: 0}},
			[]string{"relative", "absolute"}, []int{1, 1}, []bool{false, false}, []float64{5e-7, 4e-4}},
		{"float32 in an interface as float64, within the margin", []codec.Loss{types, {Kind: codec.FloatPrecision, Margin: 1e-7}},
			[]timed{{One: float32(1.5e-8)}}, []timed{{One: 0.0}},
			[]string{"absolute"}, []int{1}, []bool{false}, []float64{float64(float32(1.5e-8))}},
		{"type change not counted without interface-types", mar(1e-7),
			[]timed{{One: float32(1.5e-8)}}, []timed{{One: 0.0}},
			[]string{"absolute"}, []int{0}, []bool{true}, nil},
		{"integers, signs of zero and NaNs not counted", []codec.Loss{types, {Kind: codec.FloatPrecision, Epsilon: 0.5, Margin: 10}},
			[]timed{{One: uint64(1)<<63 + 1}, {F: negZero}, {F: math.Float64frombits(0x7ff8000000000001)}},
			[]timed{{One: float64(uint64(1)<<63 + 1)}, {F: 0}, {F: math.Float64frombits(0x7ff8000000000002)}},
			[]string{"relative", "absolute"}, []int{0, 0}, []bool{true, true}, nil},
		{"beyond the bound not counted", mar(1e-3), []timed{{F: 1}, {F: 1}}, []timed{{F: 1.0005}, {F: 2}},
			[]string{"absolute"}, []int{1}, []bool{false}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Added in both orders, the tallies agree.
			var fwd, rev Tally
			for i := range tc.want {
				fwd.Add(&tc.want[i], &tc.got[i], tc.losses)
				j := len(tc.want) - 1 - i
				rev.Add(&tc.want[j], &tc.got[j], tc.losses)
			}
			ext := fwd.Extents(tc.losses)
			if fmt.Sprint(ext) != fmt.Sprint(rev.Extents(tc.losses)) {
				t.Errorf("order matters: %v and %v", ext, rev.Extents(tc.losses))
			}
			if len(ext) != len(tc.measures) {
				t.Fatalf("extents %v, want %d", ext, len(tc.measures))
			}
			for i, e := range ext {
				if e.Kind != codec.FloatPrecision || e.Measure != tc.measures[i] || e.Seen != tc.seen[i] || e.Loose != tc.loose[i] {
					t.Errorf("extent %d: %+v; want %s, seen %d, loose %v", i, e, tc.measures[i], tc.seen[i], tc.loose[i])
				}
				if tc.largest != nil && tc.largest[i] != 0 && math.Abs(e.LargestValue-tc.largest[i]) > 1e-9*tc.largest[i] {
					t.Errorf("extent %d: largest %g, want %g", i, e.LargestValue, tc.largest[i])
				}
				if e.Seen > 0 && e.LargestValue > e.BoundValue {
					t.Errorf("extent %d: largest %g beyond the bound", i, e.LargestValue)
				}
			}
		})
	}
}

func TestExtentString(t *testing.T) {
	for d, want := range map[time.Duration]string{
		time.Hour: "1h", 90 * time.Minute: "1h30m", time.Minute: "1m", 61 * time.Second: "1m1s",
		1500 * time.Millisecond: "1.5s", 0: "0s", 999 * time.Microsecond: "999µs",
	} {
		if got := formatDuration(d); got != want {
			t.Errorf("formatDuration(%d) = %q, want %q", d, got, want)
		}
	}
	var tally Tally
	losses := []codec.Loss{{Kind: codec.FloatPrecision, Epsilon: 1e-3, Margin: 1e-6}, {Kind: codec.NilEmpty}}
	tally.Add(&timed{F: 1}, &timed{F: 1 + 1e-7}, losses)
	var got []string
	for _, e := range tally.Extents(losses) {
		got = append(got, e.String())
	}
	want := []string{
		"float-precision: relative bound 0.001, largest seen 1e-07 (bound 10000× looser than observed)",
		"float-precision: absolute bound 1e-06, largest seen 1e-07",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if e := (Extent{Seen: 0}); !math.IsInf(e.Ratio(), 1) {
		t.Errorf("ratio with none seen: %g", e.Ratio())
	}
	if ext := tally.Extents([]codec.Loss{{Kind: codec.TimeZone}, {Kind: codec.InterfaceTypes}}); len(ext) != 0 {
		t.Errorf("unbounded losses have extents: %v", ext)
	}
}

// TestTallyAddIsCompare checks that Add returns what the strict Compare
// does, on values with many kinds of difference.
func TestTallyAddIsCompare(t *testing.T) {
	want, got := base(), base()
	got.When = got.When.Truncate(time.Millisecond).UTC()
	got.Money = float64(float32(got.Money))
	got.Tags = nil
	got.List = []int{1, 3, 4}
	var tally Tally
	d := tally.Add(&want, &got, []codec.Loss{{Kind: codec.TimePrecision, Precision: time.Millisecond}})
	if strict := Compare(&want, &got, nil); len(d) < 4 || fmt.Sprint(d) != fmt.Sprint(strict) {
		t.Errorf("Add returned %v, Compare %v", d, strict)
	}
}
