package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/pgtest"
	"github.com/serbench/serbench/internal/store"
	"github.com/serbench/serbench/result"
)

func TestShardUsage(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--shard", "3/2", "--group", "g", "--db", db}, `--shard "3/2": want 1 ≤ I ≤ N`},
		{[]string{"run", "--shard", "0/2", "--group", "g", "--db", db}, `--shard "0/2"`},
		{[]string{"run", "--shard", "1/0", "--group", "g", "--db", db}, `--shard "1/0"`},
		{[]string{"run", "--shard", "two", "--group", "g", "--db", db}, `--shard "two": want I/N`},
		{[]string{"run", "--shard", "1/2", "--db", db}, "--shard 1/2 needs --group NAME"},
		{[]string{"run", "--shard", "1/2", "--group", "  ", "--db", db}, "needs --group NAME"},
		{[]string{"show", "--group", "g", "--db", db, "some-run"}, "a RUN-ID or --group NAME, not both"},
	} {
		_, stderr, code := cli(t, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// keys lists a run's cells and verifications as sorted strings, for
// comparing the sets.
func keys(r *result.Run) (cells, verifs, codecs []string) {
	for _, c := range r.Cells {
		k := c.Key()
		cells = append(cells, strings.Join([]string{k.Workload, k.Codec, k.Op}, " ")+" g"+string(rune('0'+k.Goroutines)))
	}
	for _, v := range r.Verifications {
		verifs = append(verifs, v.Workload+" "+v.Codec)
	}
	for _, c := range r.Codecs {
		codecs = append(codecs, c.Name)
	}
	slices.Sort(cells)
	slices.Sort(verifs)
	slices.Sort(codecs)
	return cells, verifs, codecs
}

// checkShards runs sel unsharded and as shards 1/2 and 2/2 of group g into
// dsn, and checks that the merged group has exactly the unsharded run's
// cells, verifications and codecs, each from one shard.
func checkShards(t *testing.T, dsn string, sel ...string) {
	t.Helper()
	ctx := context.Background()
	base := append([]string{"run", "--db", dsn, "--count", "2", "--time", "1ms", "--ci", "0", "--quiet"}, sel...)
	if _, stderr, code := cli(t, base...); code != 0 {
		t.Fatalf("unsharded run: exit %d: %s", code, stderr)
	}
	for _, sh := range []string{"1/2", "2/2"} {
		_, stderr, code := cli(t, append(base, "--shard", sh, "--group", "g")...)
		if code != 0 {
			t.Fatalf("shard %s: exit %d: %s", sh, code, stderr)
		}
		if !strings.Contains(stderr, "shard "+sh+" of group g") {
			t.Errorf("shard %s: stderr %q does not name the shard", sh, stderr)
		}
	}
	db, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	runs, err := db.Runs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 3 {
		t.Fatalf("%d runs stored, want 3", len(runs))
	}
	var whole *result.Run
	var shardCells [][]string
	for _, ri := range runs {
		r, err := db.Run(ctx, ri.ID)
		if err != nil {
			t.Fatal(err)
		}
		if ri.Group == "" {
			whole = r
			continue
		}
		if ri.Group != "g" || (ri.Shard != "1/2" && ri.Shard != "2/2") || r.EnvValue("shard") != ri.Shard {
			t.Errorf("run %s stored with group %q shard %q, env shard %q", ri.ID, ri.Group, ri.Shard, r.EnvValue("shard"))
		}
		c, _, _ := keys(r)
		if len(c) == 0 {
			t.Errorf("shard %s measured nothing", ri.Shard)
		}
		shardCells = append(shardCells, c)
		t.Logf("shard %s: %d cells, workloads %q", ri.Shard, len(c), workloads(r))
	}
	if whole == nil {
		t.Fatal("the unsharded run is not stored")
	}
	group, err := db.Group(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	wc, wv, wcod := keys(whole)
	gc, gv, gcod := keys(group)
	for _, cmp := range []struct {
		what       string
		whole, got []string
	}{{"cells", wc, gc}, {"verifications", wv, gv}, {"codecs", wcod, gcod}} {
		if !slices.Equal(cmp.whole, cmp.got) {
			t.Errorf("merged group's %s differ from the unsharded run's:\nunsharded %q\ngroup     %q", cmp.what, cmp.whole, cmp.got)
		}
		if len(slices.Compact(slices.Clone(cmp.got))) != len(cmp.got) {
			t.Errorf("merged group has a duplicate among its %s: %q", cmp.what, cmp.got)
		}
	}
	if n := len(shardCells[0]) + len(shardCells[1]); n != len(wc) {
		t.Errorf("shards measured %d+%d cells, the unsharded run %d", len(shardCells[0]), len(shardCells[1]), len(wc))
	}
	if !group.Complete {
		t.Errorf("group incomplete: %q", group.Warnings)
	}
	for _, c := range group.Cells {
		if len(c.Samples) != 2 {
			t.Errorf("cell %v has %d samples, want 2", c.Key(), len(c.Samples))
		}
	}

	out, stderr, code := cli(t, "show", "--group", "g", "--db", dsn)
	if code != 0 {
		t.Fatalf("show --group: exit %d: %s", code, stderr)
	}
	for _, want := range append([]string{"serbench run group g", "complete"}, wcod...) {
		if !strings.Contains(out, want) {
			t.Errorf("show --group output lacks %q:\n%s", want, out)
		}
	}
	html := filepath.Join(t.TempDir(), "group.html")
	out, stderr, code = cli(t, "report", "--group", "g", "--db", dsn, "--html", html)
	if code != 0 {
		t.Fatalf("report --group: exit %d: %s", code, stderr)
	}
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range wcod {
		if !strings.Contains(string(page), want) {
			t.Errorf("report --group HTML lacks codec %q", want)
		}
	}
	out, _, code = cli(t, "runs", "--db", dsn)
	if code != 0 || !strings.Contains(out, "g 1/2") || !strings.Contains(out, "g 2/2") {
		t.Errorf("runs (exit %d) does not show the group:\n%s", code, out)
	}
	if _, stderr, code := cli(t, "show", "--group", "nope", "--db", dsn); code != 1 || !strings.Contains(stderr, `group "nope"`) {
		t.Errorf("show of a missing group: exit %d, %s", code, stderr)
	}
}

// TestShardsIntoPostgreSQL runs two shards into one PostgreSQL database,
// floats (its own runner, one job) included.
func TestShardsIntoPostgreSQL(t *testing.T) {
	checkShards(t, pgtest.DSN(t), "--workload", "^(person|floats)$", "--codec", "^(json|handwritten|goccy-json|jsoniter)$")
}

// TestShardsIntoSQLite: the same with a SQLite file, whose shards run one
// after the other on one machine.
func TestShardsIntoSQLite(t *testing.T) {
	checkShards(t, filepath.Join(t.TempDir(), "s.db"), "--workload", "^person$", "--codec", "^(json|handwritten|goccy-json)$")
}

func workloads(r *result.Run) []string {
	var out []string
	for _, v := range r.Verifications {
		if !slices.Contains(out, v.Workload) {
			out = append(out, v.Workload)
		}
	}
	return out
}
