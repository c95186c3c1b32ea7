package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

func workloadNamed(t *testing.T, rep *Report, name string) *Workload {
	t.Helper()
	for _, w := range rep.Workloads {
		if w.Name == name {
			return w
		}
	}
	t.Fatalf("no workload %s", name)
	return nil
}

func bandwidthNames(rows []*BandwidthRow) string {
	var s []string
	for _, r := range rows {
		s = append(s, r.Name()+":"+r.Mark())
	}
	return strings.Join(s, " ")
}

func TestBuildReferences(t *testing.T) {
	rep := Build(referenceRun("r1"), Options{})
	person := workloadNamed(t, rep, "person")
	if !person.Generic() || person.Bandwidth != nil {
		t.Error("person is not an encode/decode workload")
	}
	// The floor is neither ranked nor failed; crash and memory are
	// failures like timeout.
	var rows, failed []string
	for _, r := range person.Rows {
		rows = append(rows, r.Codec.Name)
	}
	for _, r := range person.Failed {
		failed = append(failed, r.Codec.Name+":"+r.Mark())
	}
	if got := strings.Join(rows, " "); got != "fast json noisy lossy-bson broken" || person.Rows[0].Relative != 1 {
		t.Errorf("rows %s (first relative %v)", got, person.Rows[0].Relative)
	}
	if got := strings.Join(failed, " "); got != "crashy:crash hog:memory panics:error" {
		t.Errorf("failed %s", got)
	}
	if len(person.Floors) != 1 || person.Floors[0].Codec.Name != "noop" || person.Floors[0].Mark() != MarkRef {
		t.Fatalf("floors %v", person.Floors)
	}
	if got := person.FloorLine(); got != "noop (floor: harness overhead per operation): encode 1.20ns ±2.0%, decode 1.35ns ±2.0%" {
		t.Errorf("floor line %q", got)
	}
	for _, r := range person.SizeRows() {
		if r.Codec.Name == "noop" {
			t.Error("the floor has a row in the compressed sizes")
		}
	}

	vec := workloadNamed(t, rep, "vectors")
	bw := vec.Bandwidth
	if bw == nil || vec.Generic() || len(vec.Rows)+len(vec.Failed) != 0 {
		t.Fatalf("vectors: bandwidth %v, generic %v, %d rows", bw, vec.Generic(), len(vec.Rows)+len(vec.Failed))
	}
	if bw.Raw != vecRaw || bw.RawFrom != "ref.read" || bw.MultiOp {
		t.Errorf("raw %v from %s, multi-op %v", bw.Raw, bw.RawFrom, bw.MultiOp)
	}
	if got := bandwidthNames(bw.Refs); got != "ref.read:ref ref.memcpy:ref" {
		t.Errorf("refs %s", got)
	}
	if got := bandwidthNames(bw.Rows); got != "mapped:ok bad:FAIL loop:ok" {
		t.Errorf("rows %s", got)
	}
	if got := bandwidthNames(bw.Failed); got != "crashed:crash doc:unsupported" {
		t.Errorf("failed %s", got)
	}
	if got := strings.Join(bw.RefHeads(), ","); got != "% read,% memcpy" {
		t.Errorf("heads %s", got)
	}
	// Percent = reference median / row median × 100.
	want := map[string][2]float64{
		"ref.read":   {100, 100 * vecMemcpy / vecRead},
		"ref.memcpy": {100 * vecRead / vecMemcpy, 100},
		"mapped":     {100 * vecRead / vecMapped, 100 * vecMemcpy / vecMapped},
		"bad":        {100 * vecRead / vecBad, 100 * vecMemcpy / vecBad},
		"loop":       {100 * vecRead / vecLoop, 100 * vecMemcpy / vecLoop},
	}
	for _, r := range append(append([]*BandwidthRow(nil), bw.Refs...), bw.Rows...) {
		w := want[r.Name()]
		if len(r.Percent) != 2 || math.Abs(r.Percent[0]-w[0]) > 1e-9 || math.Abs(r.Percent[1]-w[1]) > 1e-9 {
			t.Errorf("%s: percent %v, want %v", r.Name(), r.Percent, w)
		}
	}
	if m := bw.Rows[0].MBps.Center; math.Abs(m-vecRaw/vecMapped*1e3) > 1e-6 {
		t.Errorf("mapped: %v MB/s", m)
	}
	for _, r := range bw.Failed {
		if r.Op != nil || !math.IsNaN(r.Percent[0]) {
			t.Errorf("%s: not timed but summarized", r.Name())
		}
	}
	if f := vec.FloorLine(); f != "noop (floor: harness overhead per operation): decode 1.10ns ±2.0%" {
		t.Errorf("vectors floor %q", f)
	}
}

