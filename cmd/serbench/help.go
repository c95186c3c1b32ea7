package main

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// help prints the usage of serbench, or with a command's name its usage
// (as serbench COMMAND --help).
func help(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprint(stdout, topUsage())
		return nil
	}
	for _, c := range commands {
		if args[0] == c.name {
			return c.run(ctx, []string{"--help"}, stdout, stderr)
		}
	}
	fmt.Fprint(stderr, topUsage())
	return usagef("unknown command %q (valid: %s)", args[0], commandNames())
}

// usageColumn is the width of the usage's first column.
const usageColumn = 25

// topUsage is the usage of the whole command, written from commands.
func topUsage() string {
	var b strings.Builder
	b.WriteString("serbench verifies and benchmarks Go serialization libraries.\n\nUsage:\n")
	line := func(left, summary string) {
		if len(left) > usageColumn-1 {
			fmt.Fprintf(&b, "  %s\n  %-*s%s\n", left, usageColumn, "", summary)
			return
		}
		fmt.Fprintf(&b, "  %-*s%s\n", usageColumn, left, summary)
	}
	line("serbench", `run the default suite (same as "serbench run")`)
	for _, c := range commands {
		line(strings.TrimSpace("serbench "+c.name+" "+c.args), c.summary)
	}
	b.WriteString("  serbench help [COMMAND]  this list, or the flags of COMMAND\n")
	b.WriteString(topExamples)
	b.WriteString("\nRun \"serbench COMMAND --help\" for the flags and examples of a command.\n")
	return b.String()
}

// topExamples are a first session. Every usage text may end with such a
// list, which TestManualExamples runs.
const topExamples = `
Examples:
  serbench run --workload person --codec '^(json|msgp)$'   # two codecs on one workload
  serbench show --format markdown                           # the latest run again, as Markdown
  serbench report --html report.html                        # a page with its charts
`

// commandNames lists the commands' names, and help.
func commandNames() string {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	return strings.Join(append(names, "help"), ", ")
}
