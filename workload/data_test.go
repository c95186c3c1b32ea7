package workload

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/internal/datatest"
)

// DataFiles writes the statuses of testdata/twitter-statuses.json (the
// first three statuses of the twitter.json corpus) into dir in every
// format that LoadData reads, and returns the files by format: a JSON
// array, NDJSON, a MessagePack stream and a CBOR sequence, each written
// by its library from the same generic values (integers as int64).
func DataFiles(t testing.TB, dir string) map[string]string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "twitter-statuses.json"))
	if err != nil {
		t.Fatal(err)
	}
	values, err := decodeJSON(raw)
	if err != nil {
		t.Fatal(err)
	}
	return datatest.Write(t, dir, "twitter", raw, values)
}

func TestLoadDataFormats(t *testing.T) {
	files := DataFiles(t, t.TempDir())
	var want []any
	for _, format := range DataFormats {
		for _, forced := range []string{"", format} {
			w, d, err := LoadData(DataSource{Path: files[format], Format: forced})
			if err != nil {
				t.Fatalf("%s (format %q): %v", format, forced, err)
			}
			if d.Source.Format != format || d.Values != 3 || w.Count != 3 || w.Name != "data:twitter" {
				t.Errorf("%s (format %q): format %q, %d values, count %d, name %s; want %s, 3, 3, data:twitter", format, forced, d.Source.Format, d.Values, w.Count, w.Name, format)
			}
			st, _ := os.Stat(files[format])
			for _, s := range []string{"twitter." + format, format + ",", "3 values", d.SHA256, "bytes"} {
				if !strings.Contains(w.Description, s) || st.Size() != d.Size {
					t.Errorf("%s: description %q lacks %q or size %d is not %d", format, w.Description, s, d.Size, st.Size())
				}
			}
			var got []any
			for _, p := range w.Values(Options{}) {
				got = append(got, *p.(*any))
			}
			if want == nil {
				want = got
				// Integers that fit stay integers: the statuses' ids.
				if id, ok := got[0].(map[string]any)["id"].(int64); !ok || id != 505874924095815681 {
					t.Errorf("first status's id: %#v, want int64 505874924095815681", got[0].(map[string]any)["id"])
				}
			} else if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: values differ from the JSON file's (-json +%s):\n%s", format, format, diff)
			}
			if got := w.Values(Options{Count: 2}); len(got) != 2 {
				t.Errorf("%s: Count 2 gave %d values", format, len(got))
			}
		}
	}
}

