// Package datatest writes, for tests of the data workloads (workload.LoadData
// and serbench's --data), one set of values in every format they read
// (Write, Read). It also checks a function against a table of inputs and
// the results wanted (Table), for the tests of functions that map a text
// or a number to a text.
package datatest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/fxamacker/cbor/v2"
	"github.com/vmihailenco/msgpack/v5"
)

// Write writes into dir, as name.json, name.ndjson, name.msgpack and
// name.cbor, raw (a JSON array) and values (the values of raw, as
// generic values) as NDJSON, a MessagePack stream and a CBOR sequence,
// each written by its library, and returns the files by format (the
// workload package's format names: json, ndjson, msgpack, cbor). It fails
// t when it cannot.
func Write(t testing.TB, dir, name string, raw []byte, values []any) map[string]string {
	t.Helper()
	var nd, mp, cb bytes.Buffer
	for _, v := range values {
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		nd.Write(append(j, '\n'))
		m, err := msgpack.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		mp.Write(m)
		c, err := cbor.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		cb.Write(c)
	}
	files := map[string]string{}
	for format, b := range map[string][]byte{"json": raw, "ndjson": nd.Bytes(), "msgpack": mp.Bytes(), "cbor": cb.Bytes()} {
		files[format] = filepath.Join(dir, name+"."+format)
		if err := os.WriteFile(files[format], b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// Read returns the contents of the files Write returned, by format; it
// fails t when one cannot be read.
func Read(t testing.TB, files map[string]string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for format, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out[format] = b
	}
	return out
}

// Table checks f, named name in the failures, against cases: for each
// input of cases, f(input) must equal cases[input]. A failure quotes the
// input, the result and the result wanted as Go literals (%#v).
func Table[In, Out comparable](t testing.TB, name string, f func(In) Out, cases map[In]Out) {
	t.Helper()
	for in, want := range cases {
		if got := f(in); got != want {
			t.Errorf("%s(%#v) = %#v, want %#v", name, in, got, want)
		}
	}
}
