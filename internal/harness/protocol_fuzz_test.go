package harness

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/serbench/serbench/internal/workerproc"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// fuzzBuild builds the jobs FuzzServe sets up, whatever their spec says:
// units that take no time (a sequential one, a parallel one of 4
// goroutines), one that fails and one that panics; the name "fail" makes
// the setup itself fail. Nothing a fuzzed request asks of them runs long.
func fuzzBuild(ctx context.Context, s Spec) (*Bound, error) {
	if s.Name == "fail" {
		return nil, errors.New("no such job")
	}
	fast := func(n int) (time.Duration, error) { return time.Duration(n), nil }
	cell := func(op string, g int) result.Cell {
		return result.Cell{Workload: "w", Codec: "c", Op: op, Goroutines: g, MeanSize: 12}
	}
	return &Bound{
		Verification: &result.Verification{Workload: "w", Codec: "c", Status: result.VerifyExact, Values: 1},
		Units: []Unit{
			{Cell: cell(result.OpEncode, 1), Loop: fast},
			{Cell: cell(result.OpDecode, 4), Loop: fast, Ops: 4},
			{Cell: cell(result.OpAccess, 1), Loop: func(int) (time.Duration, error) { return 0, errors.New("unit fails") }},
			{Cell: cell(result.OpZstd, 1), Loop: func(int) (time.Duration, error) { panic("unit panics") }},
		},
	}, nil
}

// protocolLines returns requests or responses as the coordinator and the
// worker write them: one JSON object a line.
func protocolLines[T any](f testing.TB, msgs ...T) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, m := range msgs {
		if err := enc.Encode(m); err != nil {
			f.Fatal(err)
		}
	}
	return b.Bytes()
}

// realSession is the requests of a worker's life as the scheduler sends
// them: hello, setup, calibrate and sample of each unit, quit.
func realSession(f *testing.F) []byte {
	spec := Spec{Kind: "fuzz", Workload: "person", Name: "json", Options: workload.Options{Count: 100, Params: map[string]string{"depth": "3"}},
		Goroutines: []int{1, 4}, Zstd: true}
	return protocolLines(f,
		request{Op: "hello", Version: ProtocolVersion},
		request{Op: "setup", Spec: &spec},
		request{Op: "calibrate", Unit: 0, Target: 100 * time.Millisecond},
		request{Op: "calibrate", Unit: 1, Target: 100 * time.Millisecond},
		request{Op: "sample", Unit: 0, Iters: 1000},
		request{Op: "sample", Unit: 1, Iters: 250},
		request{Op: "sample", Unit: 2, Iters: 10},
		request{Op: "sample", Unit: 3, Iters: 10},
		request{Op: "quit"},
	)
}

// FuzzServe feeds arbitrary request streams to the worker's side of the
// protocol (serve, with jobs from fuzzBuild). It must not panic or hang;
// it must answer every request it decoded before a quit, in order, with a
// response it can write (an error, not a dead worker, for a bad unit
// index, iteration count, version or operation); and every answer without
// an error must be one the coordinator accepts (checkResponse).
func FuzzServe(f *testing.F) {
	f.Add(realSession(f))
	f.Add(protocolLines(f,
		request{Op: "hello", Version: 7},
		request{Op: "calibrate", Unit: 0},
		request{Op: "setup"},
		request{Op: "setup", Spec: &Spec{Name: "fail"}},
		request{Op: "sample", Unit: -1, Iters: 1},
		request{Op: "sample", Unit: 1 << 40, Iters: 1},
		request{Op: "sample", Unit: 0, Iters: 0},
		request{Op: "dance"},
	))
	f.Add(protocolLines(f,
		request{Op: "setup", Spec: &Spec{Name: "x"}},
		request{Op: "sample", Unit: 1, Iters: 1 << 62},
		request{Op: "sample", Unit: 0, Iters: -5},
	))
	f.Add([]byte(`{"op":"hello","version":1}{"op":"setup","spec":{"name":"x"}}` + "\n" + `{"op":"sample","unit":"0"}` + "\n"))
	f.Add([]byte("null\n[]\n{\"op\":1}\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		// What serve decodes: the requests up to the first that is not
		// one, or up to quit.
		var reqs []request
		dec := json.NewDecoder(bytes.NewReader(in))
		for {
			var r request
			if dec.Decode(&r) != nil || r.Op == "quit" {
				break
			}
			reqs = append(reqs, r)
		}
		var out bytes.Buffer
		done := make(chan error, 1)
		go func() {
			done <- serve(context.Background(), bytes.NewReader(in), &out, nil, &handler{build: fuzzBuild})
		}()
		var err error
		select {
		case err = <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("serve still runs after 10 s on %q", in)
		}
		if err != nil && strings.HasPrefix(err.Error(), "write response") {
			t.Fatalf("serve: %v", err)
		}
		sc := bufio.NewScanner(&out)
		sc.Buffer(nil, 1<<20)
		i := 0
		for ; sc.Scan(); i++ {
			var resp response
			if err := json.Unmarshal(sc.Bytes(), &resp); err != nil {
				t.Fatalf("response %d %q: %v", i, sc.Bytes(), err)
			}
			if i >= len(reqs) {
				t.Fatalf("response %d to no request: %s", i, sc.Bytes())
			}
			req := reqs[i]
			if resp.Error == "" {
				switch req.Op {
				case "hello", "setup", "calibrate", "sample":
				default:
					t.Fatalf("request %+v answered without an error", req)
				}
				if err := checkResponse(req, &resp); err != nil {
					t.Fatalf("the coordinator refuses the answer to %+v: %v", req, err)
				}
			}
		}
		if i != len(reqs) {
			t.Fatalf("%d responses to %d requests", i, len(reqs))
		}
	})
}

