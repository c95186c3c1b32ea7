package gotypes

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/serbench/serbench/workload"
)

// corporaMirrors are the corpora's canonical types and their mirrors.
var corporaMirrors = map[reflect.Type]reflect.Type{
	reflect.TypeFor[workload.TwitterStatus]():       reflect.TypeFor[TwitterStatus](),
	reflect.TypeFor[workload.TwitterMetadata]():     reflect.TypeFor[TwitterMetadata](),
	reflect.TypeFor[workload.TwitterUser]():         reflect.TypeFor[TwitterUser](),
	reflect.TypeFor[workload.TwitterUserEntities](): reflect.TypeFor[TwitterUserEntities](),
	reflect.TypeFor[workload.TwitterURLs]():         reflect.TypeFor[TwitterURLs](),
	reflect.TypeFor[workload.TwitterURL]():          reflect.TypeFor[TwitterURL](),
	reflect.TypeFor[workload.TwitterEntities]():     reflect.TypeFor[TwitterEntities](),
	reflect.TypeFor[workload.TwitterHashtag]():      reflect.TypeFor[TwitterHashtag](),
	reflect.TypeFor[workload.TwitterUserMention]():  reflect.TypeFor[TwitterUserMention](),
	reflect.TypeFor[workload.TwitterMedia]():        reflect.TypeFor[TwitterMedia](),
	reflect.TypeFor[workload.TwitterMediaSizes]():   reflect.TypeFor[TwitterMediaSizes](),
	reflect.TypeFor[workload.TwitterMediaSize]():    reflect.TypeFor[TwitterMediaSize](),
	reflect.TypeFor[workload.CITMPerformance]():     reflect.TypeFor[CITMPerformance](),
	reflect.TypeFor[workload.CITMPrice]():           reflect.TypeFor[CITMPrice](),
	reflect.TypeFor[workload.CITMSeatCategory]():    reflect.TypeFor[CITMSeatCategory](),
	reflect.TypeFor[workload.CITMArea]():            reflect.TypeFor[CITMArea](),
	reflect.TypeFor[workload.CanadaFeature]():       reflect.TypeFor[CanadaFeature](),
	reflect.TypeFor[workload.CanadaProperties]():    reflect.TypeFor[CanadaProperties](),
	reflect.TypeFor[workload.CanadaGeometry]():      reflect.TypeFor[CanadaGeometry](),
}

// TestCorporaMirrorsMatchWorkload fails when a type of the corpora and its
// mirror differ in a field's name, type (up to mirroring) or tag, or when
// a canonical type reachable from the corpora's values has no mirror.
func TestCorporaMirrorsMatchWorkload(t *testing.T) {
	reached := map[reflect.Type]bool{}
	var reach func(reflect.Type)
	reach = func(t reflect.Type) {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			reach(t.Elem())
		case reflect.Struct:
			if reached[t] {
				return
			}
			reached[t] = true
			for i := 0; i < t.NumField(); i++ {
				reach(t.Field(i).Type)
			}
		}
	}
	for _, typ := range []reflect.Type{
		reflect.TypeFor[workload.TwitterStatus](),
		reflect.TypeFor[workload.CITMPerformance](),
		reflect.TypeFor[workload.CanadaFeature](),
	} {
		reach(typ)
	}
	for c := range reached {
		if _, ok := corporaMirrors[c]; !ok {
			t.Errorf("%s has no mirror", c)
		}
	}
	for c, m := range corporaMirrors {
		if c.NumField() != m.NumField() {
			t.Errorf("%s has %d fields, its mirror %s %d", c, c.NumField(), m, m.NumField())
			continue
		}
		for i := 0; i < c.NumField(); i++ {
			cf, mf := c.Field(i), m.Field(i)
			if cf.Name != mf.Name || cf.Tag != mf.Tag || mirrorType(cf.Type, corporaMirrors) != mf.Type.String() {
				t.Errorf("%s field %d is %s %s %q, its mirror's %s %s %q", c, i, cf.Name, cf.Type, cf.Tag, mf.Name, mf.Type, mf.Tag)
			}
		}
	}
}

