package suite

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseShard(t *testing.T) {
	for _, ok := range []string{"1/1", "1/2", "2/2", "7/16"} {
		s, err := ParseShard(ok)
		if err != nil || s.String() != ok {
			t.Errorf("ParseShard(%q) = %v, %v", ok, s, err)
		}
	}
	for _, bad := range []string{"", "1", "0/2", "3/2", "1/0", "-1/2", "a/b", "1/2/3", "1 /2", "+1/2", "1/-2"} {
		if _, err := ParseShard(bad); err == nil || !strings.Contains(err.Error(), "--shard") {
			t.Errorf("ParseShard(%q) = %v, want an error naming --shard", bad, err)
		}
	}
}

// Every unit lands in exactly one shard, whatever the order the units
// come in, and shard sizes differ by at most one.
func TestShardSelectPartitions(t *testing.T) {
	var units []string
	for w := range 5 {
		for c := range 37 {
			units = append(units, fmt.Sprintf("w%d/c%02d", w, c))
		}
	}
	units = append(units, "floats")
	for _, n := range []int{1, 2, 3, 7, len(units), len(units) + 5} {
		owner := map[string]int{}
		minSize, maxSize := len(units), 0
		for i := 1; i <= n; i++ {
			shuffled := append([]string(nil), units...)
			rand.Shuffle(len(shuffled), func(a, b int) { shuffled[a], shuffled[b] = shuffled[b], shuffled[a] })
			sel := Shard{I: i, N: n}.Select(shuffled)
			for u := range sel {
				if prev, dup := owner[u]; dup {
					t.Errorf("N=%d: %s in shards %d and %d", n, u, prev, i)
				}
				owner[u] = i
			}
			minSize, maxSize = min(minSize, len(sel)), max(maxSize, len(sel))
		}
		if len(owner) != len(units) {
			t.Errorf("N=%d: %d of %d units assigned", n, len(owner), len(units))
		}
		if maxSize-minSize > 1 {
			t.Errorf("N=%d: shard sizes from %d to %d", n, minSize, maxSize)
		}
	}
}