// FuzzWorkerResponses feeds arbitrary bytes to the coordinator's side of
// the protocol as a worker's responses (read by workerproc.ReadAnswers, as
// the coordinator reads them), each taken as the answer to a request of
// the kind ops names (h, s, c or p, in turn). It must not panic;
// ReadAnswers must end with an error (io.EOF at a clean end); and a
// response checkResponse accepts must hold what the scheduler
// then uses without looking: the protocol version, named cells with
// goroutines, at least one iteration, a sample with non-negative values.
func FuzzWorkerResponses(f *testing.F) {
	sample := result.Sample{Iters: 1000, NsPerOp: 123.4, BytesPerOp: 48, AllocsPerOp: 1, GCCycles: 2, GCCPU: 3 * time.Microsecond}
	f.Add("hscpp", protocolLines(f,
		response{Version: ProtocolVersion, PID: 4242},
		response{Verification: &result.Verification{Workload: "person", Codec: "json", Status: result.VerifyExact, Values: 100, MeanSize: 210.5},
			Cells: []result.Cell{{Workload: "person", Codec: "json", Op: result.OpEncode, Goroutines: 1, MeanSize: 210.5},
				{Workload: "person", Codec: "json", Op: result.OpDecode, Goroutines: 4, MeanSize: 210.5}}},
		response{Iters: 81234, PerSample: 51 * time.Millisecond},
		response{Sample: &sample},
		response{Error: "decode: codec panicked: boom"},
	))
	f.Add("pcsh", protocolLines(f,
		response{Sample: &result.Sample{Iters: 0, NsPerOp: -1}},
		response{Iters: -3},
		response{Cells: []result.Cell{{Op: "encode"}}},
		response{Version: 99},
	))
	f.Add("p", []byte(`{"sample":{"Iters":1,"NsPerOp":1e400}}`+"\n"+`{"sample":null}`+"\nnull\n{"))
	f.Fuzz(func(t *testing.T, ops string, data []byte) {
		if ops == "" {
			ops = "p"
		}
		byLetter := map[byte]request{
			'h': {Op: "hello", Version: ProtocolVersion},
			's': {Op: "setup", Spec: &Spec{Kind: "k", Workload: "w", Name: "c"}},
			'c': {Op: "calibrate", Unit: 0, Target: time.Millisecond},
		}
		resps := make(chan response)
		ended := make(chan error, 1)
		go func() { ended <- workerproc.ReadAnswers(bytes.NewReader(data), resps); close(resps) }()
		i := 0
		for r := range resps {
			req, ok := byLetter[ops[i%len(ops)]]
			if !ok {
				req = request{Op: "sample", Unit: 1, Iters: 10}
			}
			i++
			if r.Error != "" || checkResponse(req, &r) != nil {
				continue
			}
			switch req.Op {
			case "hello":
				if r.Version != ProtocolVersion {
					t.Fatalf("hello: version %d accepted", r.Version)
				}
			case "setup":
				for _, c := range r.Cells {
					if c.Workload == "" || c.Codec == "" || c.Op == "" || c.Goroutines < 1 || c.MeanSize < 0 {
						t.Fatalf("setup: cell %+v accepted", c)
					}
				}
			case "calibrate":
				if r.Iters < 1 || r.PerSample < 0 {
					t.Fatalf("calibrate: %d iterations of %s accepted", r.Iters, r.PerSample)
				}
			case "sample":
				s := *r.Sample // what procWorker.sample returns
				if s.Iters < 1 || s.NsPerOp < 0 || s.BytesPerOp < 0 || s.AllocsPerOp < 0 || s.GCCycles < 0 || s.GCCPU < 0 {
					t.Fatalf("sample %+v accepted", s)
				}
			}
			// What was accepted reads back the same when written again
			// (but for empty lists, which omitempty leaves out).
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatalf("an accepted response does not encode: %v", err)
			}
			var again response
			if err := json.Unmarshal(b, &again); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(r, again, cmpopts.EquateEmpty()); d != "" {
				t.Fatalf("accepted response changes when written again (-read +again):\n%s", d)
			}
		}
		if err := <-ended; err == nil {
			t.Fatal("ReadAnswers ended without an error")
		} else if len(bytes.Trim(data, " \t\r\n")) == 0 && !errors.Is(err, io.EOF) {
			t.Fatalf("empty stream: %v, want io.EOF", err)
		}
	})
}
