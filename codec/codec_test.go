package codec

import (
	"strings"
	"testing"
)

func TestExpected(t *testing.T) {
	info := Info{Expect: []Expectation{
		{Workload: "a", Kind: ExpectUnsupported, Why: "a has no schema"},
		{Workload: "b", Kind: ExpectMismatch, Why: "b loses its sign"},
	}}
	for _, tc := range []struct {
		workload string
		kind     ExpectKind
		want     string
	}{
		{"a", ExpectUnsupported, "a has no schema"},
		{"a", ExpectMismatch, ""},
		{"b", ExpectMismatch, "b loses its sign"},
		{"b", ExpectUnsupported, ""},
		{"c", ExpectUnsupported, ""},
	} {
		if got := info.Expected(tc.workload, tc.kind); got != tc.want {
			t.Errorf("Expected(%q, %s) = %q, want %q", tc.workload, tc.kind, got, tc.want)
		}
	}
}

func TestValidExpect(t *testing.T) {
	for _, tc := range []struct {
		expect []Expectation
		err    string
	}{
		{nil, ""},
		{[]Expectation{{Workload: "a", Kind: ExpectUnsupported, Why: "why"}, {Workload: "b", Kind: ExpectMismatch, Why: "why"}}, ""},
		{[]Expectation{{Workload: "a", Kind: "odd", Why: "why"}}, `kind "odd"`},
		{[]Expectation{{Workload: "", Kind: ExpectMismatch, Why: "why"}}, "without a workload or a reason"},
		{[]Expectation{{Workload: "a", Kind: ExpectMismatch}}, "without a workload or a reason"},
		{[]Expectation{{Workload: "a", Kind: ExpectMismatch, Why: "why"}, {Workload: "a", Kind: ExpectUnsupported, Why: "why"}}, `two expectations for workload "a"`},
	} {
		err := validExpect(tc.expect)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("validExpect(%+v) = %v, want an error with %q", tc.expect, err, tc.err)
		}
	}
}
