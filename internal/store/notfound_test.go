package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// TestNotFoundSaysItOnce: every error of a run, group or latest run that
// is not stored wraps ErrNotFound and says what is missing once, in its
// own words, without ": not found" after them (the CLI printed
// `run "x" in F: not found` and `delete run "x": no such run in F: not
// found`).
func TestNotFoundSaysItOnce(t *testing.T) {
	ctx := context.Background()
	d := open(t, filepath.Join(t.TempDir(), "s.db"))
	f := d.Name()
	_, latestErr := d.Latest(ctx)
	_, runErr := d.Run(ctx, "nosuch")
	_, deleteErr := d.DeleteRun(ctx, "nosuch", false, nil)
	markErr := d.SetBaseline(ctx, "nosuch", true)
	_, _, resumeErr := d.ResumeRun(ctx, "nosuch")
	_, groupErr := d.Group(ctx, "nosuch")
	for _, c := range []struct {
		what string
		err  error
		want string
	}{
		{"Latest", latestErr, "no run stored in " + f + " yet"},
		{"Run", runErr, `no run "nosuch" in ` + f},
		{"DeleteRun", deleteErr, `delete run "nosuch": no such run in ` + f},
		{"SetBaseline", markErr, `mark run "nosuch": no such run in ` + f},
		{"ResumeRun", resumeErr, `resume run "nosuch": no such run in ` + f},
		{"Group", groupErr, `no run of group "nosuch" in ` + f},
	} {
		if !errors.Is(c.err, ErrNotFound) || c.err.Error() != c.want {
			t.Errorf("%s = %v; want an error wrapping ErrNotFound that says %q", c.what, c.err, c.want)
		}
	}
}
