package main

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// words splits a command line into words as a POSIX shell does for the
// simple lines of the CLI scripts and of the manual's examples: blanks
// separate words, '...' and "..." quote (in "...", \ escapes ", \, $
// and `), an unquoted \ escapes the next character, and an unquoted # at
// the start of a word starts a comment.
//
// With shell true the line is taken as a shell would take it: "> FILE"
// redirects the standard output (to out), and what else a shell would
// interpret (| & ; < ( ) ` * ? [, a $ before a name, a ~ starting a word)
// is an error, so that an example that a shell would run differently
// fails. In a script (shell false) those are plain characters.
func words(line string, shell bool) (args []string, out string, err error) {
	var w strings.Builder
	inWord, redirect := false, false
	end := func() {
		switch {
		case !inWord:
		case redirect:
			out, redirect = w.String(), false
		default:
			args = append(args, w.String())
		}
		w.Reset()
		inWord = false
	}
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == ' ' || c == '\t':
			end()
		case c == '#' && !inWord:
			i = len(rs)
		case c == '\'':
			j := i + 1
			for j < len(rs) && rs[j] != '\'' {
				j++
			}
			if j == len(rs) {
				return nil, "", errors.New("unterminated '")
			}
			w.WriteString(string(rs[i+1 : j]))
			inWord, i = true, j
		case c == '"':
			for i++; i < len(rs) && rs[i] != '"'; i++ {
				if rs[i] == '\\' && i+1 < len(rs) && strings.ContainsRune("\"\\$`", rs[i+1]) {
					i++
				} else if shell && strings.ContainsRune("$`", rs[i]) {
					return nil, "", fmt.Errorf("%c inside \"...\": the test runs no shell", rs[i])
				}
				w.WriteRune(rs[i])
			}
			if i == len(rs) {
				return nil, "", errors.New(`unterminated "`)
			}
			inWord = true
		case c == '\\' && i+1 < len(rs):
			i++
			w.WriteRune(rs[i])
			inWord = true
		case shell && c == '>':
			end()
			if out != "" || redirect {
				return nil, "", errors.New("more than one >")
			}
			redirect = true
		case shell && (strings.ContainsRune("|&;<()`*?[", c) ||
			c == '$' && i+1 < len(rs) && rs[i+1] != ' ' ||
			c == '~' && !inWord):
			return nil, "", fmt.Errorf("unquoted %c: the test runs no shell", c)
		default:
			w.WriteRune(c)
			inWord = true
		}
	}
	end()
	if redirect {
		return nil, "", errors.New("> without a file")
	}
	return args, out, nil
}

func TestWords(t *testing.T) {
	for _, tc := range []struct {
		line  string
		shell bool
		args  []string
		out   string
		err   bool
	}{
		{`run --codec '^(json|msgp)$'  --db x.db  # a comment`, true, []string{"run", "--codec", "^(json|msgp)$", "--db", "x.db"}, "", false},
		{`show --format csv > run.csv`, true, []string{"show", "--format", "csv"}, "run.csv", false},
		{`show >run.csv`, true, []string{"show"}, "run.csv", false},
		{`run --codec "a b" x\ y --db ^json$`, true, []string{"run", "--codec", "a b", "x y", "--db", "^json$"}, "", false},
		{`run --codec ^(json|msgp)$`, true, nil, "", true},
		{`run --db $HOME/x.db`, true, nil, "", true},
		{`run && show`, true, nil, "", true},
		{`show > a > b`, true, nil, "", true},
		{`show >`, true, nil, "", true},
		{`run --codec 'json`, true, nil, "", true},
		{`run --codec ^(json|test-panics)$ --db $DIR/s.db --group '  '`, false, []string{"run", "--codec", "^(json|test-panics)$", "--db", "$DIR/s.db", "--group", "  "}, "", false},
	} {
		args, out, err := words(tc.line, tc.shell)
		if (err != nil) != tc.err || !reflect.DeepEqual(args, tc.args) || out != tc.out {
			t.Errorf("words(%q, %v) = %q, %q, %v", tc.line, tc.shell, args, out, err)
		}
	}
}
