package bench_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/bench"
	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/result"
)

// hangCodec is a test codec whose Decode blocks forever: a codec that
// hangs on the user's type during verification. It is a variant
// (BufferReuse), so that only the tests that select it with AllVariants
// and a Codecs pattern meet it. Its name sorts before json's, so that
// json is verified after it.
const hangCodec = "bench-hang"

func init() {
	info := codec.Info{Name: hangCodec, Format: "json", Module: "serbench", API: codec.Reflection,
		Flags: codec.Flags{BufferReuse: true}, Notes: "test codec of package bench: Decode blocks forever"}
	codec.Register(codec.New(info, func(t codec.Target) (codec.Instance, error) {
		return codec.Funcs{
			EncodeFunc: func(v any) ([]byte, error) { return json.Marshal(v) },
			DecodeFunc: func([]byte) (any, error) { select {} },
		}, nil
	}))
}

// hangTimeout is the Timeout the tests give: short, so that they are
// fast, and still far longer than json takes to verify a few values.
const hangTimeout = 3 * time.Second

// hangLine is what Verify and Benchmark say of the hanging codec.
const hangLine = hangCodec + ": verification ran past the timeout of 3s (hung?)"

// TestVerifyHangingCodec checks that Verify bounds each codec's
// verification by Timeout: a codec that hangs on the values is reported
// as such, at level Error, and the codecs after it are verified. Verify
// waited for it forever (until go test's -timeout, with a goroutine dump
// that did not name the codec).
func TestVerifyHangingCodec(t *testing.T) {
	for _, failOn := range []bench.Level{bench.Fail, bench.Error} {
		ft := &fakeT{TB: t}
		done := make(chan []result.Verification, 1)
		go func() {
			done <- bench.Verify(ft, orders(), bench.AllVariants(), bench.Codecs("^("+hangCodec+"|json)$"),
				bench.Timeout(hangTimeout), bench.FailOn(failOn))
		}()
		var vs []result.Verification
		select {
		case vs = <-done:
		case <-time.After(2 * time.Minute):
			t.Fatalf("Verify with a codec that hangs and Timeout(%s) did not return in 2 minutes", hangTimeout)
		}
		log := ft.log.String()
		if !strings.Contains(log, hangLine) {
			t.Errorf("FailOn(%d): the log does not say %q:\n%s", failOn, hangLine, log)
		}
		if v := find(vs, hangCodec); v == nil || v.Status != result.VerifyError || !strings.Contains(v.Error, "ran past the timeout") {
			t.Errorf("FailOn(%d): %s: %+v, want an error that says it ran past the timeout", failOn, hangCodec, v)
		}
		if v := find(vs, "json"); v == nil || v.Failed() || !strings.Contains(log, "json: ") {
			t.Errorf("FailOn(%d): json after the hanging codec: %+v, want it verified; log:\n%s", failOn, v, log)
		}
		// A hang is an error: it fails the test with FailOn(Error) only.
		if want := failOn == bench.Error; ft.failed != want {
			t.Errorf("FailOn(%d): failed %v, want %v; log:\n%s", failOn, ft.failed, want, log)
		}
	}
}

// hangBenchEnv, when set, lets BenchmarkHangingCodec run: it fails by
// design, so it runs only in the process TestBenchmarkHangingCodec
// starts.
const hangBenchEnv = "SERBENCH_BENCH_HANG"

// BenchmarkHangingCodec is run by TestBenchmarkHangingCodec.
func BenchmarkHangingCodec(b *testing.B) {
	if os.Getenv(hangBenchEnv) == "" {
		b.Skip("run by TestBenchmarkHangingCodec")
	}
	bench.Benchmark(b, orders(), bench.AllVariants(), bench.Codecs("^("+hangCodec+"|json)$"), bench.Timeout(hangTimeout))
}

// TestBenchmarkHangingCodec checks that Benchmark bounds each codec's
// verification by Timeout: a codec that hangs on the values fails the
// benchmark with a line that names it, and the codecs after it are timed.
// It runs BenchmarkHangingCodec in a process of its own, whose output
// (the error and the result lines) a *testing.B does not give back.
func TestBenchmarkHangingCodec(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the test binary again")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$", "-test.bench=^BenchmarkHangingCodec$", "-test.benchtime=10x")
	cmd.Env = append(os.Environ(), hangBenchEnv+"=1")
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("Benchmark with a codec that hangs and Timeout(%s) did not return in 2 minutes; output:\n%s", hangTimeout, out)
	}
	if err == nil || !strings.Contains(string(out), "codec="+hangLine) {
		t.Errorf("err = %v, want the benchmark failed with %q; output:\n%s", err, "codec="+hangLine, out)
	}
	for _, op := range []string{"encode", "decode"} {
		if name := "BenchmarkHangingCodec/codec=json/op=" + op; !strings.Contains(string(out), name) {
			t.Errorf("no %s after the hanging codec; output:\n%s", name, out)
		}
	}
}
