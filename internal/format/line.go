package format

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Line makes s one printable line of at most about maxRunes runes, for a
// detail in a table cell: control characters and invalid UTF-8 bytes as
// \xNN escapes, newlines and tabs as spaces, and the middle of a longer
// text left out (" … "), keeping its first head runes and as many of its
// last as make maxRunes: where error messages say what failed.
func Line(s string, maxRunes, head int) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\n' || r == '\t':
			b.WriteByte(' ')
		case r == utf8.RuneError && size == 1, r < 0x20, r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	rs := []rune(strings.TrimSpace(b.String()))
	if len(rs) <= maxRunes {
		return string(rs)
	}
	return strings.TrimSpace(string(rs[:head])) + " … " + strings.TrimSpace(string(rs[len(rs)-(maxRunes-head):]))
}
