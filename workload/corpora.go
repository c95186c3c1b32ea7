package workload

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

// The corpora workloads are real-world data: the three JSON documents
// that JSON benchmarks have measured for years (nativejson-benchmark,
// simdjson, rust_serialization_benchmark), embedded from corpora/ (see
// corpora/NOTICE.md for where they come from and their licenses). Each
// corpus is a family of two workloads of the same records:
//
//	twitter  twitter-generic  twitter.json: its 100 statuses (search_metadata is not a record)
//	citm     citm-generic     citm_catalog.json: its 243 performances (the events and name tables are not records)
//	canada   canada-generic   canada.json: its one polygon feature cut into 480 features, one per ring of the polygon
//
// The typed workload's values are the records decoded by encoding/json
// into the Go types of corporatypes.go (TwitterStatus, CITMPerformance,
// CanadaFeature), which model the document field by field; the generic
// workload's values are the same records decoded into a map[string]any,
// with []any arrays and float64 numbers, as encoding/json gives them (so
// tweet ids above 2^53 are the float64 nearest the id, in both the
// original and every round trip). Codecs that decode numbers in any
// values as another type (int64, uint64) show their declared
// interface-types loss on the generic form.
//
// canada.json holds one feature, whose polygon has 480 rings (55,563
// positions); a single record would make every value the whole document,
// so its records are the rings: record i is the corpus's feature (type,
// properties) with a polygon of its ring i alone.
//
// The values are the records in file order, cycled when Options.Count is
// more than the records; Count's default is the number of records. The
// corpora have no seed: Options.Seed is ignored.

//go:embed corpora/twitter.json corpora/citm_catalog.json corpora/canada.json
var corporaFS embed.FS

// corpus is one embedded document and how to cut it into records.
type corpus struct {
	file    string
	records func(doc []byte) ([]json.RawMessage, error)
}

// recordsOnce returns a function that returns the records of a corpus, in file order, as JSON
// text; computed once.
func (c *corpus) recordsOnce() func() []json.RawMessage {
	return sync.OnceValue(func() []json.RawMessage {
		doc, err := CorpusFile(c.file)
		if err != nil {
			panic(err)
		}
		recs, err := c.records(doc)
		if err != nil {
			panic(fmt.Sprintf("workload: corpus %s: %v", c.file, err))
		}
		return recs
	})
}

// CorpusFile returns the bytes of an embedded corpus: "twitter.json",
// "citm_catalog.json" or "canada.json".
func CorpusFile(name string) ([]byte, error) {
	return corporaFS.ReadFile("corpora/" + name)
}

// strictDecode decodes data into v, refusing fields v has no place for.
func strictDecode(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return fmt.Errorf("data after the JSON value")
	}
	return nil
}

var (
	twitterCorpus = &corpus{file: "twitter.json", records: func(doc []byte) ([]json.RawMessage, error) {
		var d struct{ Statuses []json.RawMessage }
		err := json.Unmarshal(doc, &d)
		return d.Statuses, err
	}}
	citmCorpus = &corpus{file: "citm_catalog.json", records: func(doc []byte) ([]json.RawMessage, error) {
		var d struct{ Performances []json.RawMessage }
		err := json.Unmarshal(doc, &d)
		return d.Performances, err
	}}
	canadaCorpus = &corpus{file: "canada.json", records: canadaRecords}
)

// canadaRecords cuts canada.json's one feature into one feature per ring
// of its polygon, each keeping the feature's type and properties and its
// geometry's type.
func canadaRecords(doc []byte) ([]json.RawMessage, error) {
	var d struct {
		Type     string `json:"type"`
		Features []struct {
			Type       json.RawMessage `json:"type"`
			Properties json.RawMessage `json:"properties"`
			Geometry   struct {
				Type        json.RawMessage   `json:"type"`
				Coordinates []json.RawMessage `json:"coordinates"`
			} `json:"geometry"`
		} `json:"features"`
	}
	if err := strictDecode(doc, &d); err != nil {
		return nil, err
	}
	if len(d.Features) != 1 {
		return nil, fmt.Errorf("%d features, want 1", len(d.Features))
	}
	f := d.Features[0]
	var out []json.RawMessage
	for _, ring := range f.Geometry.Coordinates {
		var b bytes.Buffer
		fmt.Fprintf(&b, `{"type":%s,"properties":%s,"geometry":{"type":%s,"coordinates":[%s]}}`,
			f.Type, f.Properties, f.Geometry.Type, ring)
		out = append(out, b.Bytes())
	}
	return out, nil
}