// Without a read reference, the raw size is the first reference's.
func TestBandwidthWithoutRead(t *testing.T) {
	r := referenceRun("r1")
	var cells []result.Cell
	for _, c := range r.Cells {
		if c.Codec != "ref.read" {
			if c.Codec == "ref.memcpy" {
				c.MeanSize = 2e6
			}
			cells = append(cells, c)
		}
	}
	r.Cells = cells
	bw := workloadNamed(t, Build(r, Options{}), "vectors").Bandwidth
	if bw.Raw != 2e6 || bw.RawFrom != "ref.memcpy" || len(bw.Refs) != 1 || bw.RefHeads()[0] != "% memcpy" {
		t.Fatalf("raw %v from %s, %d refs", bw.Raw, bw.RawFrom, len(bw.Refs))
	}
	if got := bw.Rows[0].MBps.Center; math.Abs(got-2e6/vecMapped*1e3) > 1e-6 {
		t.Errorf("mapped: %v MB/s of 2 MB", got)
	}
}

// A workload with references and encode cells is shown in both tables;
// the bandwidth table then names each row's operation.
func TestBandwidthWithEncode(t *testing.T) {
	r := referenceRun("r1")
	for _, c := range r.Cells {
		if c.Workload == "vectors" && c.Codec == "mapped" {
			c.Op = result.OpEncode
			c.Samples = append([]result.Sample(nil), c.Samples...)
			for i := range c.Samples {
				c.Samples[i].NsPerOp *= 2
			}
			r.Cells = append(r.Cells, c)
			break
		}
	}
	rep := Build(r, Options{})
	vec := workloadNamed(t, rep, "vectors")
	if !vec.Generic() || len(vec.Rows) != 1 || vec.Rows[0].Codec.Name != "mapped" || !vec.Bandwidth.MultiOp {
		t.Fatalf("generic %v, rows %d, multi-op %v", vec.Generic(), len(vec.Rows), vec.Bandwidth.MultiOp)
	}
	var b bytes.Buffer
	if err := Table(&b, rep); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	section := text[strings.Index(text, "workload vectors"):]
	if !strings.Contains(section, "vs best") || !regexp.MustCompile(`(?m)^ +tier +name +op +role +time`).MatchString(section) {
		t.Errorf("no encode/decode table or no op column:\n%s", section)
	}
	if !regexp.MustCompile(`(?m)^ +1 +mapped +encode +2\.40ms .* 16\.7% +42% `).MatchString(section) {
		t.Errorf("no encode row of mapped:\n%s", section)
	}
}

