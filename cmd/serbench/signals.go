package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
)

// interruptedError is the cause of the context of a command stopped by a
// signal.
type interruptedError struct{ sig os.Signal }

func (e interruptedError) Error() string { return "interrupted by " + signalName(e.sig) }

// Is makes an interruption a context.Canceled, as ctx.Err() says.
func (e interruptedError) Is(target error) bool { return target == context.Canceled }

// signalName is the usual name of the signals serbench handles.
func signalName(sig os.Signal) string {
	switch sig {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
}

// signalStatus is the exit status of a process stopped by sig: 128 plus
// its number, as a shell reports a process the signal killed.
func signalStatus(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}

// handleSignals returns a context that the first SIGINT or SIGTERM
// cancels, with an interruptedError as its cause, so that the command
// stops and saves what it has; a second one exits at once (watchSignals).
// stop stops the handling and returns the first signal, nil if none came.
func handleSignals(stderr io.Writer) (ctx context.Context, stop func() os.Signal) {
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	ctx, received := watchSignals(ch, stderr, os.Exit)
	return ctx, func() os.Signal {
		signal.Stop(ch)
		return received()
	}
}

// watchSignals watches ch: the first signal cancels the returned context
// (cause interruptedError); a second one writes a line to stderr and calls
// exit with its status, without waiting for the command. received returns
// the first signal, nil if none came yet.
func watchSignals(ch <-chan os.Signal, stderr io.Writer, exit func(int)) (ctx context.Context, received func() os.Signal) {
	ctx, cancel := context.WithCancelCause(context.Background())
	var (
		mu    sync.Mutex
		first os.Signal
	)
	go func() {
		sig := <-ch
		mu.Lock()
		first = sig
		mu.Unlock()
		cancel(interruptedError{sig})
		sig = <-ch
		fmt.Fprintf(stderr, "serbench: second %s: exiting at once (what was stored so far stays stored)\n", signalName(sig))
		exit(signalStatus(sig))
	}()
	return ctx, func() os.Signal {
		mu.Lock()
		defer mu.Unlock()
		return first
	}
}

// exitStatus prints err, if any, and returns serbench's exit status for
// a command that returned err after receiving sig (nil: none). With a
// signal it is 128 plus the signal's number (SIGINT: 130, SIGTERM: 143),
// whatever the command did once stopped; without, exitCode's: 0 for
// success and --help, 2 for bad usage (options refused before anything
// starts included), 1 for any other error (a run in which nothing was
// measured included). An error that the signal caused is printed as the
// interruption it was: the store's errors say so themselves ("open
// database F: interrupted by SIGINT"), and signalErrorText says it for the
// others.
func exitStatus(err error, sig os.Signal, stderr io.Writer) int {
	if sig == nil {
		return exitCode(err, stderr)
	}
	if err != nil && !errors.Is(err, errHelp) {
		fmt.Fprintln(stderr, "serbench:", signalErrorText(err, sig))
	}
	return signalStatus(sig)
}

// signalErrorText is the message of err, an error of a command that sig
// stopped. An error that says its interruption (it wraps the
// interruptedError that canceled the command's context: the store's,
// whose opens, reads and writes wrap context.Cause, and readInterruptible's)
// and one that the signal did not cause are printed as they are. The
// fallback is for an error that is a context.Canceled without saying
// which signal canceled it: serbench's own packages return
// context.Cause(ctx) when a signal stops them, but a library they call
// (database/sql, os/exec, net) may return ctx.Err() bare. Such an error
// ends with the signal instead of "context canceled" ("...: interrupted
// by SIGINT"), or, when something follows it, says the signal after it.
func signalErrorText(err error, sig os.Signal) string {
	msg := err.Error()
	var ie interruptedError
	if errors.As(err, &ie) || !errors.Is(err, context.Canceled) {
		return msg
	}
	interrupted := interruptedError{sig}.Error()
	if rest, ok := strings.CutSuffix(msg, context.Canceled.Error()); ok {
		return rest + interrupted
	}
	return msg + " (" + interrupted + ")"
}
