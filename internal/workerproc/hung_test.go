package workerproc

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestHungGivesWhereItHung: Hung asks a worker that blocks for its
// goroutines (Linux), ends it with Death's text, and returns the
// excerpt of the stacks: the goroutine of the helper that sleeps, without
// the runtime's goroutines nor the frames' counters. Elsewhere it gives
// no stacks.
func TestHungGivesWhereItHung(t *testing.T) {
	p := start(t, "print-block", Config{})
	awaitOutput(p, "blocking now")
	const why = "no answer within the time limit of 1s; the worker was killed"
	memory, text, stacks := p.Hung(why)
	if memory || text != why {
		t.Errorf("Hung: memory %v, text %q; want false, %q", memory, text, why)
	}
	wantExited(t, p, "Hung returned before the worker ended")
	if runtime.GOOS != "linux" {
		if stacks != "" {
			t.Errorf("Hung outside Linux gave stacks:\n%s", stacks)
		}
		return
	}
	if !strings.HasPrefix(stacks, "goroutine 1 ") || !strings.Contains(stacks, "time.Sleep(") || !strings.Contains(stacks, "workerproc.helper(") ||
		strings.Contains(stacks, "goroutine 0 ") || strings.Contains(stacks, "SIGQUIT") || strings.Contains(stacks, " fp=0x") || len(stacks) > ExcerptKept {
		t.Errorf("Hung: stacks (%d bytes), want the main goroutine first, with time.Sleep called by helper, no goroutine 0, no counters, at most %d bytes:\n%s", len(stacks), ExcerptKept, stacks)
	}
}

// TestExcerpt: Excerpt keeps the goroutines that run code other than the
// runtime's, their frames without counters, and stops at a line's end
// before ExcerptKept bytes.
func TestExcerpt(t *testing.T) {
	runtimeOnly := "goroutine 2 gp=0x1 m=nil [force gc (idle)]:\nruntime.gopark(0x0?)\n\t/go/src/runtime/proc.go:462 +0xce fp=0x1 sp=0x2 pc=0x3\n" +
		"runtime.forcegchelper()\n\t/go/src/runtime/proc.go:375 +0xb3 fp=0x1 sp=0x2 pc=0x3\ncreated by runtime.init.7 in goroutine 1\n\t/go/src/runtime/proc.go:363 +0x1a"
	own := "goroutine 1 gp=0x1 m=nil [sleep]:\ntime.Sleep(0x1)\n\t/go/src/runtime/time.go:363 +0x165 fp=0x1 sp=0x2 pc=0x3\n" +
		"example.com/codec.decode(...)\n\t/src/codec/decode.go:42 +0x1d fp=0x1 sp=0x2 pc=0x3"
	stacks := "SIGQUIT: quit\nPC=0x40816e m=0 sigcode=0\n\n" +
		"goroutine 0 gp=0x1 m=0 mp=0x2 [idle]:\nruntime.futex(0x1)\n\t/go/src/runtime/sys_linux_amd64.s:557 +0x21 fp=0x1 sp=0x2 pc=0x3\n\n" +
		runtimeOnly + "\n\n" + own + "\n\nrax    0xfffffffffffffffc\nrbx    0x5"
	want := "goroutine 1 gp=0x1 m=nil [sleep]:\ntime.Sleep(0x1)\n\t/go/src/runtime/time.go:363 +0x165\n" +
		"example.com/codec.decode(...)\n\t/src/codec/decode.go:42 +0x1d"
	if got := Excerpt(stacks); got != want {
		t.Errorf("Excerpt:\n%s\nwant:\n%s", got, want)
	}
	if got := Excerpt(""); got != "" {
		t.Errorf("Excerpt of nothing: %q", got)
	}
	// Many goroutines: the first ones, whole lines, within the bound.
	var many strings.Builder
	for i := range 200 {
		fmt.Fprintf(&many, "goroutine %d [chan receive]:\nexample.com/codec.wait()\n\t/src/codec/wait.go:%d +0x1d\n\n", i+1, i)
	}
	got := Excerpt(many.String())
	if len(got) > ExcerptKept || len(got) < ExcerptKept-100 || !strings.HasPrefix(many.String(), got+"\n") {
		t.Errorf("Excerpt of many goroutines: %d bytes, want the first whole lines of at most %d; ends %q", len(got), ExcerptKept, got[max(0, len(got)-40):])
	}
}

// TestWithStacks: WithStacks puts the stacks after the line under
// StacksHeading, CutStacks parts them again, and a line without stacks
// stays itself.
func TestWithStacks(t *testing.T) {
	s := WithStacks("no answer within the time limit of 1s; the worker was killed", "goroutine 1 [sleep]:\ntime.Sleep(0x1)")
	if want := "no answer within the time limit of 1s; the worker was killed\n" + StacksHeading + "\ngoroutine 1 [sleep]:\ntime.Sleep(0x1)"; s != want {
		t.Errorf("WithStacks: %q, want %q", s, want)
	}
	if line, stacks := CutStacks(s); line != "no answer within the time limit of 1s; the worker was killed" || stacks != "goroutine 1 [sleep]:\ntime.Sleep(0x1)" {
		t.Errorf("CutStacks: %q, %q", line, stacks)
	}
	if s := WithStacks("the worker died", ""); s != "the worker died" {
		t.Errorf("WithStacks without stacks: %q", s)
	}
	if line, stacks := CutStacks("the worker died"); line != "the worker died" || stacks != "" {
		t.Errorf("CutStacks without stacks: %q, %q", line, stacks)
	}
}
