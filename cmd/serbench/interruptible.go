package main

import (
	"context"
	"fmt"
)

// Work in this process that cannot look at the command's context (a
// file read that blocks, one long computation) made to end at the first
// signal all the same.

// interruptible runs f on a goroutine of its own and returns its error,
// or the cause of ctx's end (an interruptedError after a signal) as soon
// as ctx is done: for work in this process that cannot look at ctx (one
// big.Float division of minutes), which is then abandoned, as serbench
// exits. f must not write anything the caller reads after an
// interruption.
func interruptible(ctx context.Context, f func() error) error {
	if err := ctx.Err(); err != nil {
		return context.Cause(ctx)
	}
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

// readInterruptible runs read, which reads the file path (whose role,
// such as "the --data file", what names), with interruptible: a read
// that blocks (a named pipe that no one writes, a stalled network file
// system) or takes long (a large file decoded) ends at the first SIGINT
// or SIGTERM instead of holding the command until it is done, with an
// error that names the file, what was interrupted, and the command's
// state, as after says ("nothing was stored"). The read is abandoned, as
// serbench exits; it must write nothing but its results, which are
// dropped.
func readInterruptible[T any](ctx context.Context, what, path, after string, read func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	got := make(chan result, 1)
	err := interruptible(ctx, func() error {
		v, err := read()
		got <- result{v, err}
		return err
	})
	var zero T
	if err != nil {
		if ctx.Err() != nil {
			return zero, fmt.Errorf("%w while reading %s %s: %s", err, what, path, after)
		}
		return zero, err
	}
	return (<-got).v, nil
}
