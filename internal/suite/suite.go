// Package suite turns a user's selection (workload and codec patterns) into
// the jobs the harness runs, and describes the environment of a run: the
// machine, Go, and the version of every codec's module read from the build
// information. It is what cmd/serbench and the go test benchmarks share.
package suite

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/mod/modfile"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/result"
	"github.com/serbench/serbench/workload"
)

// SelectionError says that a pattern selected nothing or did not compile;
// it lists the valid names.
type SelectionError struct {
	Flag, Pattern string
	Valid         []string
	Err           error
}

func (e *SelectionError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("--%s %q: %v", e.Flag, e.Pattern, e.Err)
	}
	return fmt.Sprintf("--%s %q matches no %s; valid: %s", e.Flag, e.Pattern, e.Flag, strings.Join(e.Valid, ", "))
}

func compile(flag, pattern string, valid []string) (*regexp.Regexp, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, &SelectionError{Flag: flag, Pattern: pattern, Valid: valid, Err: err}
	}
	for _, v := range valid {
		if re.MatchString(v) {
			return re, nil
		}
	}
	return nil, &SelectionError{Flag: flag, Pattern: pattern, Valid: valid}
}

// CodecNames returns the names of all registered codecs.
func CodecNames() []string {
	var out []string
	for _, c := range codec.All() {
		out = append(out, c.Info().Name)
	}
	return out
}

// Selection is what to run.
type Selection struct {
	// Workload and Codec are regular expressions, unanchored as go test
	// -bench patterns are; "" selects all.
	Workload, Codec string
	// Options tune the workloads' values.
	Options workload.Options
	// AllVariants runs the codecs with variant flags (buffer reuse,
	// unsafe strings, conversion) even when Codec is empty; by default an
	// empty Codec selects the plain variants only, which are what the
	// tables show. A Codec pattern selects whatever it matches.
	AllVariants bool
	// Full selects every codec on every workload. Otherwise, and when
	// Codec is empty, a workload with a Default pattern gets only the
	// codecs or strategies it names: the default suite.
	Full bool
	// Data, when set, is the workload of the user's data file
	// (workload.LoadData, registered with workload.RegisterData): it is
	// selected besides the workloads that Workload selects, and alone
	// when Workload is empty. Options.Params must carry it
	// (workload.Data.Params) for the worker processes to load it.
	Data *workload.Workload
}

// CodecSelected reports whether sel's Codec pattern and variant rule select
// codec c (the pattern must compile; Jobs checks it).
func CodecSelected(sel Selection, c codec.Codec) bool {
	info := c.Info()
	if sel.Codec == "" {
		return sel.AllVariants || info.Flags.Plain()
	}
	re, err := regexp.Compile(sel.Codec)
	return err == nil && re.MatchString(info.Name)
}

// Jobs returns the in-process jobs of the codec specs of sel (Specs):
// one per selected (workload, codec) of the workloads that codecs
// round-trip, for commands that run codecs in this process (onepass).
// Every job gets its own values and a pristine copy to verify against, so
// that no codec sees, or can change, another's inputs. A pattern that
// matches nothing is a *SelectionError.
func Jobs(sel Selection) ([]harness.Job, error) {
	specs, err := Specs(sel, nil, false)
	if err != nil {
		return nil, err
	}
	var jobs []harness.Job
	for _, s := range specs {
		if s.Kind != CodecKind {
			continue
		}
		w, err := workload.Lookup(s.Workload)
		if err != nil {
			return nil, err
		}
		c, _ := codec.Lookup(s.Name)
		j := codecJob(w, c, w.Values(sel.Options))
		j.Pristine = w.Values(sel.Options)
		jobs = append(jobs, j)
	}
	return jobs, nil
}

// OptionsError says that a selected workload cannot generate values for
// the given options (for example an empty bigfloat range).
type OptionsError struct{ Err error }

func (e *OptionsError) Error() string { return e.Err.Error() }
func (e *OptionsError) Unwrap() error { return e.Err }

// IsSelectionError reports whether err is bad usage: a *SelectionError or
// an *OptionsError.
func IsSelectionError(err error) bool {
	var se *SelectionError
	var oe *OptionsError
	return errors.As(err, &se) || errors.As(err, &oe)
}

