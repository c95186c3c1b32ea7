package workload

import (
	"math/big"
	"strconv"
	"strings"
	"testing"
)

func sameBigFloats(t *testing.T, a, b []*big.Float) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("lengths %d and %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Cmp(b[i]) != 0 || a[i].Prec() != b[i].Prec() || a[i].Signbit() != b[i].Signbit() {
			t.Fatalf("value %d: %s and %s differ", i, a[i].Text('g', -1), b[i].Text('g', -1))
		}
	}
}

func TestBigFloatDeterministic(t *testing.T) {
	for _, opts := range []BigFloatOptions{{}, {Seed: 7, Count: 50, Precision: 200}, {From: 0, To: 100, By: 3}, {Random: true, From: 5, To: 6}} {
		a, err := BigFloats(opts)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := BigFloats(opts)
		sameBigFloats(t, a, b)
		// Through the registered workload too.
		w, _ := Lookup("bigfloat")
		wopts := paramsOf(opts)
		if err := w.Check(wopts); err != nil {
			t.Fatal(err)
		}
		if got, err := BigFloatOptionsOf(wopts); err != nil || got != opts {
			t.Fatalf("BigFloatOptionsOf(%+v) = %+v, %v; want %+v", wopts, got, err, opts)
		}
		vs := w.Values(wopts)
		for i, v := range vs {
			if v.(*BigFloat).Value.Cmp(a[i]) != 0 {
				t.Fatalf("Values and BigFloats differ at %d", i)
			}
		}
	}
	a, _ := BigFloats(BigFloatOptions{Seed: 1})
	b, _ := BigFloats(BigFloatOptions{Seed: 2})
	if a[0].Cmp(b[0]) == 0 && a[1].Cmp(b[1]) == 0 {
		t.Error("different seeds gave the same values")
	}
}

func TestBigFloatRandom(t *testing.T) {
	for _, prec := range []uint{0, 24, 64, 113, 300} {
		xs, err := BigFloats(BigFloatOptions{Precision: prec})
		if err != nil {
			t.Fatal(err)
		}
		want := prec
		if want == 0 {
			want = BigFloatPrecision
		}
		if len(xs) != BigFloatCount {
			t.Fatalf("%d values, want %d", len(xs), BigFloatCount)
		}
		lo, hi := big.NewFloat(1e-30), big.NewFloat(1e30)
		var ints, fracs, neg int
		for i, x := range xs {
			if x.Prec() != want {
				t.Fatalf("value %d has precision %d, want %d", i, x.Prec(), want)
			}
			a := new(big.Float).Abs(x)
			if x.Sign() != 0 && (a.Cmp(lo) < 0 || a.Cmp(hi) >= 0) {
				t.Errorf("value %d = %s is outside 1e-30..1e30", i, x.Text('g', 10))
			}
			if x.IsInt() {
				ints++
			} else {
				fracs++
			}
			if x.Signbit() {
				neg++
			}
		}
		if ints < 300 || fracs < 200 || neg < 150 {
			t.Errorf("precision %d: %d integers, %d fractions, %d negative: not a mix", want, ints, fracs, neg)
		}
	}
}

func TestBigFloatRange(t *testing.T) {
	xs, err := BigFloats(BigFloatOptions{From: 0, To: 1000000, By: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(xs) != 1000000 {
		t.Fatalf("%d values", len(xs))
	}
	for _, i := range []int{0, 1, 999, 999999} {
		if v, _ := xs[i].Int64(); v != int64(i) || xs[i].Prec() != 64 {
			t.Errorf("value %d = %s (prec %d)", i, xs[i].Text('g', -1), xs[i].Prec())
		}
	}
	xs, _ = BigFloats(BigFloatOptions{From: 1, To: 0, By: -0.25, Precision: 10})
	want := []float64{1, 0.75, 0.5, 0.25}
	if len(xs) != len(want) {
		t.Fatalf("got %d values, want %v", len(xs), want)
	}
	for i, w := range want {
		if f, _ := xs[i].Float64(); f != w || xs[i].Prec() != 10 {
			t.Errorf("value %d = %s, want %g", i, xs[i].Text('g', -1), w)
		}
	}
	// The count is the float64 quotient's ceiling, as BigFloatCountOf
	// says, also where one more value would be below To exactly (the
	// documented rule); and where the quotient rounds up, To still ends
	// the range.
	for _, c := range []struct {
		o BigFloatOptions
		n int
	}{
		{BigFloatOptions{From: 0, To: 0.23, By: 0.01}, 23},
		{BigFloatOptions{From: 0, To: 0.3, By: 0.1}, 3},
		{BigFloatOptions{From: 0, To: 0.30000000000000004, By: 0.1}, 4},
	} {
		xs, _ = BigFloats(c.o)
		if len(xs) != c.n || BigFloatCountOf(c.o) != c.n {
			t.Errorf("%+v: %d values, BigFloatCountOf %d; want %d", c.o, len(xs), BigFloatCountOf(c.o), c.n)
		}
		if to := new(big.Float).SetFloat64(c.o.To); xs[len(xs)-1].Cmp(to) >= 0 {
			t.Errorf("%+v: last value %s is not below To", c.o, xs[len(xs)-1].Text('g', -1))
		}
	}
	// Count is ignored by a range; Random overrides it.
	xs, _ = BigFloats(BigFloatOptions{From: 10, To: 20, Count: 3})
	if len(xs) != 10 {
		t.Errorf("range with Count: %d values, want 10", len(xs))
	}
	xs, _ = BigFloats(BigFloatOptions{From: 10, To: 20, Random: true, Count: 3})
	if len(xs) != 3 {
		t.Errorf("Random with a range: %d values, want 3", len(xs))
	}
}

// paramsOf returns the workload options that give o: the bigfloat params
// of its non-zero fields.
func paramsOf(o BigFloatOptions) Options {
	opts := Options{Seed: o.Seed, Count: o.Count, Params: map[string]string{}}
	if o.Precision != 0 {
		opts.Params["precision"] = strconv.FormatUint(uint64(o.Precision), 10)
	}
	for name, v := range map[string]float64{"from": o.From, "to": o.To, "by": o.By} {
		if v != 0 {
			opts.Params[name] = strconv.FormatFloat(v, 'g', -1, 64)
		}
	}
	if o.Random {
		opts.Params["random"] = "true"
	}
	return opts
}

func TestBigFloatValidate(t *testing.T) {
	for _, opts := range []BigFloatOptions{{From: 5, To: 1}, {From: 0, To: 1, By: -1}, {To: 1e12}, {Precision: big.MaxPrec + 1}} {
		if err := ValidateBigFloatOptions(opts); err == nil {
			t.Errorf("%+v: no error", opts)
		}
		if _, err := BigFloats(opts); err == nil {
			t.Errorf("%+v: BigFloats gave no error", opts)
		}
		w, _ := Lookup("bigfloat")
		if err := w.Check(paramsOf(opts)); err == nil || !strings.HasPrefix(err.Error(), "bigfloat: --") {
			t.Errorf("%+v: Check gave %v, want an error naming the workload and a flag", opts, err)
		}
	}
	w, _ := Lookup("bigfloat")
	for name, v := range map[string]string{"precision": "-1", "from": "x", "random": "maybe"} {
		if err := w.Check(Options{Params: map[string]string{name: v}}); err == nil || !strings.Contains(err.Error(), "--"+name) {
			t.Errorf("--%s %s: Check gave %v, want an error naming the flag", name, v, err)
		}
	}
}
