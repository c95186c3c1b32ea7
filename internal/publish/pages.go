package publish

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/result"
)

// runPages writes the page of each run of a history dashboard into one
// directory, GOMAXPROCS pages at a time, and keeps a page that is already
// there when it would be written the same: a team that renders its
// dashboard after every run rewrites one page, not a thousand.
//
// The directory's manifest (pagesManifest) records, per page, a key and
// the file's size. The key is a SHA-256 of everything a page is made of:
// the run and its matrices as JSON, the report options, and the serbench
// executable itself (so that another build of serbench, whose pages may
// differ, writes them anew). A page is kept only when its key matches and
// the file is still there with the recorded size; pages the manifest lists
// for runs no longer in the history are removed, other files never.
type runPages struct {
	dir        string
	opts       report.Options
	executable string // the executable's SHA-256, "" when unknown: nothing is kept
	old        map[string]pageEntry

	work chan pageJob
	wg   sync.WaitGroup

	mu            sync.Mutex
	pages         map[string]pageEntry
	written, kept int
	err           error
}

// pagesManifest is the file name of a run pages directory's manifest.
const pagesManifest = ".serbench-pages.json"

// pageEntry is a page of the manifest: its key and its size in bytes.
type pageEntry struct {
	Key  string `json:"key"`
	Size int64  `json:"size"`
}

// pagesFile is the manifest's content.
type pagesFile struct {
	Version int                  `json:"version"`
	Pages   map[string]pageEntry `json:"pages"`
}

// pageJob is a run whose page is to be written, with its matrices.
type pageJob struct {
	run *result.Run
	mx  report.Matrices
}

// newRunPages starts the writers of the pages in dir, which must exist. A
// missing or unreadable manifest only means that every page is written.
func newRunPages(dir string, opts report.Options) *runPages {
	p := &runPages{dir: dir, opts: opts, executable: executableHash(), old: map[string]pageEntry{}, pages: map[string]pageEntry{},
		work: make(chan pageJob, 1)}
	if data, err := os.ReadFile(filepath.Join(dir, pagesManifest)); err == nil {
		var f pagesFile
		if json.Unmarshal(data, &f) == nil && f.Version == 1 && f.Pages != nil {
			p.old = f.Pages
		}
	}
	for range runtime.GOMAXPROCS(0) {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			for j := range p.work {
				if p.failed() == nil {
					p.fail(p.write(j))
				}
			}
		}()
	}
	return p
}

// executableHash returns the SHA-256 of the running executable, or ""
// when it cannot be read.
func executableHash() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// add queues the page of run r; it returns the first error of a page
// written so far, after which nothing more is written.
func (p *runPages) add(r *result.Run, mx report.Matrices) error {
	if err := p.failed(); err != nil {
		return err
	}
	p.work <- pageJob{r, mx}
	return nil
}

func (p *runPages) failed() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

func (p *runPages) fail(err error) {
	if err == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err == nil {
		p.err = err
	}
}

// write writes the page of job j, or keeps the one already there.
func (p *runPages) write(j pageJob) error {
	name := PageFile(j.run.ID)
	key, err := p.key(j)
	if err != nil {
		return fmt.Errorf("run %s: %w", j.run.ID, err)
	}
	path := filepath.Join(p.dir, name)
	if old, ok := p.old[name]; ok && key != "" && old.Key == key {
		if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && st.Size() == old.Size {
			p.record(name, old, false)
			return nil
		}
	}
	var b bytes.Buffer
	if err := report.HTMLWithMatrices(&b, []*result.Run{j.run}, p.opts, j.mx); err != nil {
		return fmt.Errorf("run %s: %w", j.run.ID, err)
	}
	if err := WriteFile(path, b.Bytes()); err != nil {
		return err
	}
	p.record(name, pageEntry{Key: key, Size: int64(b.Len())}, true)
	return nil
}

func (p *runPages) record(name string, e pageEntry, written bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pages[name] = e
	if written {
		p.written++
	} else {
		p.kept++
	}
}

// key is the key of job j's page, "" when the executable is unknown.
func (p *runPages) key(j pageJob) (string, error) {
	if p.executable == "" {
		return "", nil
	}
	h := sha256.New()
	fmt.Fprintf(h, "serbench run page 1\n%s\n%t\n", p.executable, p.opts.AllVariants)
	enc := json.NewEncoder(h)
	for _, v := range []any{j.run, j.mx.Fidelity[j.run.ID], j.mx.Robust[j.run.ID], j.mx.Interop[j.run.ID]} {
		if err := enc.Encode(v); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// PagesResult counts the run pages of a dashboard: written, kept as they
// were (unchanged), and removed (of runs no longer in the history).
type PagesResult struct {
	Written, Kept, Removed int
}

// finish waits for the pages, removes those the old manifest lists that
// are no longer written, and writes the manifest.
func (p *runPages) finish() (PagesResult, error) {
	close(p.work)
	p.wg.Wait()
	if err := p.failed(); err != nil {
		return PagesResult{}, err
	}
	removed := 0
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(p.old)) {
		if _, ok := p.pages[name]; ok || name != filepath.Base(name) || !strings.HasSuffix(name, ".html") {
			continue
		}
		if err := os.Remove(filepath.Join(p.dir, name)); err == nil {
			removed++
		} else if !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	if p.executable != "" {
		data, err := json.MarshalIndent(pagesFile{Version: 1, Pages: p.pages}, "", "\t")
		if err != nil {
			return PagesResult{}, err
		}
		errs = append(errs, WriteFile(filepath.Join(p.dir, pagesManifest), append(data, '\n')))
	} else {
		// Pages written by this binary cannot be told apart from others.
		if err := os.Remove(filepath.Join(p.dir, pagesManifest)); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return PagesResult{Written: p.written, Kept: p.kept, Removed: removed}, errors.Join(errs...)
}

// abandon stops the writers after an error elsewhere, leaving the
// manifest as it was.
func (p *runPages) abandon() {
	p.fail(errors.New("abandoned"))
	close(p.work)
	p.wg.Wait()
}
