package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/serbench/serbench/internal/pgtest"
	"github.com/serbench/serbench/result"
)

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
	printed := map[string]string{} // shard: what it printed on stderr
	for _, sh := range []string{"1/2", "2/2"} {
		_, stderr, code := cli(t, append(base, "--shard", sh, "--group", "g")...)
		if code != 0 {
			t.Fatalf("shard %s: exit %d: %s", sh, code, stderr)
		}
		printed[sh] = stderr
	}
	db := mustOpen(t, dsn)
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
		want := fmt.Sprintf("stored as run %s in %s (shard %s of group g: serbench show --group g shows the group)\n", ri.ID, db.Name(), ri.Shard)
		if printed[ri.Shard] != want {
			t.Errorf("shard %s printed %q, want %q", ri.Shard, printed[ri.Shard], want)
		}
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

	// show --group prints the merged group, report --group reports it
	// (testdata/cli/shard.args has what they print).
	var want bytes.Buffer
	if err := (&outputFlags{format: "table", variants: "plain"}).render(&want, group); err != nil {
		t.Fatal(err)
	}
	if out := mustCLI(t, "show", "--group", "g", "--db", dsn); out != want.String() {
		t.Errorf("show --group:\n%s\nwant the merged group:\n%s", out, want.String())
	}
	html := filepath.Join(t.TempDir(), "group.html")
	out := mustCLI(t, "report", "--group", "g", "--db", dsn, "--html", html)
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("wrote %s (1 run, %s)\n", html, sizeOf(len(page))); out != want {
		t.Errorf("report --group printed %q, want %q", out, want)
	}
	for _, want := range wcod {
		if !strings.Contains(string(page), want) {
			t.Errorf("report --group HTML lacks codec %q", want)
		}
	}
}

// TestShardsIntoPostgreSQL runs two shards into one PostgreSQL database,
// floats (its own runner, one job) included, with 1,000 values instead of
// its million, which only made each of its three runs about 4 s longer.
func TestShardsIntoPostgreSQL(t *testing.T) {
	checkShards(t, pgtest.DSN(t), "--workload", "^(person|floats)$", "--codec", "^(json|handwritten|goccy-json|jsoniter)$", "--values", "1000")
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