// corpusValues returns the values of a workload and, at the end, the zero
// value of its type.
func corpusValues[T any](t *testing.T, name string) []*T {
	t.Helper()
	w, err := workload.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	var out []*T
	for _, v := range w.Values(workload.Options{}) {
		out = append(out, v.(*T))
	}
	return append(out, new(T))
}

// checkCorpusRoundTrip checks that every value converts to its mirror and
// back to an equal value, by reflect.DeepEqual and by go-cmp (which tells
// nil from empty slices), and that the conversions go through MirrorFor.
func checkCorpusRoundTrip[C, M any](t *testing.T, name string, values []*C, of func(*C) *M, canonical func(*M) *C) {
	t.Helper()
	m, ok := MirrorFor(reflect.TypeFor[C]())
	if !ok {
		t.Fatalf("MirrorFor(%s): no mirror", reflect.TypeFor[C]())
	}
	for i, v := range values {
		got := canonical(of(v))
		if !reflect.DeepEqual(got, v) {
			t.Errorf("%s value %d: the conversion does not round-trip: %s", name, i, cmp.Diff(v, got))
		}
		mv, err := m.Of(v)
		if err != nil {
			t.Fatalf("%s value %d: Mirror.Of: %v", name, i, err)
		}
		if _, ok := mv.(*M); !ok {
			t.Fatalf("%s value %d: Mirror.Of gave %T, want %s", name, i, mv, reflect.TypeFor[*M]())
		}
		back, err := m.Canonical(mv)
		if err != nil {
			t.Fatalf("%s value %d: Mirror.Canonical: %v", name, i, err)
		}
		if !cmp.Equal(back, v) {
			t.Errorf("%s value %d: MirrorFor's conversions do not round-trip: %s", name, i, cmp.Diff(v, back))
		}
	}
}

func TestCorporaConversionRoundTrip(t *testing.T) {
	twitter := corpusValues[workload.TwitterStatus](t, "twitter")
	s := "x"
	// Empty, not nil, slices at every level, and a retweet of a retweet.
	empty := &workload.TwitterStatus{
		User: workload.TwitterUser{Entities: workload.TwitterUserEntities{
			URL:         &workload.TwitterURLs{URLs: []workload.TwitterURL{}},
			Description: workload.TwitterURLs{URLs: []workload.TwitterURL{}},
		}},
		Entities: workload.TwitterEntities{
			Hashtags:     []workload.TwitterHashtag{{Indices: []int64{}}},
			Symbols:      []workload.TwitterHashtag{},
			URLs:         []workload.TwitterURL{{Indices: []int64{}}},
			UserMentions: []workload.TwitterUserMention{{Indices: []int64{}}},
			Media:        []workload.TwitterMedia{{Indices: []int64{}, SourceStatusIDStr: &s}},
		},
		RetweetedStatus: &workload.TwitterStatus{
			RetweetedStatus: &workload.TwitterStatus{Entities: workload.TwitterEntities{Media: []workload.TwitterMedia{}}},
		},
	}
	twitter = append(twitter, empty)
	checkCorpusRoundTrip(t, "twitter", twitter, TwitterStatusOf, (*TwitterStatus).Canonical)

	citm := corpusValues[workload.CITMPerformance](t, "citm")
	citm = append(citm,
		&workload.CITMPerformance{Prices: []workload.CITMPrice{}, SeatCategories: []workload.CITMSeatCategory{}},
		&workload.CITMPerformance{SeatCategories: []workload.CITMSeatCategory{{}, {Areas: []workload.CITMArea{}}, {Areas: []workload.CITMArea{{}, {BlockIDs: []int64{}}}}}})
	checkCorpusRoundTrip(t, "citm", citm, CITMPerformanceOf, (*CITMPerformance).Canonical)

	canada := corpusValues[workload.CanadaFeature](t, "canada")
	canada = append(canada, &workload.CanadaFeature{Geometry: workload.CanadaGeometry{Coordinates: [][][2]float64{}}},
		&workload.CanadaFeature{Geometry: workload.CanadaGeometry{Coordinates: [][][2]float64{nil, {}}}})
	checkCorpusRoundTrip(t, "canada", canada, CanadaFeatureOf, (*CanadaFeature).Canonical)
}
