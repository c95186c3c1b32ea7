package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/serbench/serbench/internal/sqlrows"
	"github.com/serbench/serbench/result"
)

// A run stored whole (SaveRun, SaveRunUnlessStored) is stored with the
// digest of its results (contentDigest) in runs.content_digest, so that
// SaveRunUnlessStored finds a run holding the same results by an indexed
// query instead of reading every stored run. The column is "" for a run
// measured as it goes (BeginRun), whose results are no file's, and NULL
// for a run stored before the digests were (schema version 11 and
// earlier), whose digest SaveRunUnlessStored computes once, the first
// time it looks (digestOlderRuns).

// contentDigest is the SHA-256, in hex, of contentText(r).
func contentDigest(r *result.Run) string {
	sum := sha256.Sum256([]byte(contentText(r)))
	return hex.EncodeToString(sum[:])
}

// contentText is the text of r's results, those a file of measurements
// holds, in an order of its own: the environment in order, the
// verifications and cells sorted, each cell's samples in order. Two runs
// whose texts are the same hold the same results, whatever their IDs,
// times and commands.
//
// The digests of the stored runs are of this text: a change to it must
// come with a migration that sets runs.content_digest to NULL where it is
// not "", so that they are computed again.
func contentText(r *result.Run) string {
	num := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	var b strings.Builder
	for _, c := range r.Env {
		fmt.Fprintf(&b, "env %q %q\n", c.Key, c.Value)
	}
	var lines []string
	for _, v := range r.Verifications {
		lines = append(lines, fmt.Sprintf("verification %q %q %q %q", v.Workload, v.Codec, v.Status, v.Error))
	}
	for _, c := range r.Cells {
		l := fmt.Sprintf("cell %q %q %q %d %q %q", c.Workload, c.Codec, c.Op, c.Goroutines, c.Status, c.Error)
		for _, s := range c.Samples {
			l += fmt.Sprintf(" [%d %s %s %s]", s.Iters, num(s.NsPerOp), num(s.BytesPerOp), num(s.AllocsPerOp))
		}
		lines = append(lines, l)
	}
	slices.Sort(lines)
	b.WriteString(strings.Join(lines, "\n"))
	return b.String()
}

// sameRun returns the ID of the first run, oldest first, whose command
// keep accepts and whose results have the digest digest, or ""
// (SaveRunUnlessStored). The runs stored before the digests were get
// theirs first (digestOlderRuns).
func (d *DB) sameRun(ctx context.Context, tx *sql.Tx, keep func(string) bool, digest string) (string, error) {
	if err := d.digestOlderRuns(ctx, tx, keep); err != nil {
		return "", err
	}
	var infos []RunInfo
	if err := sqlrows.Each(ctx, tx, d.rebind(`SELECT id, start_time, command FROM runs WHERE content_digest = ?`), func(rows *sql.Rows) error {
		var ri RunInfo
		var start string
		if err := rows.Scan(&ri.ID, &start, &ri.Command); err != nil {
			return err
		}
		ri.Start, _ = time.Parse(timeFormat, start)
		if keep(ri.Command) {
			infos = append(infos, ri)
		}
		return nil
	}, digest); err != nil {
		return "", fmt.Errorf("look for the same results: %w", err)
	}
	if len(infos) == 0 {
		return "", nil
	}
	sortRuns(infos)
	return infos[0].ID, nil
}

// digestOlderRuns stores in tx the digests of the runs stored without one
// (before the digests were) whose command keep accepts, reading each
// whole, once: a run whose digest is stored is not read again. A run that
// cannot be read is left without, and skipped: a savepoint undoes its
// failed read, which on PostgreSQL would end the transaction.
func (d *DB) digestOlderRuns(ctx context.Context, tx *sql.Tx, keep func(string) bool) error {
	var ids []string
	if err := sqlrows.Each(ctx, tx, `SELECT id, command FROM runs WHERE content_digest IS NULL`, func(rows *sql.Rows) error {
		var id, command string
		if err := rows.Scan(&id, &command); err != nil {
			return err
		}
		if keep(command) {
			ids = append(ids, id)
		}
		return nil
	}); err != nil {
		return fmt.Errorf("list the runs stored without a digest: %w", err)
	}
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, `SAVEPOINT digest_run`); err != nil {
			return err
		}
		stored, err := d.readRun(ctx, tx, id)
		switch {
		case err == nil:
			if _, err := tx.ExecContext(ctx, d.rebind(`UPDATE runs SET content_digest = ? WHERE id = ?`), contentDigest(stored), id); err != nil {
				return fmt.Errorf("store the digest of run %s: %w", id, err)
			}
		case ctx.Err() != nil:
			return err
		default:
			if _, err := tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT digest_run`); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `RELEASE SAVEPOINT digest_run`); err != nil {
			return err
		}
	}
	return nil
}
