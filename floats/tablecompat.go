package floats

import (
	"errors"
	"time"

	"github.com/serbench/serbench/result"
)

// This file keeps the names table.go uses from the scheduler this package
// no longer has, so that the package builds until table.go moves to
// package report. Delete it together with table.go.

// LimitMemcpy and LimitSum are the names table.go gives its two limit
// rows. They are the names of the reference jobs, so that the table shows
// them as limits in the meantime.
//
// Deprecated: use RefMemcpy and RefRead, or result.Cell.Reference.
const (
	LimitMemcpy = RefMemcpy
	LimitSum    = RefRead
)

// ErrValuesDiffer was wrapped by the setup errors of strategies whose
// values differed although their sum matched. Such strategies are now
// verification mismatches with diffs, not errors.
//
// Deprecated: read result.Verification.Status (result.VerifyMismatch).
var ErrValuesDiffer = errors.New("values differ")

// Result was what the removed floats.Run returned; only Result.WriteTable
// in table.go uses it.
//
// Deprecated: floats jobs are run by package harness like any other.
type Result struct {
	Cells, Limits []result.Cell
	Verifications []result.Verification
	Warnings      []string
	N             int
	Seed          uint64
	Expected      float32
	Wall          time.Duration
}
