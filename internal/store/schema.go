package store

// migrations are applied in order; the index plus one is the schema
// version. The SQL is shared by SQLite and PostgreSQL: portable types only
// (TEXT, INTEGER, BIGINT, DOUBLE PRECISION), times as RFC 3339 text, lists
// as JSON text. Never edit a migration that has shipped: append a new one.
var migrations = []string{
	// 1: runs, their environment and codecs, verifications, cells, samples.
	`CREATE TABLE runs (
		id TEXT PRIMARY KEY,
		start_time TEXT NOT NULL,
		end_time TEXT NOT NULL DEFAULT '',
		complete INTEGER NOT NULL DEFAULT 0,
		command TEXT NOT NULL DEFAULT '',
		run_group TEXT NOT NULL DEFAULT '',
		shard TEXT NOT NULL DEFAULT ''
	);
	CREATE TABLE run_env (
		run_id TEXT NOT NULL REFERENCES runs(id),
		pos INTEGER NOT NULL,
		key TEXT NOT NULL,
		value TEXT NOT NULL,
		PRIMARY KEY (run_id, pos)
	);
	CREATE TABLE run_codecs (
		run_id TEXT NOT NULL REFERENCES runs(id),
		name TEXT NOT NULL,
		format TEXT NOT NULL,
		module TEXT NOT NULL,
		version TEXT NOT NULL,
		api TEXT NOT NULL,
		flags TEXT NOT NULL,
		losses TEXT NOT NULL,
		notes TEXT NOT NULL,
		PRIMARY KEY (run_id, name)
	);
	CREATE TABLE verifications (
		run_id TEXT NOT NULL REFERENCES runs(id),
		workload TEXT NOT NULL,
		codec TEXT NOT NULL,
		status TEXT NOT NULL,
		n_values INTEGER NOT NULL,
		mean_size DOUBLE PRECISION NOT NULL,
		observed TEXT NOT NULL,
		diffs TEXT NOT NULL,
		diff_values INTEGER NOT NULL,
		error TEXT NOT NULL,
		PRIMARY KEY (run_id, workload, codec)
	);
	CREATE TABLE cells (
		run_id TEXT NOT NULL REFERENCES runs(id),
		workload TEXT NOT NULL,
		codec TEXT NOT NULL,
		op TEXT NOT NULL,
		goroutines INTEGER NOT NULL,
		status TEXT NOT NULL,
		error TEXT NOT NULL,
		mean_size DOUBLE PRECISION NOT NULL,
		PRIMARY KEY (run_id, workload, codec, op, goroutines)
	);
	CREATE TABLE samples (
		run_id TEXT NOT NULL REFERENCES runs(id),
		workload TEXT NOT NULL,
		codec TEXT NOT NULL,
		op TEXT NOT NULL,
		goroutines INTEGER NOT NULL,
		seq INTEGER NOT NULL,
		iters BIGINT NOT NULL,
		ns_per_op DOUBLE PRECISION NOT NULL,
		bytes_per_op DOUBLE PRECISION NOT NULL,
		allocs_per_op DOUBLE PRECISION NOT NULL,
		PRIMARY KEY (run_id, workload, codec, op, goroutines, seq)
	);
	CREATE TABLE warnings (
		run_id TEXT NOT NULL REFERENCES runs(id),
		seq INTEGER NOT NULL,
		message TEXT NOT NULL,
		PRIMARY KEY (run_id, seq)
	);
	CREATE INDEX runs_start ON runs (start_time);`,
	// 2: the mean compressed sizes of each verification's messages, as
	// JSON text ({"zstd": 81.2, ...}).
	`ALTER TABLE verifications ADD COLUMN compressed TEXT NOT NULL DEFAULT '{}';`,
	// 3: the measurement engine's forks and GC data per sample, the target
	// sample time and reference role of each cell, the arguments of each
	// run (JSON list, for serbench run --resume), and the locks that keep
	// two processes from measuring one run at once (lock.go). Rows stored
	// before it read as fork 0, no GC data, no sample time, no reference
	// and no arguments.
	`ALTER TABLE samples ADD COLUMN fork INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE samples ADD COLUMN gc_cycles INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE samples ADD COLUMN gc_cpu_ns BIGINT NOT NULL DEFAULT 0;
	ALTER TABLE cells ADD COLUMN sample_time_ns BIGINT NOT NULL DEFAULT 0;
	ALTER TABLE cells ADD COLUMN reference TEXT NOT NULL DEFAULT '';
	ALTER TABLE runs ADD COLUMN args TEXT NOT NULL DEFAULT '[]';
	CREATE TABLE run_locks (
		run_id TEXT PRIMARY KEY REFERENCES runs(id),
		owner TEXT NOT NULL,
		heartbeat TEXT NOT NULL
	);`,
	// 4: the precision target of each cell and, when its interval missed
	// it, why ("budget" or "noise"). Rows stored before it read as no
	// target.
	`ALTER TABLE cells ADD COLUMN target DOUBLE PRECISION NOT NULL DEFAULT 0;
	ALTER TABLE cells ADD COLUMN missed TEXT NOT NULL DEFAULT '';`,
	// 5: the fidelity matrix of a run (package internal/fidelity): its
	// columns (edge values) in order, each codec's carrier, and each
	// cell's status, classes of differences (JSON list) and detail. Runs
	// stored before it have none.
	`CREATE TABLE fidelity_cases (
		run_id TEXT NOT NULL REFERENCES runs(id),
		pos INTEGER NOT NULL,
		name TEXT NOT NULL,
		doc TEXT NOT NULL,
		PRIMARY KEY (run_id, pos)
	);
	CREATE TABLE fidelity_rows (
		run_id TEXT NOT NULL REFERENCES runs(id),
		codec TEXT NOT NULL,
		carrier TEXT NOT NULL,
		note TEXT NOT NULL,
		PRIMARY KEY (run_id, codec)
	);
	CREATE TABLE fidelity_cells (
		run_id TEXT NOT NULL REFERENCES runs(id),
		codec TEXT NOT NULL,
		pos INTEGER NOT NULL,
		status TEXT NOT NULL,
		classes TEXT NOT NULL,
		detail TEXT NOT NULL,
		PRIMARY KEY (run_id, codec, pos)
	);`,
	// 6: what verification found beyond the status: variant flags found
	// on the workload (JSON list, "unsafe" when decoded values alias their
	// input), examples of aliasing (JSON list), the extent of each
	// declared bound (JSON list) and how many are loose, and the number of
	// values whose input the codec changed (status "mutated"). Rows
	// stored before it read as none of these.
	`ALTER TABLE verifications ADD COLUMN flags TEXT NOT NULL DEFAULT '[]';
	ALTER TABLE verifications ADD COLUMN aliases TEXT NOT NULL DEFAULT '[]';
	ALTER TABLE verifications ADD COLUMN bounds TEXT NOT NULL DEFAULT '[]';
	ALTER TABLE verifications ADD COLUMN loose_bounds INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE verifications ADD COLUMN mutated_values INTEGER NOT NULL DEFAULT 0;`,
	// 7: the workloads of a run as the binary that measured them defined
	// them: the one-line description and the fields the access operation
	// reads (JSON list), so that a stored run renders the same whatever
	// binary renders it. Runs stored before it have none.
	`CREATE TABLE run_workloads (
		run_id TEXT NOT NULL REFERENCES runs(id),
		name TEXT NOT NULL,
		description TEXT NOT NULL,
		access_fields TEXT NOT NULL,
		PRIMARY KEY (run_id, name)
	);`,
	// 8: the decoder robustness matrix of a run (package internal/robust),
	// as the JSON of result.Robust: rows of cells of counts, with the
	// inputs they report. Runs stored before it have none.
	`CREATE TABLE robust_matrices (
		run_id TEXT PRIMARY KEY REFERENCES runs(id),
		matrix TEXT NOT NULL
	);`,
	// 9: the cross-library interoperability matrices of a run (package
	// internal/interop), as the JSON of result.Interop: per format and
	// workload, writers × readers. Runs stored before it have none.
	`CREATE TABLE interop_matrices (
		run_id TEXT PRIMARY KEY REFERENCES runs(id),
		matrix TEXT NOT NULL
	);`,
	// 10: the store at team scale (a thousand runs of the default suite).
	// runs.baseline marks the runs that serbench prune never deletes
	// (serbench runs --baseline RUN-ID); rows stored before it read as
	// not a baseline. The indexes serve the queries that span runs:
	// samples_cell and cells_cell one cell's series across every run
	// (history), run_env_key the machine of every run (history, prune),
	// runs_group the runs of a group or shard (show/report --group,
	// prune). The reads of one run
	// (show, compare, report) use the primary keys, which start with the
	// run's ID.
	`ALTER TABLE runs ADD COLUMN baseline INTEGER NOT NULL DEFAULT 0;
	CREATE INDEX samples_cell ON samples (workload, codec, op, goroutines, run_id);
	CREATE INDEX cells_cell ON cells (workload, codec, op, goroutines, run_id);
	CREATE INDEX run_env_key ON run_env (key, run_id);
	CREATE INDEX runs_group ON runs (run_group, shard, start_time);`,
	// 11: the verifications of one (workload, codec) across runs
	// (RunsWithCells), whose primary key starts with the run's ID.
	`CREATE INDEX verifications_cell ON verifications (workload, codec, run_id);`,
	// 12: the SHA-256 of the results of a run stored whole (content.go),
	// by which serbench import finds results imported already; "" for a
	// run measured as it goes. Runs stored before it read as NULL: their
	// digest is computed when an import first looks (digestOlderRuns).
	`ALTER TABLE runs ADD COLUMN content_digest TEXT;
	CREATE INDEX runs_content_digest ON runs (content_digest);`,
}