func TestTableReferences(t *testing.T) {
	var b bytes.Buffer
	if err := Table(&b, Build(referenceRun("r1"), Options{})); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	vec := text[strings.Index(text, "workload vectors"):strings.Index(text, "warnings:")]
	for _, re := range []string{
		`(?m)^ +tier +name +role +time +± +MB/s +± +% read +% memcpy +size +B/op +allocs/op +GC/1k +GC% +n +check$`,
		// GC of ref.read: 9 collections in 10 samples of 125
		// iterations, 1000·9/1250 = 7.2 per 1,000; 13.5µs of collector
		// time in 125·400µs·10 = 0.5s, 0.0027%.
		`(?m)^ +ref\.read +read +400µs +±2.0% +10000 +±2.0% +100% +250% +- +0 B +0 +7\.2 +0\.0027 +10 +ref$`,
		// mapped: 10 samples of 41 iterations, 1000·9/410 = 22.
		`(?m)^ +1 +mapped +1\.20ms +±2.0% +3333 +±2.0% +33\.3% +83% +4\.00 MB +32 B +1 +22 +0\.0027 +10 +ok$`,
		`(?m)^ +2 +bad +2\.00ms +±2.0% +2000 +±2.0% +20\.0% +50% +4\.50 MB +4\.50 MB +3 +36 +0\.0027 +10 +FAIL$`,
		`(?m)^ +3 +loop +5\.00ms +±2.0% +800 +±2.0% +8\.0% +20\.0% `,
		`(?m)^ +crashed +- +- +- +- +8\.00 MB +- +- +- +- +0 +crash$`,
		`(?m)^  noop \(floor: harness overhead per operation\): decode 1\.10ns ±2.0%$`,
		`(?m)^  crash crashed: decode: the worker died: exit status 2: panic: runtime error: slice bounds out of range \[:5\] with capacity 4$`,
		`(?m)^  FAIL bad: undeclared loss in 1 of 1000000 values; e\.g\. value 7: got 0\.5, want 1\.5$`,
	} {
		if !regexp.MustCompile(re).MatchString(vec) {
			t.Errorf("the vectors table lacks %s:\n%s", re, vec)
		}
	}
	// References and strategies are in no encode/decode table, and the
	// floor is in no table as a row.
	if strings.Contains(vec, "vs best") {
		t.Error("vectors has an encode/decode table too")
	}
	if regexp.MustCompile(`(?m)^ +noop +[^(]`).MatchString(text) {
		t.Error("the floor is a row of a table")
	}
	if !strings.Contains(text, "memory hog: decode: the worker went past the memory limit and was killed") {
		t.Error("no note on the codec that ran out of memory")
	}
	if strings.Contains(text, "goroutine 1") || strings.Contains(text, "its last output") {
		t.Error("the table shows more than the first line of a crashed worker's output")
	}
}

func TestMarkdownReferences(t *testing.T) {
	var b bytes.Buffer
	if err := Markdown(&b, Build(referenceRun("r1"), Options{})); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	wantIn(t, "the Markdown", md,
		"| tier | name | role | time | MB/s | % read | % memcpy | size | allocs/op | GC/1k | GC% | n | check |",
		"| 1 | mapped |  | 1.20ms ±2.0% | 3333 ±2.0% | 33.3% | 83% | 4.00 MB | 1 | 22 | 0.0027 | 10 | ok |",
		"|  | crashed |  | – | – | – | – | 8.00 MB | – | – | – | 0 | crash |",
		"\nnoop (floor: harness overhead per operation): decode 1.10ns ±2.0%\n",
	)
	file, _ := renderMarkdownFile(t, fixtureRuns(1), Options{})
	wantIn(t, "the Markdown file", file,
		"| 1 | mapped |  | 1.20ms ±2.0% | 3333 ±2.0% | 33.3% | 83% | ok |",
		"| 2 | bad |  | 2.00ms ±2.0% | 2000 ±2.0% | 20.0% | 50% | **FAIL** |",
		"|  | ref.read | read | 400µs ±2.0% | 10000 ±2.0% | 100% | 250% | ref |",
		"| – | crashy | – | – | – | **crash** |",
	)
}

