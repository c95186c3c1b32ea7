package bench

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/internal/runner"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/internal/suite"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// kind is the harness kind of the jobs of Run: the job named by a spec is
// looked up in jobs, by the run's token in the spec's options, in this
// process (Run uses isolation none: no worker process could build it).
const kind = "bench.usertype"

const tokenParam = "bench-run"

var (
	jobsMu sync.Mutex
	jobs   = map[string]*values{}
	nextID int
)

func init() {
	harness.RegisterKind(kind, harness.Kind{Build: build})
}

// build sets up the job of spec s: codec s.Name on the values of the Run
// that s.Options names.
func build(ctx context.Context, s harness.Spec) (*harness.Bound, error) {
	jobsMu.Lock()
	vals := jobs[s.Options.Params[tokenParam]]
	jobsMu.Unlock()
	if vals == nil {
		return nil, fmt.Errorf("job %s: not a job of a bench.Run of this process", s)
	}
	c, ok := codec.Lookup(s.Name)
	if !ok {
		return nil, fmt.Errorf("no codec %q", s.Name)
	}
	return harness.SetupBound(ctx, vals.job(c, s.Verified), s)
}

// Run verifies and times every selected codec on values, in this
// process (see the package doc), and returns the record of the run as
// serbench run stores it: the codecs with their versions, one
// verification per codec (unsupported codecs included, with the reason),
// and a cell per timed operation with its raw samples. Workload is the
// Name option (the type's name by default). Options Count, Forks,
// SampleTime and Timeout set what serbench run's flags of the same names
// set.
//
// The error is why the run stopped (ctx canceled, values that cannot be
// verified); codecs that fail are in the record, not in the error. Write
// the record to a database with SaveTo.
func Run[T any](ctx context.Context, values []T, opts ...Option) (*result.Run, error) {
	vals, cfg, err := prepare(values, opts)
	if err != nil {
		return nil, err
	}
	codecs := cfg.codecs()
	if len(codecs) == 0 {
		return nil, fmt.Errorf("bench.Run: no codec selected for %s", vals.name)
	}
	jobsMu.Lock()
	nextID++
	token := strconv.Itoa(nextID)
	jobs[token] = vals
	jobsMu.Unlock()
	defer func() {
		jobsMu.Lock()
		delete(jobs, token)
		jobsMu.Unlock()
	}()

	// The settings are recorded with the defaults harness.Run fills in.
	hc := harness.Config{Count: cfg.count, Forks: cfg.forks, SampleTime: cfg.sampleTime, Timeout: cfg.timeout,
		Isolation: harness.IsolationNone, MemoryLimit: -1}.WithDefaults()
	settings := suite.Settings{Count: hc.Count, SampleTime: hc.SampleTime, Timeout: hc.Timeout, Forks: hc.Forks,
		Isolation: harness.IsolationNone, Suite: "bench.Run"}
	now := time.Now()
	run := &result.Run{
		ID:      runner.NewRunID(now),
		Start:   now,
		Command: "bench.Run " + vals.name,
		Env:     append(suite.Env(settings), result.Config{Key: "values", Value: strconv.Itoa(len(values))}),
		Workloads: []result.WorkloadInfo{{Name: vals.name,
			Description: fmt.Sprintf("%d values of the Go type %s (bench.Run)", len(values), vals.typ)}},
	}
	var specs []harness.Spec
	for _, c := range codecs {
		run.Codecs = append(run.Codecs, suite.CodecRecord(vals.withSkips(c)))
		specs = append(specs, harness.Spec{Kind: kind, Workload: vals.name, Name: c.Info().Name,
			Options: workload.Options{Params: map[string]string{tokenParam: token}}})
	}
	sink := &memSink{run: run, index: map[result.Key]int{}}
	err = harness.Run(ctx, hc, specs, sink)
	run.End = time.Now()
	run.Complete = err == nil
	return run, err
}

// memSink collects a run's records in memory.
type memSink struct {
	mu    sync.Mutex
	run   *result.Run
	index map[result.Key]int
}

func (s *memSink) Verification(v result.Verification) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.run.Verifications {
		if w := &s.run.Verifications[i]; w.Workload == v.Workload && w.Codec == v.Codec {
			*w = v
			return nil
		}
	}
	s.run.Verifications = append(s.run.Verifications, v)
	return nil
}

// cell returns the stored cell of c, made on first sight, with c's fields
// but its own samples.
func (s *memSink) cell(c result.Cell) *result.Cell {
	k := c.Key()
	i, ok := s.index[k]
	if !ok {
		i = len(s.run.Cells)
		s.index[k] = i
		s.run.Cells = append(s.run.Cells, result.Cell{})
	}
	st := &s.run.Cells[i]
	samples := st.Samples
	*st = c
	st.Samples = samples
	return st
}

func (s *memSink) Sample(c result.Cell) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.cell(c)
	st.Samples = append(st.Samples, c.Samples...)
	return nil
}

func (s *memSink) CellDone(c result.Cell) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cell(c)
	return nil
}

func (s *memSink) Warning(msg string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.run.Warnings = append(s.run.Warnings, msg)
	return nil
}

// SaveTo stores run, as Run returned it, in the serbench database dsn:
// the path of a SQLite file (created if it does not exist) or a
// PostgreSQL URL (postgres://...), as serbench's --db takes it. serbench
// report, compare and history then read it like a run of serbench run
// (serbench report --db FILE RUN-ID, or the latest run by default). The
// whole run is stored or, on error, nothing of it.
func SaveTo(ctx context.Context, run *result.Run, dsn string) error {
	if run == nil || run.ID == "" {
		return errors.New("bench.SaveTo: no run")
	}
	db, err := store.Open(ctx, dsn)
	if err != nil {
		return err
	}
	err = db.SaveRun(ctx, run, store.RunMeta{})
	return errors.Join(err, db.Close())
}

// Load reads the run id (the latest run when id is "") from the serbench
// database dsn, as serbench report reads it.
func Load(ctx context.Context, dsn, id string) (*result.Run, error) {
	db, err := store.OpenExisting(ctx, dsn)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	if id == "" {
		if id, err = db.Latest(ctx); err != nil {
			return nil, err
		}
	}
	return db.Run(ctx, id)
}