// modulePath is serbench's module path.
const modulePath = "github.com/serbench/serbench"

// Version returns serbench's version and VCS commit, as far as the build
// information or, failing that, git in the working directory can tell.
func Version() (version, commit string) {
	bi, _ := debug.ReadBuildInfo()
	return versionOf(bi, gitIn)
}

// gitIn runs git with args in the working directory and returns its
// output without the final newline.
func gitIn(args ...string) (string, error) {
	out, err := exec.Command("git", args...).Output()
	return strings.TrimSpace(string(out)), err
}

// versionOf is Version for the build information bi (nil: none) and git,
// which runs git in the working directory.
//
// When serbench is the main module, the version and commit are the
// build's. A build of the checkout that carries no revision (go run, go
// test, -buildvcs=false) asks git, but only when the working directory is
// in a checkout of serbench itself: in another repository git would
// answer with that repository's commit. When serbench is a dependency (a
// program of the user's on the Go API), the version is the one linked in,
// and its commit is unknown: the build's revision is the user's.
func versionOf(bi *debug.BuildInfo, git func(args ...string) (string, error)) (version, commit string) {
	version, commit = "(devel)", "unknown"
	if bi == nil {
		return version, commit
	}
	if bi.Main.Path != "" && bi.Main.Path != modulePath {
		if v := depVersion(bi, modulePath); v != "unknown" {
			version = v
		}
		return version, commit
	}
	if bi.Main.Version != "" {
		version = bi.Main.Version
	}
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if commit != "unknown" {
		if dirty {
			commit += "-dirty"
		}
		return version, commit
	}
	if version != "(devel)" {
		return version, commit // a released version, from the module cache
	}
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil || !isSerbenchCheckout(top) {
		return version, commit
	}
	if rev, err := git("rev-parse", "--short=12", "HEAD"); err == nil && rev != "" {
		commit = rev
		if st, err := git("status", "--porcelain", "--untracked-files=no"); err == nil && st != "" {
			commit += "-dirty"
		}
	}
	return version, commit
}

// isSerbenchCheckout reports whether the go.mod at the top of the
// repository top declares serbench's module.
func isSerbenchCheckout(top string) bool {
	b, err := os.ReadFile(filepath.Join(top, "go.mod"))
	return err == nil && modfile.ModulePath(b) == modulePath
}

