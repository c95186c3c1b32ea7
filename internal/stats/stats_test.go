package stats

import (
	"math"
	"testing"
)

func TestSummarize(t *testing.T) {
	s := Summarize([]float64{10, 11, 9, 10, 12, 10, 8, 10, 11, 9})
	if s.Center != 10 {
		t.Errorf("median = %v, want 10", s.Center)
	}
	if !(s.Lo <= 10 && s.Hi >= 10 && s.Lo >= 8 && s.Hi <= 12) {
		t.Errorf("CI [%v, %v] does not bracket the median within the data", s.Lo, s.Hi)
	}
	if s.N != 10 {
		t.Errorf("N = %d", s.N)
	}
	if got := s.RelHalfWidth(); got <= 0 || got > 0.2 {
		t.Errorf("RelHalfWidth = %v", got)
	}
}

func TestSummarizeTooFew(t *testing.T) {
	s := Summarize([]float64{5, 6})
	if len(s.Warnings) == 0 {
		t.Errorf("no warning for 2 samples: %+v", s)
	}
	if !math.IsInf(s.RelHalfWidth(), 1) {
		t.Errorf("RelHalfWidth = %v, want +Inf for an unbounded interval", s.RelHalfWidth())
	}
	if !math.IsNaN(Summarize(nil).Center) {
		t.Error("empty sample has a center")
	}
}

func TestCompare(t *testing.T) {
	a := []float64{100, 101, 99, 100, 102, 98, 100, 101, 99, 100}
	b := []float64{120, 121, 119, 120, 122, 118, 120, 121, 119, 120}
	c := Compare(a, b)
	if !c.Significant() {
		t.Errorf("clearly different samples not significant: p=%v", c.P)
	}
	if d := c.Delta(100, 120); d != "+20.00%" {
		t.Errorf("Delta = %q", d)
	}
	same := Compare(a, a)
	if same.Significant() {
		t.Errorf("identical samples significant: p=%v", same.P)
	}
	if d := same.Delta(100, 100); d != "~" {
		t.Errorf("Delta = %q, want ~", d)
	}
}
