package report

import (
	"maps"
	"runtime"
	"sync"

	"github.com/serbench/serbench/internal/trend"
)

// DetectChanges sets the Changes of every series: the runs from which its
// level changed, machine by machine, as trend.Detect finds them over the
// points' medians (see internal/trend for the method and its
// assumption). The versions compared at a change are the codec's module
// (the codec's name when the run records no module), "go" and "serbench",
// and the other settings that change the numbers (Point.Settings: sample
// time, forks, workload options, seed, ...), so that a change found where
// what was measured changed says so. Points of incomplete runs take no
// part unless includeIncomplete. The
// series are searched in parallel, GOMAXPROCS at a time; the result does
// not depend on it. It sets Detected and Searched too, for the summary.
func DetectChanges(series []*Series, includeIncomplete bool) {
	work := make(chan *Series)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(len(series), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range work {
				s.Changes = nil
				pts := trendPoints(s, includeIncomplete)
				s.Detected, s.Searched = true, trend.Tested(pts, trend.Options{})
				for _, c := range trend.Detect(pts, trend.Options{}) {
					s.Changes = append(s.Changes, LevelChange{
						Index: c.Index, Run: c.Run, Machine: c.Machine,
						Before: c.Before, After: c.After, Ratio: c.Ratio, Lo: c.Lo, Hi: c.Hi, Coincides: c.Coincides,
					})
				}
			}
		}()
	}
	for _, s := range series {
		work <- s
	}
	close(work)
	wg.Wait()
}

// trendPoints returns the points of s as trend.Detect takes them, one for
// each, in order: a point of an incomplete run has no median, so it takes
// no part, unless includeIncomplete.
func trendPoints(s *Series, includeIncomplete bool) []trend.Point {
	out := make([]trend.Point, len(s.Points))
	for i, p := range s.Points {
		lib := p.Module
		if lib == "" {
			lib = s.Key.Codec
		}
		v := maps.Clone(p.Settings)
		if v == nil {
			v = map[string]string{}
		}
		for name, ver := range map[string]string{lib: p.Version, "go": p.Go, "serbench": p.Serbench} {
			if ver != "" {
				v[name] = ver
			}
		}
		out[i] = trend.Point{Run: p.RunID, Time: p.Start, Machine: p.Machine, Versions: v}
		if !p.Incomplete || includeIncomplete {
			out[i].Median = p.NsOp.Center
		}
	}
	return out
}
