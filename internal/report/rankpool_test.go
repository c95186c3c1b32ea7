package report

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/serbench/serbench/internal/stats"
)

// TestRankModeratedInLargeRuns: in a run of 40 codecs measured in two
// forks each, whose forks differ (fork effects of 4%, normal, PCG(1, 2)),
// codecs 20% apart are ranked by the moderated test of the run's pool
// (stats.Pool.Compare) into at least 35 tiers, where Welch's test over
// each codec's own two fork medians (CompareForks, one degree of freedom)
// tells fewer than half of the neighbours apart. A twin of one codec,
// measured alike, stays tied with it.
func TestRankModeratedInLargeRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	offsets := func() []float64 { return []float64{0.04 * r.NormFloat64(), 0.04 * r.NormFloat64()} }
	var specs []synth
	base := 1000.0
	for i := range 40 {
		specs = append(specs, synth{name: fmt.Sprintf("c%02d", i), enc: base, dec: base, offsets: offsets(), n: 3, scale: 0.2})
		if i == 20 {
			twin := specs[len(specs)-1]
			twin.name = "c20-twin"
			specs = append(specs, twin)
		}
		base *= 1.2
	}
	rep := Build(synthRun(specs...), Options{})
	rows := rep.Workloads[0].Rows
	if p := rep.pool; !p.Applies() || !p.Prior.Applies() {
		t.Fatalf("the run's pool %+v does not apply: the test needs one that does", p)
	}
	tiers, apartByForks := 0, 0
	for i, row := range rows {
		tiers = max(tiers, row.Rank.Tier)
		if i == 0 {
			continue
		}
		if row.Rank.Above.Method != stats.MethodModerated {
			t.Errorf("%s: ranked by %s, want %s", row.Codec.Name, row.Rank.Above.Method, stats.MethodModerated)
		}
		prev := rows[i-1]
		a := pairedTotals(prev.Encode.Cell.Samples, prev.Decode.Cell.Samples)
		b := pairedTotals(row.Encode.Cell.Samples, row.Decode.Cell.Samples)
		if stats.CompareForks(a, b).Significant() {
			apartByForks++
		}
		if twins := prev.Codec.Name[:3] == "c20" && row.Codec.Name[:3] == "c20"; twins && !row.Rank.Tied() {
			t.Errorf("%s after %s: not tied (p=%.3g), want tied: they were measured alike", row.Codec.Name, prev.Codec.Name, row.Rank.Above.P)
		}
	}
	t.Logf("%d tiers of 41 rows; CompareForks tells %d of 40 neighbours apart", tiers, apartByForks)
	if tiers < 35 || apartByForks >= 20 {
		t.Errorf("%d tiers (want at least 35); CompareForks tells %d of 40 neighbours apart (want fewer than 20)", tiers, apartByForks)
	}
}
