package store

import (
	"context"
	"regexp"
	"slices"

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
//
// Matrices stored by engines before the renderers counted the pairs not
// measured themselves come back as the current engine stores them:
// without their note of those pairs (droppedPartialNote).
func (d *DB) Interop(ctx context.Context, id string) (*result.Interop, error) {
	x, err := readMatrix[result.Interop](ctx, d, id, interopMatrices)
	if x != nil {
		for i := range x.Matrices {
			m := &x.Matrices[i]
			if m.Notes = slices.DeleteFunc(m.Notes, droppedPartialNote.MatchString); len(m.Notes) == 0 {
				m.Notes = nil
			}
		}
	}
	return x, err
}

// droppedPartialNote matches the note that engines before bfc79a2 stored
// with an interrupted interoperability matrix ("interrupted: 5 of 9 pairs
// were not measured"). Its cells marked interrupted say it, and the
// renderers count them in a note of their own, so a run that kept the
// stored note said it twice.
var droppedPartialNote = regexp.MustCompile(`^interrupted: \d+ of \d+ pairs were not measured$`)
