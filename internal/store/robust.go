package store

import (
	"context"

	"github.com/serbench/serbench/result"
)

// robustMatrices is the decoder robustness matrix of a run (migration 8),
// kept as the JSON of result.Robust.
var robustMatrices = jsonMatrix{table: "robust_matrices", what: "robustness matrix"}

// SaveRobust stores m as the robustness matrix of run id, replacing any
// stored before. The run must be stored.
func (d *DB) SaveRobust(ctx context.Context, id string, m *result.Robust) error {
	return robustMatrices.save(ctx, d, id, m)
}

// Robust reads the robustness matrix of run id. The error wraps
// ErrNotFound when the run has none (serbench run computes one with
// --robust only).
func (d *DB) Robust(ctx context.Context, id string) (*result.Robust, error) {
	return readMatrix[result.Robust](ctx, d, id, robustMatrices)
}
