package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/golden"
	"github.com/serbench/serbench/result"
)

func TestOnePassGolden(t *testing.T) {
	rows := []result.OnePassRow{
		{Workload: "nested", Codec: "bson", Status: result.VerifyLossy, Values: 100, Len: 5265, MeanLen: 5518.3,
			Encode: 228887 * time.Nanosecond, Decode: 242065 * time.Nanosecond, Match: true,
			Lossy: []string{"interface-types", "time-precision", "time-zone"}},
		{Workload: "nested", Codec: "gob-stream", Status: result.VerifyExact, Values: 100, Len: 2452, MeanLen: 2554.3,
			Encode: 514737 * time.Nanosecond, Decode: 1728763 * time.Nanosecond, Match: true},
		{Workload: "nested", Codec: "fast", Status: result.VerifyExact, Values: 100, Len: 812, MeanLen: 880.7,
			Encode: 950 * time.Nanosecond, Decode: 12 * time.Microsecond, Match: true},
		{Workload: "nested", Codec: "broken", Status: result.VerifyMismatch, Values: 100, Len: 3501, MeanLen: 3587.8,
			Encode: 178522 * time.Nanosecond, Decode: 150268 * time.Nanosecond, DiffValues: 37,
			FirstDiff: "other at .Ui8slice[0]: want 0xf, got 0xa5\n(second line)"},
		{Workload: "nested", Codec: "mostly", Status: result.VerifyMismatch, Values: 100, Len: 1580, MeanLen: 1602,
			Encode: 289606 * time.Nanosecond, Decode: 301962 * time.Nanosecond, Match: true, DiffValues: 2},
		{Workload: "nested", Codec: "handwritten", Status: result.VerifyUnsupported,
			Error: "unsupported: handwritten encodes workload.Person only"},
		{Workload: "nested", Codec: "panics", Status: result.VerifyError,
			Error: "one pass: encode panicked: runtime error: invalid memory address"},
	}
	var b bytes.Buffer
	if err := OnePassTable(&b, "nested", []string{"depth 1"}, rows); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "onepass.golden", b.Bytes())
}

// A reference codec (the noop floor) has nothing to match.
func TestOnePassReference(t *testing.T) {
	var b strings.Builder
	rows := []result.OnePassRow{{Workload: "person", Codec: "noop", Status: result.VerifyReference, Len: 1, MeanLen: 1}}
	if err := OnePassTable(&b, "person", nil, rows); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "match: - (a reference: it carries no data)") {
		t.Errorf("reference row:\n%s", b.String())
	}
}