func TestJSONReferences(t *testing.T) {
	var b bytes.Buffer
	if err := JSON(&b, Build(referenceRun("r1"), Options{})); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Workloads []struct {
			Name     string   `json:"name"`
			RawBytes *float64 `json:"raw_bytes"`
			Codecs   []struct {
				Codec        struct{ Name string }
				Verification *result.Verification `json:"verification"`
				Reference    string               `json:"reference"`
				Check        string               `json:"check"`
				Encode       *jsonOp              `json:"encode"`
				Decode       *jsonOp              `json:"decode"`
			} `json:"codecs"`
		} `json:"workloads"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, w := range doc.Workloads {
		for _, c := range w.Codecs {
			key := w.Name + "/" + c.Codec.Name
			found[key] = true
			switch key {
			case "vectors/mapped":
				d := c.Decode
				if d == nil || d.SampleTimeNs == nil || *d.SampleTimeNs != 50e6 || d.Percent["ref.read"] < 33.3 || d.Percent["ref.read"] > 33.4 || *d.RawMBps < 3333 || *d.RawMBps > 3334 {
					t.Errorf("%s decode: %+v", key, d)
				}
				s := d.Samples
				if len(s) != 10 || s[0].Fork != 1 || s[9].Fork != 2 || s[1].GCCycles != 1 || s[2].GCCPUNs != 3000 {
					t.Errorf("%s samples: %+v", key, s)
				}
				if w.RawBytes == nil || *w.RawBytes != vecRaw {
					t.Errorf("vectors raw bytes %v", w.RawBytes)
				}
			case "vectors/ref.read":
				if c.Reference != "read" || c.Check != MarkRef || c.Verification != nil || c.Decode.Reference != "read" {
					t.Errorf("%s: reference %q, check %q, verification %v", key, c.Reference, c.Check, c.Verification)
				}
			case "vectors/bad":
				if c.Check != "FAIL" {
					t.Errorf("%s: check %q", key, c.Check)
				}
			case "person/noop":
				if c.Reference != "floor" || c.Check != MarkRef || c.Encode.Reference != "floor" {
					t.Errorf("%s: reference %q, check %q", key, c.Reference, c.Check)
				}
			case "person/crashy":
				// The whole error, not only its first line.
				if c.Check != "crash" || c.Decode == nil || c.Decode.Status != result.CellCrash || c.Decode.Error != crashTail || len(c.Decode.Samples) != 0 {
					t.Errorf("%s: %+v", key, c.Decode)
				}
			}
		}
	}
	for _, k := range []string{"vectors/mapped", "vectors/ref.read", "vectors/bad", "vectors/crashed", "vectors/doc", "vectors/noop", "person/noop", "person/crashy", "person/hog"} {
		if !found[k] {
			t.Errorf("no %s in the JSON", k)
		}
	}
}

// csvRecords writes rep as CSV and returns its records, the header first,
// and the column of each header.
func csvRecords(t *testing.T, rep *Report) ([][]string, map[string]int) {
	t.Helper()
	var b bytes.Buffer
	if err := CSV(&b, rep); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	return recs, col
}

func TestCSVReferences(t *testing.T) {
	recs, col := csvRecords(t, Build(referenceRun("r1"), Options{}))
	for _, h := range []string{"reference", "sample_time_ns", "forks", "gc_cycles", "gc_cpu_ns"} {
		if _, ok := col[h]; !ok {
			t.Fatalf("no column %s in %v", h, recs[0])
		}
	}
	get := func(workload, codec, op string) []string {
		for _, r := range recs[1:] {
			if r[col["workload"]] == workload && r[col["codec"]] == codec && r[col["op"]] == op {
				return r
			}
		}
		t.Fatalf("no line %s/%s %s", workload, codec, op)
		return nil
	}
	read := get("vectors", "ref.read", "decode")
	if read[col["reference"]] != "read" || read[col["check"]] != MarkRef || read[col["sample_time_ns"]] != "50000000" ||
		read[col["forks"]] != "2" || read[col["gc_cycles"]] != "9" || read[col["gc_cpu_ns"]] != "13500" {
		t.Errorf("ref.read: %v", read)
	}
	if ns, _ := strconv.ParseFloat(read[col["ns_op"]], 64); ns != vecRead {
		t.Errorf("ref.read ns/op %v", ns)
	}
	if l := get("person", "crashy", "encode"); l[col["check"]] != "ok" {
		t.Errorf("crashy encode, which was timed: %v", l)
	}
	if l := get("person", "crashy", "decode"); l[col["check"]] != "crash" || l[col["status"]] != "crash" || l[col["samples"]] != "0" {
		t.Errorf("crashy decode: %v", l)
	}
	if l := get("person", "noop", "decode"); l[col["reference"]] != "floor" || l[col["check"]] != MarkRef {
		t.Errorf("noop decode: %v", l)
	}
}

// The floor and the bandwidth references are in no chart, not even the
// history across runs, and never FAIL in a comparison.
func TestReferencesNotCharted(t *testing.T) {
	runs := fixtureRuns(2)
	series, err := History(runs, HistoryFilter{})
	if err != nil {
		t.Fatal(err)
	}
	roles := map[string]string{}
	for _, s := range series {
		roles[s.Key.Codec] = s.Reference
	}
	if roles["noop"] != "floor" || roles["ref.read"] != "read" || roles["mapped"] != "" {
		t.Errorf("series references %v", roles)
	}
	cs, err := HistoryCharts(series, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := Build(runs[0], Options{AllVariants: true})
	for _, w := range rep.Workloads {
		more, err := ChartsOf(w, "")
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, more...)
	}
	for _, c := range cs {
		for _, name := range []string{"noop", "ref.read", "ref.memcpy"} {
			if bytes.Contains(c.SVG, []byte(name)) {
				t.Errorf("chart %s shows %s", c.Name, name)
			}
		}
	}
	cmp := Compare("old", runs[0], "new", runs[1])
	for _, r := range cmp.Rows {
		if r.Key.Codec == "noop" && r.Check != MarkRef {
			t.Errorf("noop compares with check %q", r.Check)
		}
	}
}

// A floor that crashed says so on its line.
func TestFloorCrashed(t *testing.T) {
	r := referenceRun("r1")
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.Workload == "vectors" && c.Codec == "noop" {
			c.Status, c.Error, c.Samples = result.CellCrash, "the worker died: signal: killed\nits last output:\nruntime: stack", nil
		}
	}
	w := workloadNamed(t, Build(r, Options{}), "vectors")
	if got := w.FloorLine(); got != "noop (floor: harness overhead per operation): decode crash: the worker died: signal: killed" {
		t.Errorf("floor line %q", got)
	}
	if w.Floors[0].Mark() != result.CellCrash {
		t.Errorf("mark %q", w.Floors[0].Mark())
	}
}

func TestFirstLine(t *testing.T) {
	for in, want := range map[string]string{
		"":                      "",
		"one":                   "one",
		"a\nb\n":                "a",
		"\n \n  b c  \nd\n":     "b c",
		"panic: x\n\tat y\nend": "panic: x",
	} {
		if got := firstLine(in); got != want {
			t.Errorf("firstLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// The report names no workload: whatever a workload is, its tables come
// from its cells and their Reference roles.
func TestNoWorkloadNamed(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, n := range workload.Names() {
		names[n] = true
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "github.com/serbench/serbench/internal/floats" {
				t.Errorf("%s imports %s", f, p)
			}
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && names[s] {
					t.Errorf("%s: the workload %q is named", fset.Position(lit.Pos()), s)
				}
			}
			return true
		})
	}
}

// A cell that failed after some samples (a worker that crashed mid-run)
// keeps its samples in the store, but no table shows them as its time.
func TestFailedCellWithSamples(t *testing.T) {
	r := referenceRun("r1")
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.Workload == "person" && c.Codec == "crashy" && c.Op == result.OpDecode {
			c.Samples = []result.Sample{{Iters: 10, NsPerOp: 5, Fork: 1}}
		}
	}
	rep := Build(r, Options{})
	w := workloadNamed(t, rep, "person")
	for _, row := range w.AllRows() {
		if row.Codec.Name == "crashy" && row.Decode != nil {
			t.Errorf("crashy decode shows a time from a failed cell: %+v", row.Decode.NsOp)
		}
	}
	var b strings.Builder
	if err := Table(&b, rep); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "5.00ns") {
		t.Errorf("the table shows the failed cell's sample:\n%s", b.String())
	}
}
