// Command scale fills a serbench database with synthetic runs shaped like
// the default suite, for scripts/scale.sh, which then times serbench's
// commands on it: the evidence that the store keeps history, compare,
// runs and report fast at team scale (a thousand runs).
//
//	go run ./internal/evidence/scale --db DB [--runs N] [--seed S] [--from DB --run ID]
//
// Every run has the cells of one real run: with --from, run --run (the
// latest by default) of that database (which is opened to read, and
// migrated when its schema is older); without it, the default suite's
// selection (package suite: its workloads and, on each, the codecs or
// strategies it names), each with encode and decode, and access when the
// workload reads fields. Each cell gets 6 to 20 samples drawn from a
// seeded generator (--seed): the same flags make the same database, bar
// the run IDs' dates. The runs start an hour apart, on two machines taking
// turns, and are stored with store.SaveRun, as serbench import stores a
// run.
//
// It prints one line: the runs, cells and samples stored and the time it
// took, and the IDs of the first and last run (for serbench compare).
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"time"

	"github.com/serbench/serbench/bench"
	_ "github.com/serbench/serbench/codecs/all" // registers every codec
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/internal/suite"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "scale:", err)
		os.Exit(1)
	}
}

func run() error {
	dsn := flag.String("db", "", "the database to fill (a SQLite file, or a postgres:// URL); required")
	n := flag.Int("runs", 1000, "the number of runs to store")
	seed := flag.Uint64("seed", 1, "the seed of the samples")
	from := flag.String("from", "", "take the cells of a run of this database (default: the default suite's selection)")
	fromRun := flag.String("run", "", "with --from: the run whose cells to take (default: the latest)")
	reads := flag.String("time-reads", "", "instead of filling, time the store's reads for serbench history of the codecs this `RE` matches: every run whole, then RunsWithCells")
	flag.Parse()
	if *reads != "" {
		return timeReads(*dsn, *reads)
	}
	if *dsn == "" || *n < 1 || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx := context.Background()
	shape, err := shapeOf(ctx, *from, *fromRun)
	if err != nil {
		return err
	}
	db, err := store.Open(ctx, *dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	rng := rand.New(rand.NewPCG(*seed, *seed^0x5ca1e))
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	began := time.Now()
	var first, last string
	samples := 0
	for i := range *n {
		r := synthetic(shape, i, base.Add(time.Duration(i)*time.Hour), rng)
		if err := db.SaveRun(ctx, r, store.RunMeta{}); err != nil {
			return err
		}
		for _, c := range r.Cells {
			samples += len(c.Samples)
		}
		if i == 0 {
			first = r.ID
		}
		last = r.ID
		if (i+1)%100 == 0 {
			fmt.Fprintf(os.Stderr, "scale: %d runs stored (%s)\n", i+1, time.Since(began).Round(time.Second))
		}
	}
	fmt.Printf("stored %d runs, %d cells, %d samples in %s: first %s last %s\n",
		*n, *n*len(shape.Cells), samples, time.Since(began).Round(time.Millisecond), first, last)
	return nil
}

// timeReads prints how long the store takes to read what serbench
// history needs for the codecs that pattern matches: every run whole (Run,
// run by run), and only their cells (RunsWithCells).
func timeReads(dsn, pattern string) error {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return err
	}
	ctx := context.Background()
	db, err := store.OpenReadOnly(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	began := time.Now()
	infos, err := db.Runs(ctx)
	if err != nil {
		return err
	}
	samples := 0
	for _, ri := range infos {
		r, err := db.Run(ctx, ri.ID)
		if err != nil {
			return err
		}
		for _, c := range r.Cells {
			samples += len(c.Samples)
		}
	}
	fmt.Printf("every run whole (Run): %d runs, %d samples in %s\n", len(infos), samples, time.Since(began).Round(time.Millisecond))
	began = time.Now()
	runs, err := db.RunsWithCells(ctx, func(k result.Key) bool { return re.MatchString(k.Codec) })
	if err != nil {
		return err
	}
	samples = 0
	for _, r := range runs {
		for _, c := range r.Cells {
			samples += len(c.Samples)
		}
	}
	fmt.Printf("--codec %s only (RunsWithCells): %d runs, %d samples in %s\n", pattern, len(runs), samples, time.Since(began).Round(time.Millisecond))
	return nil
}

// shapeOf returns the run whose codecs, workloads, verifications and cells
// the synthetic runs copy: run id of the database from, or the default
// suite's selection.
func shapeOf(ctx context.Context, from, id string) (*result.Run, error) {
	if from != "" {
		return bench.Load(ctx, from, id)
	}
	specs, err := suite.Specs(suite.Selection{}, []int{1}, false)
	if err != nil {
		return nil, err
	}
	r := &result.Run{}
	codecs := map[string]bool{}
	for _, s := range specs {
		ops := []string{result.OpEncode, result.OpDecode}
		if w, err := workload.Lookup(s.Workload); err == nil && w.Access != nil {
			ops = append(ops, result.OpAccess)
		}
		for _, op := range ops {
			r.Cells = append(r.Cells, result.Cell{Workload: s.Workload, Codec: s.Name, Op: op, Goroutines: 1, Status: result.CellOK})
		}
		if !codecs[s.Name] {
			codecs[s.Name] = true
			r.Codecs = append(r.Codecs, result.Codec{Name: s.Name, Format: "synthetic", Module: "scale", Version: "v1.0.0", API: "reflection"})
		}
		r.Verifications = append(r.Verifications, result.Verification{Workload: s.Workload, Codec: s.Name, Status: "ok", Values: 100, MeanSize: 100})
	}
	return r, nil
}

// synthetic returns run i of the scale database: shape's codecs,
// workloads, verifications and cells, started at start on one of two
// machines, with 6 to 20 samples a cell around a median of its own that
// drifts slowly across runs.
func synthetic(shape *result.Run, i int, start time.Time, rng *rand.Rand) *result.Run {
	machine := []string{"Scale CPU A", "Scale CPU B"}[i%2]
	r := &result.Run{
		ID:       fmt.Sprintf("%s-%06d", start.Format("20060102-150405"), i),
		Start:    start,
		End:      start.Add(25 * time.Minute),
		Complete: true,
		Command:  "serbench run (synthetic, internal/evidence/scale)",
		Env: []result.Config{
			{Key: "cpu", Value: machine}, {Key: "cores", Value: "2"},
			{Key: "goos", Value: "linux"}, {Key: "goarch", Value: "amd64"},
			{Key: "go", Value: "go1.26.8"}, {Key: "gomaxprocs", Value: "2"},
			{Key: "serbench", Value: "(devel)"}, {Key: "count", Value: "6"},
			{Key: "suite", Value: "default"},
		},
		Codecs:        shape.Codecs,
		Workloads:     shape.Workloads,
		Verifications: shape.Verifications,
	}
	r.Cells = make([]result.Cell, len(shape.Cells))
	for j, c := range shape.Cells {
		c.Samples = nil
		c.Status = result.CellOK
		c.Error = ""
		// Each cell's median: from 100ns to 100µs, fixed by its index,
		// drifting by up to ±10% over the runs.
		median := 100 * float64(int(1)<<(j%11)) * (1 + 0.1*float64(i%100)/100)
		count := 6 + rng.IntN(15)
		for k := range count {
			c.Samples = append(c.Samples, result.Sample{
				Iters:       1000,
				NsPerOp:     median * (0.95 + 0.1*rng.Float64()),
				BytesPerOp:  float64(64 * (j%7 + 1)),
				AllocsPerOp: float64(j%5 + 1),
				Fork:        k%2 + 1,
			})
		}
		r.Cells[j] = c
	}
	return r
}
