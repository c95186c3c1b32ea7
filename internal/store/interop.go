package store

import (
	"context"

	"github.com/serbench/serbench/result"
)

// interopMatrices are the cross-library interoperability matrices of a run
// (migration 9), kept as the JSON of result.Interop.
var interopMatrices = jsonMatrix{table: "interop_matrices", what: "interoperability matrices"}

// SaveInterop stores m as the interoperability matrices of run id,
// replacing any stored before. The run must be stored.
func (d *DB) SaveInterop(ctx context.Context, id string, m *result.Interop) error {
	return interopMatrices.save(ctx, d, id, m)
}

// Interop reads the interoperability matrices of run id. The error wraps
// ErrNotFound when the run has none (serbench run computes them with
// --interop only).
func (d *DB) Interop(ctx context.Context, id string) (*result.Interop, error) {
	return readMatrix[result.Interop](ctx, d, id, interopMatrices)
}