// ModuleVersion returns the version of module as linked into this binary:
// the Go version for "std", serbench's version for "serbench".
func ModuleVersion(module string) string {
	switch module {
	case "std":
		return runtime.Version()
	case "serbench":
		v, c := Version()
		return v + " " + c
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return depVersion(bi, module)
}

// depVersion returns the version of module among the dependencies of bi
// ("... (replaced)" for a replaced one), or "unknown".
func depVersion(bi *debug.BuildInfo, module string) string {
	for _, d := range bi.Deps {
		if d.Path == module {
			if d.Replace != nil {
				return d.Replace.Version + " (replaced)"
			}
			return d.Version
		}
	}
	return "unknown"
}

// CodecRecord returns the record of c for a run, with its module version.
func CodecRecord(c codec.Codec) result.Codec {
	info := c.Info()
	rc := result.Codec{
		Name: info.Name, Format: info.Format, Module: info.Module,
		Version: ModuleVersion(info.Module), API: string(info.API), Notes: info.Notes,
	}
	if f := info.Flags.String(); f != "-" {
		rc.Flags = strings.Split(f, ",")
	}
	for _, l := range info.Losses {
		rc.Losses = append(rc.Losses, l.String())
	}
	return rc
}

// WorkloadRecord returns the record of w for a run: its description and
// the fields its access operation reads (the fields of its Access value),
// so that a stored run renders as it was measured whatever binary renders
// it.
func WorkloadRecord(w *workload.Workload) result.WorkloadInfo {
	rw := result.WorkloadInfo{Name: w.Name, Description: w.Description}
	if w.Access != nil {
		t := reflect.TypeOf(w.Access(reflect.New(w.Type).Interface()))
		for i := 0; i < t.NumField(); i++ {
			rw.AccessFields = append(rw.AccessFields, t.Field(i).Name)
		}
	}
	return rw
}

// WorkloadRecords returns the records of the registered workloads of
// specs, in name order.
func WorkloadRecords(specs []harness.Spec) []result.WorkloadInfo {
	seen := map[string]bool{}
	var out []result.WorkloadInfo
	for _, s := range specs {
		if seen[s.Workload] {
			continue
		}
		seen[s.Workload] = true
		if w, err := workload.Lookup(s.Workload); err == nil {
			out = append(out, WorkloadRecord(w))
		}
	}
	slices.SortFunc(out, func(a, b result.WorkloadInfo) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Settings are the measurement settings recorded with a run.
type Settings struct {
	Count      int
	SampleTime time.Duration
	Timeout    time.Duration
	Seed       uint64
	// Goroutines lists the goroutine counts of --parallel runs.
	Goroutines []int
	// Options are the workload options given on the command line.
	Options workload.Options
	// Forks is the number of worker processes per job; Isolation the
	// isolation mode; MemoryLimit each worker's limit as given.
	Forks       int
	Isolation   string
	MemoryLimit string
	// Target is the precision target (0.03 for ±3%; 0: none) and Budget
	// the run's time budget for it; Suite is "default" or "full".
	Target float64
	Budget time.Duration
	Suite  string
}

// Env describes the machine, Go, serbench and the settings, in order.
func Env(s Settings) []result.Config {
	version, commit := Version()
	env := []result.Config{
		{Key: "cpu", Value: CPUModel()},
		{Key: "cores", Value: strconv.Itoa(runtime.NumCPU())},
		{Key: "goos", Value: runtime.GOOS},
		{Key: "goarch", Value: runtime.GOARCH},
		{Key: "go", Value: runtime.Version()},
		{Key: "gomaxprocs", Value: strconv.Itoa(runtime.GOMAXPROCS(0))},
		{Key: "serbench", Value: version},
		{Key: "commit", Value: commit},
		{Key: "count", Value: strconv.Itoa(s.Count)},
		{Key: "sample-time", Value: s.SampleTime.String()},
		{Key: "timeout", Value: s.Timeout.String()},
	}
	if s.Forks > 0 {
		env = append(env, result.Config{Key: "forks", Value: strconv.Itoa(s.Forks)})
	}
	if s.Isolation != "" {
		env = append(env, result.Config{Key: "isolation", Value: s.Isolation})
	}
	if s.Target > 0 {
		env = append(env, result.Config{Key: "ci-target", Value: strconv.FormatFloat(s.Target*100, 'g', -1, 64) + "%"})
	}
	if s.Budget > 0 {
		env = append(env, result.Config{Key: "budget", Value: s.Budget.String()})
	}
	if s.Suite != "" {
		env = append(env, result.Config{Key: "suite", Value: s.Suite})
	}
	if s.MemoryLimit != "" {
		env = append(env, result.Config{Key: "memory-limit", Value: s.MemoryLimit})
	}
	if s.Seed != 0 {
		env = append(env, result.Config{Key: "seed", Value: fmt.Sprintf("%#x", s.Seed)})
	}
	o := s.Options
	if o.Count > 0 {
		env = append(env, result.Config{Key: "values", Value: strconv.Itoa(o.Count)})
	}
	for _, name := range paramNames(o) {
		env = append(env, result.Config{Key: name, Value: o.Params[name]})
	}
	if len(s.Goroutines) > 1 {
		env = append(env, result.Config{Key: "goroutines", Value: strings.Trim(fmt.Sprint(s.Goroutines), "[]")})
	}
	return env
}

// paramNames returns the names of the params that o sets: in the order
// in which the workloads, by name, declare them, then any that no
// workload declares, sorted.
func paramNames(o workload.Options) []string {
	var names []string
	seen := map[string]bool{}
	for _, w := range workload.All() {
		for _, p := range w.Params {
			if _, set := o.Params[p.Name]; set && !seen[p.Name] {
				seen[p.Name] = true
				names = append(names, p.Name)
			}
		}
	}
	var rest []string
	for name := range o.Params {
		if !seen[name] {
			rest = append(rest, name)
		}
	}
	slices.Sort(rest)
	return append(names, rest...)
}

// CPUModel returns the CPU's model name from /proc/cpuinfo, or GOARCH
// where that file does not exist.
func CPUModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}
