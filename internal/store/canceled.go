package store

import (
	"context"
	"errors"
)

// The database drivers (modernc.org/sqlite, pgx) and database/sql return
// ctx.Err(), a bare context.Canceled (or context.DeadlineExceeded), for a
// statement that the end of its context stopped, which does not say why
// the context ended: "open database F: context canceled" for a command
// stopped by SIGINT as it checked a large file. The store's errors say it
// instead (canceled): each path out of the store (an open, a read, a
// transaction: inTx) passes its error through canceled once, where it
// names the database, so that the message ends with the context's cause
// ("open database F: interrupted by SIGINT"), as the wait for a locked
// database already does (retryBusy).

// canceled returns err, the error of statements run with ctx, as the
// interruption it was when ctx's end stopped them: an error that reads as
// ctx's cause (context.Cause) and wraps both the cause and err, so that it
// is still a context.Canceled (or DeadlineExceeded) and also the cause.
// What err said besides the context's error (the statement that was
// stopped) is dropped from the message. nil, an err that ctx's end did not
// cause (ctx not done, or err not a context error), and one that already
// wraps the cause (the wait for a locked database, retryBusy; a context
// canceled without a cause, whose cause is context.Canceled itself) are
// returned as they are.
func canceled(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	cause := context.Cause(ctx)
	if cause == nil || errors.Is(err, cause) || !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return &stoppedError{cause: cause, err: err}
}

// stoppedError is canceled's error: err, the error of statements that the
// end of their context stopped, said as the context's cause.
type stoppedError struct{ cause, err error }

func (e *stoppedError) Error() string   { return e.cause.Error() }
func (e *stoppedError) Unwrap() []error { return []error{e.cause, e.err} }
