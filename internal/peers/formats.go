package peers

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/interop"
)

// Formats returns the formats of the registered codecs that have two or
// more implementations, the libraries of the peers named counted, in the
// order of interop.Implementations.
func Formats(peerNames []string) []string {
	var out []string
	for _, f := range interop.Implementations(codec.All()) {
		n := len(f.Codecs)
		for _, l := range Libraries {
			if l.Format == f.Name && slices.Contains(peerNames, l.Peer) {
				n++
			}
		}
		if n >= 2 {
			out = append(out, f.Name)
		}
	}
	return out
}

// HasFormat reports whether re (nil: any) selects a format with two or
// more implementations, the libraries of the peers named counted
// (Formats).
func HasFormat(re *regexp.Regexp, peerNames []string) bool {
	for _, name := range Formats(peerNames) {
		if re == nil || re.MatchString(name) {
			return true
		}
	}
	return false
}

// Parse returns the peers of a list such as serbench interop's --peers
// takes: comma-separated names of AllPeers, each kept once, or none (an
// empty list, not nil).
func Parse(list string) ([]string, error) {
	if list == "none" {
		return []string{}, nil
	}
	var out []string
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		if !slices.Contains(AllPeers, p) {
			return nil, fmt.Errorf("%q: want python, node, python,node or none", list)
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out, nil
}