func TestLoadDataDocument(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		text   string
		format string
		want   []any
	}{
		{`{"a": 1, "b": [1.5, -2, 18446744073709551615, 1e400000000]}`, "", nil},
		{` {"a": 1, "b": [1.5, -2, 18446744073709551615, 3e2]}`, DataJSON, []any{map[string]any{"a": int64(1), "b": []any{1.5, int64(-2), uint64(18446744073709551615), 300.0}}}},
		{"[1, \"x\", null, true]\n", DataJSON, []any{int64(1), "x", nil, true}},
		{"\n{\"a\":1}\n\n[2]\n3\n", DataNDJSON, []any{map[string]any{"a": int64(1)}, []any{int64(2)}, int64(3)}},
	} {
		path := filepath.Join(dir, "d.json")
		os.WriteFile(path, []byte(c.text), 0o644)
		w, d, err := LoadData(DataSource{Path: path})
		if c.want == nil {
			if err == nil || !strings.Contains(err.Error(), "out of the range") {
				t.Errorf("%q: error %v, want out of the range", c.text, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", c.text, err)
		}
		if d.Source.Format != c.format {
			t.Errorf("%q: format %s, want %s", c.text, d.Source.Format, c.format)
		}
		if want := fmt.Sprintf(", %d values,", len(c.want)); len(c.want) == 1 && !strings.Contains(w.Description, ", 1 value,") || len(c.want) > 1 && !strings.Contains(w.Description, want) {
			t.Errorf("%q: description %q does not count %d values", c.text, w.Description, len(c.want))
		}
		var got []any
		for _, p := range w.Values(Options{}) {
			got = append(got, *p.(*any))
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%q: (-want +got)\n%s", c.text, diff)
		}
	}
}

// TestLoadDataMalformed: a bad file of each format is an error that says
// where (line and column, or byte offset) and what is wrong.
func TestLoadDataMalformed(t *testing.T) {
	dir := t.TempDir()
	b := datatest.Read(t, DataFiles(t, dir))
	nd := b[DataNDJSON]
	lines := bytes.SplitAfter(nd, []byte("\n"))
	badLine := append(append(append([]byte{}, lines[0]...), lines[1][:40]...), '\n')
	mp, cb := b[DataMsgpack], b[DataCBOR]
	for _, c := range []struct {
		name, format string
		data         []byte
		want         []string
	}{
		{"json-trailing-comma", "", []byte("[{\"a\":1},\n {\"b\":2,}]"), []string{"json: line 2, column 9 (byte offset 18)", "invalid character '}'"}},
		{"json-cut", "", b[DataJSON][:500], []string{"json: line 1", "unexpected end of the file"}},
		{"json-two-documents", DataJSON, []byte("{}\n{}"), []string{"json: line 2, column 1", "a second JSON value"}},
		{"ndjson-cut-line", "", badLine, []string{"ndjson: line 2:", "does not end on its line"}},
		{"ndjson-two-on-a-line", DataNDJSON, []byte("{}\n{} 1\n"), []string{"ndjson: line 2, column 4", "a second value on the line"}},
		{"ndjson-bad-value", DataNDJSON, []byte("{}\n{\"a\":tru}\n"), []string{"ndjson: line 2, column 9 (byte offset 11)", "invalid character '}'"}},
		{"msgpack-cut", DataMsgpack, mp[:len(mp)-10], []string{"msgpack: value 3 at byte offset", "the file ends inside the value"}},
		{"msgpack-bad-code", DataMsgpack, append(append([]byte{}, mp...), 0xc1), []string{"msgpack: value 4 at byte offset " + itoa(len(mp)), "unknown code c1"}},
		{"msgpack-int-keys", DataMsgpack, []byte{0x81, 0x01, 0x02}, []string{"msgpack: value 1 at byte offset 0"}},
		{"cbor-cut", DataCBOR, cb[:len(cb)-10], []string{"cbor: value 3 at byte offset", "the file ends inside the value"}},
		{"cbor-int-keys", DataCBOR, []byte{0xa1, 0x01, 0x02}, []string{"cbor: value 1 at byte offset 0"}},
		{"cbor-tag", DataCBOR, []byte{0xd8, 0x64, 0x01}, []string{"cbor: value 1 at byte offset 0", "data workloads do not take"}},
		{"binary-junk", "", []byte{0x00, 0xc1, 0xff}, []string{"not JSON, NDJSON, a MessagePack stream or a CBOR sequence", "as MessagePack: msgpack: value 2 at byte offset 1", "as CBOR: cbor: value 2 at byte offset 1", "--data-format"}},
		{"plain-text", "", []byte("hello world\nthis is text\n"), []string{"text that is not JSON or NDJSON", "as JSON: line 1, column 1 (byte offset 0): invalid character 'h'", "--data-format"}},
		{"text-with-json-start", "", []byte("no JSON here, a line of text\n"), []string{"text that is not JSON or NDJSON", "as JSON: line 1, column 2", "--data-format"}},
		{"empty", "", []byte(" \n"), []string{"empty file"}},
		{"empty-array", "", []byte("[]"), []string{"no values in the file (json)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name)
			if err := os.WriteFile(path, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			_, _, err := LoadData(DataSource{Path: path, Format: c.format})
			var de *DataError
			if !errors.As(err, &de) || de.Path != path {
				t.Fatalf("error %v (%T), want a *DataError for %s", err, err, path)
			}
			for _, s := range c.want {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q lacks %q", err, s)
				}
			}
		})
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestLoadDataLimit(t *testing.T) {
	files := DataFiles(t, t.TempDir())
	st, _ := os.Stat(files[DataJSON])
	_, _, err := LoadData(DataSource{Path: files[DataJSON], Limit: st.Size() - 1})
	if err == nil || !strings.Contains(err.Error(), "larger than the limit") || !strings.Contains(err.Error(), "--data-limit") {
		t.Errorf("error %v, want larger than the limit, --data-limit", err)
	}
	if _, _, err := LoadData(DataSource{Path: files[DataJSON], Limit: st.Size()}); err != nil {
		t.Errorf("at the limit: %v", err)
	}
	if _, _, err := LoadData(DataSource{Path: filepath.Dir(files[DataJSON])}); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("a directory: %v", err)
	}
}

func TestDataName(t *testing.T) {
	datatest.Table(t, "DataName", DataName, map[string]string{
		"twitter.json":          "data:twitter",
		"/a/b/my data (1).json": "data:my_data__1_",
		"x.tar.gz":              "data:x.tar",
		"noext":                 "data:noext",
		".json":                 "data:data",
	})
}

// TestResolveData: a worker process finds the data workload from the
// options' params, and refuses a file that changed since.
func TestResolveData(t *testing.T) {
	dir := t.TempDir()
	files := DataFiles(t, dir)
	path := filepath.Join(dir, "resolve-test.ndjson")
	b, _ := os.ReadFile(files[DataNDJSON])
	os.WriteFile(path, b, 0o644)
	_, d, err := LoadData(DataSource{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Params: d.Params()}
	if !filepath.IsAbs(opts.Params[ParamData]) || opts.Params[ParamDataFormat] != DataNDJSON {
		t.Errorf("params %v: want an absolute path and the format", opts.Params)
	}
	w, err := Resolve("data:resolve-test", opts)
	if err != nil || len(w.Values(opts)) != 3 {
		t.Fatalf("Resolve: %v", err)
	}
	if l, err := Lookup("data:resolve-test"); err != nil || l != w {
		t.Errorf("Lookup after Resolve: %v", err)
	}
	for _, n := range Names() {
		if strings.HasPrefix(n, DataPrefix) {
			t.Errorf("Names lists %s", n)
		}
	}
	if _, err := Resolve("data:other", opts); err == nil || !strings.Contains(err.Error(), "not data:other") {
		t.Errorf("Resolve of another name: %v", err)
	}
	os.WriteFile(path, b[:len(b)/2], 0o644)
	bad := Options{Params: map[string]string{ParamData: path, ParamDataSHA256: d.SHA256}}
	mu.Lock()
	delete(dataRegistry, "data:resolve-test")
	mu.Unlock()
	if _, err := Resolve("data:resolve-test", bad); err == nil {
		t.Errorf("Resolve of a cut file: no error")
	}
	os.WriteFile(path, append(b, b...), 0o644)
	if _, err := Resolve("data:resolve-test", bad); err == nil || !strings.Contains(err.Error(), "changed since the run started") {
		t.Errorf("Resolve of a changed file: %v", err)
	}
}
