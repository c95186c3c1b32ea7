package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"

	"github.com/serbench/serbench/internal/report"
	"github.com/serbench/serbench/result"
)

// formats are the values of --format of the commands that print a run.
var formats = []string{"table", "markdown", "json", "csv", "gobench"}

// outputFlags are --format, --variants and --verbose of the commands
// that print a run (run, show).
type outputFlags struct {
	format   string
	variants string
	verbose  bool
}

func (o *outputFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&o.format, "format", "table", "output format: "+strings.Join(formats, ", "))
	fs.StringVar(&o.variants, "variants", "plain", "codec variants to show: plain (no buffer reuse, unsafe strings or conversion) or all")
	fs.BoolVar(&o.verbose, "verbose", false, "table format: every table, note and the legend, at full width (default: the summary and the best rows, cut to the terminal)")
}

func (o *outputFlags) check() error {
	ok := false
	for _, f := range formats {
		ok = ok || f == o.format
	}
	if !ok {
		return usagef("--format %q is not a format (valid: %s)", o.format, strings.Join(formats, ", "))
	}
	if o.variants != "plain" && o.variants != "all" {
		return usagef("--variants %q: want plain or all", o.variants)
	}
	return nil
}

func (o *outputFlags) render(w io.Writer, run *result.Run) error {
	if o.format == "gobench" {
		return result.WriteGoBench(w, run)
	}
	rep := report.Build(run, report.Options{AllVariants: o.variants == "all"})
	switch o.format {
	case "markdown":
		return report.Markdown(w, rep)
	case "json":
		return report.JSON(w, rep)
	case "csv":
		return report.CSV(w, rep)
	}
	if o.verbose {
		return report.Table(w, rep)
	}
	return report.Brief(w, rep, outputWidth(w))
}

// defaultWidth is the width of the brief table output when it does not
// go to a terminal (a file, a pipe, a CI log).
const defaultWidth = 100

// outputWidth is the width the brief output is cut at on w: $COLUMNS
// when set, else the terminal's width, else defaultWidth.
func outputWidth(w io.Writer) int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if n, _, err := term.GetSize(int(f.Fd())); err == nil && n > 0 {
			return n
		}
	}
	return defaultWidth
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func sizeOf(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
