package workload

import "testing"

// TestParams: nested declares its depth as a headline param, checks it
// (0 or more) and names the workload and flag when it is bad; a workload
// of flat values declares none.
func TestParams(t *testing.T) {
	nested, err := Lookup("nested")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ opt, want string }{{"", "depth 1"}, {"0", "depth 0"}, {"3", "depth 3"}} {
		opts := Options{}
		if tc.opt != "" {
			opts.Params = map[string]string{"depth": tc.opt}
		}
		if err := nested.Check(opts); err != nil {
			t.Errorf("--depth %q: %v", tc.opt, err)
		}
		if got := nested.Headline(opts); len(got) != 1 || got[0] != tc.want {
			t.Errorf("nested.Headline(--depth %q) = %q, want [%q]", tc.opt, got, tc.want)
		}
	}
	for _, tc := range []struct{ opt, want string }{
		{"-2", "nested: --depth -2: want 0 or more"},
		{"x", `nested: --depth "x": want an integer`},
	} {
		err := nested.Check(Options{Params: map[string]string{"depth": tc.opt}})
		if err == nil || err.Error() != tc.want {
			t.Errorf("--depth %q: Check gave %v, want %q", tc.opt, err, tc.want)
		}
	}
	person, err := Lookup("person")
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Params: map[string]string{"depth": "-2"}}
	if len(person.Params) != 0 || person.Headline(opts) != nil || person.Check(opts) != nil {
		t.Error("person: declares params, or reads depth, want none")
	}
	// Every param's default has one of the types a command can take.
	for _, w := range All() {
		for _, p := range w.Params {
			switch p.Default.(type) {
			case int, uint, float64, bool:
			default:
				t.Errorf("%s --%s: default %T, want int, uint, float64 or bool", w.Name, p.Name, p.Default)
			}
			if p.Usage == "" {
				t.Errorf("%s --%s: no usage", w.Name, p.Name)
			}
		}
	}
}

// TestCheckCount: a negative number of values (--values -1) is refused,
// naming the flag, where Values would take it for the default; 0 is the
// default.
func TestCheckCount(t *testing.T) {
	for _, name := range []string{"person", "nested", "bigfloat"} {
		w, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		want := name + ": --values -1: want at least 1 (or leave --values out: the workload's own number)"
		if err := w.Check(Options{Count: -1}); err == nil || err.Error() != want {
			t.Errorf("%s: Check with Count -1 gave %v, want %q", name, err, want)
		}
		for _, n := range []int{0, 1, 10} {
			if err := w.Check(Options{Count: n}); err != nil {
				t.Errorf("%s: Check with Count %d: %v", name, n, err)
			}
		}
	}
}
