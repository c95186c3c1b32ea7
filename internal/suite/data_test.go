package suite

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// TestDataSelection: --data's workload runs alone, or besides those the
// workload pattern selects, and a job of it is built from its spec alone,
// as a worker process builds it.
func TestDataSelection(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.ndjson")
	if err := os.WriteFile(path, []byte("{\"a\":1,\"b\":[\"x\",2.5,null]}\n{\"a\":2,\"b\":[]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, d, err := workload.LoadData(workload.DataSource{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	workload.RegisterData(w)
	opts := workload.Options{Params: d.Params()}
	workloads := func(specs []harness.Spec) map[string]int {
		m := map[string]int{}
		for _, s := range specs {
			m[s.Workload]++
		}
		return m
	}
	specs, err := Specs(Selection{Codec: "^(json|vmihailenco-msgpack|protobuf)$", Options: opts, Data: w}, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := workloads(specs); len(got) != 1 || got["data:mine"] != 3 {
		t.Errorf("--data alone: workloads %v, want data:mine with 3 codecs", got)
	}
	specs, err = Specs(Selection{Workload: "^person$", Codec: "^json$", Options: opts, Data: w}, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := workloads(specs); len(got) != 2 || got["data:mine"] != 1 || got["person"] != 1 {
		t.Errorf("--data and --workload person: workloads %v, want data:mine and person", got)
	}
	// A pattern that selects only the data workload is no error.
	if specs, err := Specs(Selection{Workload: "^data:mine$", Codec: "^json$", Options: opts, Data: w}, nil, false); err != nil || len(specs) != 1 {
		t.Errorf("--workload data:mine with --data: %d specs, %v", len(specs), err)
	}
	if recs := WorkloadRecords(specs); len(recs) != 2 || recs[0].Name != "data:mine" || recs[0].Description != w.Description {
		t.Errorf("workload records %+v, want data:mine's description first", recs)
	}
	// json decodes the integers into interface{} values as float64,
	// which it declares.
	for name, want := range map[string]string{"json": result.VerifyLossy, "vmihailenco-msgpack": result.VerifyExact, "protobuf": result.VerifyUnsupported} {
		b, err := buildCodecJob(context.Background(), harness.Spec{Kind: CodecKind, Workload: "data:mine", Name: name, Options: opts})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b.Verification.Status != want {
			t.Errorf("%s: verification %+v, want %s", name, b.Verification, want)
		}
	}
}