func init() {
	registerCorpus("twitter", twitterCorpus, 100, reflect.TypeFor[TwitterStatus](),
		"the 100 statuses (tweets) of twitter.json: nested users and retweets, many strings, CJK text, int64 ids, nulls",
		4800, 18000) // 3983 and 14957 bytes measured
	registerCorpus("citm", citmCorpus, 243, reflect.TypeFor[CITMPerformance](),
		"the 243 performances of citm_catalog.json: arrays of small objects of integer ids, empty arrays, nulls",
		2400, 22500) // 1996 and 18850 bytes measured
	registerCorpus("canada", canadaCorpus, 480, reflect.TypeFor[CanadaFeature](),
		"canada.json's GeoJSON polygon, one feature per ring (480): arrays of [longitude, latitude] float64 pairs",
		2900, 14500) // 2378 and 11845 bytes measured
}

// CorporaTyped and CorporaGeneric are the names of the corpora
// workloads of each form, for codecs that declare expectations on them.
var (
	CorporaTyped   = []string{"twitter", "citm", "canada"}
	CorporaGeneric = []string{"twitter-generic", "citm-generic", "canada-generic"}
)

// CorporaDefault and CorporaGenericDefault select the codecs the default
// suite times on the corpora workloads: on the typed forms encoding/json,
// the reference, and goccy-json, the fastest exact codec on most of them
// in a first measurement; on the generic forms goccy-json alone. Each job
// verifies a whole corpus (up to 2 MB) before it times it, and samples
// cover every value, so these jobs are long: json and goccy-json on all
// six took 47 s of the default run's first forks here (canada-generic
// alone 20 s, json decoding it at 440 µs a value), these nine 35 s.
// --suite full or a --codec pattern runs every codec.
const (
	CorporaDefault        = "^(json|goccy-json)$"
	CorporaGenericDefault = "^goccy-json$"
)

// registerCorpus registers the typed and generic workloads of a corpus;
// n is its number of records (a test checks it, so
// that no binary parses the corpora at start-up); typedBytes and
// genericBytes are the footprint of one value of each.
func registerCorpus(name string, c *corpus, n int, typ reflect.Type, desc string, typedBytes, genericBytes float64) {
	records := c.recordsOnce()
	values := func(opts Options, decode func(rec json.RawMessage) any) []any {
		recs := records()
		out := make([]any, opts.Count)
		for i := range out {
			out[i] = decode(recs[i%len(recs)])
		}
		return out
	}
	register(&Workload{
		Name:        name,
		Description: "real data, typed: " + desc,
		Count:       n,
		Type:        typ,
		Default:     CorporaDefault,
		footprint:   perValue(typedBytes),
		generate: func(opts Options) []any {
			return values(opts, func(rec json.RawMessage) any {
				v := reflect.New(typ).Interface()
				if err := strictDecode(rec, v); err != nil {
					panic(fmt.Sprintf("workload %s: %v", name, err))
				}
				return v
			})
		},
	})
	register(&Workload{
		Name:        name + "-generic",
		Description: "real data, generic (map[string]any, []any, float64): " + desc,
		Count:       n,
		Type:        reflect.TypeFor[map[string]any](),
		Default:     CorporaGenericDefault,
		footprint:   perValue(genericBytes),
		generate: func(opts Options) []any {
			return values(opts, func(rec json.RawMessage) any {
				var m map[string]any
				if err := json.Unmarshal(rec, &m); err != nil {
					panic(fmt.Sprintf("workload %s-generic: %v", name, err))
				}
				return &m
			})
		},
	})
}
