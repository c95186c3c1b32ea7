package flatbuffers

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	fb "github.com/google/flatbuffers/go"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// TestConformance runs the conformance test with its codec-wide aliasing
// check relaxed: the decoded []byte fields of nested alias the input by
// design of the library (the [ubyte] accessors), in both codecs, while
// neither declares the UnsafeStrings flag (see the package doc).
//
// It then pins, per workload, the fields whose decoded values alias
// the input (workloads not listed alias nothing): a [ubyte] accessor
// returns a slice of the input (the package doc says where), in both
// codecs.
func TestConformance(t *testing.T) {
	codectest.RunPinningAliasing(t, codectest.BytesAliasing("nested"), "flatbuffers", "flatbuffers-reuse")
}

func TestBindsOnly(t *testing.T) { codectest.BindsOnly(t, codectest.SchemaAndCorporaTypes) }

// TestSlots checks the vtable slots of slots.go against those the
// generated accessors read.
func TestSlots(t *testing.T) {
	for _, c := range []struct {
		file, typ, field string
		slot             fb.VOffsetT
	}{
		{"Person.go", "Person", "Tags", slotPersonTags},
		{"Person.go", "Person", "Aliases", slotPersonAliases},
		{"Floats.go", "Floats", "Values", slotFloatsValues},
		{"TestStruc.go", "TestStruc", "Sslice", slotTestStrucSslice},
		{"TestStruc.go", "TestStruc", "Intslice", slotTestStrucIntslice},
		{"TestStruc.go", "TestStruc", "I8slice", slotTestStrucI8slice},
		{"TestStruc.go", "TestStruc", "I16slice", slotTestStrucI16slice},
		{"TestStruc.go", "TestStruc", "I32slice", slotTestStrucI32slice},
		{"TestStruc.go", "TestStruc", "I64slice", slotTestStrucI64slice},
		{"TestStruc.go", "TestStruc", "Uintslice", slotTestStrucUintslice},
		{"TestStruc.go", "TestStruc", "Ui16slice", slotTestStrucUi16slice},
		{"TestStruc.go", "TestStruc", "Ui32slice", slotTestStrucUi32slice},
		{"TestStruc.go", "TestStruc", "Ui64slice", slotTestStrucUi64slice},
		{"TestStruc.go", "TestStruc", "F32slice", slotTestStrucF32slice},
		{"TestStruc.go", "TestStruc", "F64slice", slotTestStrucF64slice},
		{"TestStruc.go", "TestStruc", "Bslice", slotTestStrucBslice},
		{"TestStruc.go", "TestStruc", "Islice", slotTestStrucIslice},
		{"TestStruc.go", "TestStruc", "Iptrslice", slotTestStrucIptrslice},
		{"TestStruc.go", "TestStruc", "Asslice", slotTestStrucAsslice},
		{"TestStruc.go", "TestStruc", "Ai64slice", slotTestStrucAi64slice},
		{"TestStruc.go", "TestStruc", "Ms", slotTestStrucMs},
		{"TestStruc.go", "TestStruc", "Msi64", slotTestStrucMsi64},
		{"TestStruc.go", "TestStruc", "Nmap", slotTestStrucNmap},
		{"TestStruc.go", "TestStruc", "Mtsptr", slotTestStrucMtsptr},
		{"TestStruc.go", "TestStruc", "Mts", slotTestStrucMts},
		{"TestStruc.go", "TestStruc", "Its", slotTestStrucIts},
		{"TwitterStatus.go", "TwitterStatus", "InReplyToStatusIdStr", slotTwitterStatusInReplyToStatusIdStr},
		{"TwitterStatus.go", "TwitterStatus", "InReplyToUserIdStr", slotTwitterStatusInReplyToUserIdStr},
		{"TwitterStatus.go", "TwitterStatus", "InReplyToScreenName", slotTwitterStatusInReplyToScreenName},
		{"TwitterUser.go", "TwitterUser", "Url", slotTwitterUserUrl},
		{"TwitterUser.go", "TwitterUser", "TimeZone", slotTwitterUserTimeZone},
		{"TwitterUser.go", "TwitterUser", "ProfileBannerUrl", slotTwitterUserProfileBannerUrl},
		{"TwitterURLs.go", "TwitterURLs", "Urls", slotTwitterURLsUrls},
		{"TwitterURL.go", "TwitterURL", "Indices", slotTwitterURLIndices},
		{"TwitterHashtag.go", "TwitterHashtag", "Indices", slotTwitterHashtagIndices},
		{"TwitterUserMention.go", "TwitterUserMention", "Indices", slotTwitterUserMentionIndices},
		{"TwitterMedia.go", "TwitterMedia", "Indices", slotTwitterMediaIndices},
		{"TwitterMedia.go", "TwitterMedia", "SourceStatusIdStr", slotTwitterMediaSourceStatusIdStr},
		{"TwitterEntities.go", "TwitterEntities", "Hashtags", slotTwitterEntitiesHashtags},
		{"TwitterEntities.go", "TwitterEntities", "Symbols", slotTwitterEntitiesSymbols},
		{"TwitterEntities.go", "TwitterEntities", "Urls", slotTwitterEntitiesUrls},
		{"TwitterEntities.go", "TwitterEntities", "UserMentions", slotTwitterEntitiesUserMentions},
		{"TwitterEntities.go", "TwitterEntities", "Media", slotTwitterEntitiesMedia},
		{"CITMPerformance.go", "CITMPerformance", "Logo", slotCITMPerformanceLogo},
		{"CITMPerformance.go", "CITMPerformance", "Prices", slotCITMPerformancePrices},
		{"CITMPerformance.go", "CITMPerformance", "SeatCategories", slotCITMPerformanceSeatCategories},
		{"CITMSeatCategory.go", "CITMSeatCategory", "Areas", slotCITMSeatCategoryAreas},
		{"CITMArea.go", "CITMArea", "BlockIds", slotCITMAreaBlockIds},
		{"CanadaGeometry.go", "CanadaGeometry", "Coordinates", slotCanadaGeometryCoordinates},
		{"CanadaRing.go", "CanadaRing", "Positions", slotCanadaRingPositions},
	} {
		src, err := os.ReadFile(filepath.Join("..", "..", "internal", "gen", "fbs", c.file))
		if err != nil {
			t.Fatal(err)
		}
		re := regexp.MustCompile(`func \(rcv \*` + c.typ + `\) ` + c.field + `\([^\n]*\n\s*o := flatbuffers\.UOffsetT\(rcv\._tab\.Offset\((\d+)\)\)`)
		m := re.FindSubmatch(src)
		if m == nil {
			t.Errorf("%s.%s: accessor not found in %s", c.typ, c.field, c.file)
			continue
		}
		if got, _ := strconv.Atoi(string(m[1])); fb.VOffsetT(got) != c.slot {
			t.Errorf("%s.%s: slot %d in slots.go, %d in the generated code", c.typ, c.field, c.slot, got)
		}
	}
}

// TestMillionFloats encodes and decodes the floats workload's 1,000,000
// float32 values with both codecs: a 4 MB message, 4 bytes a value and
// little more.
func TestMillionFloats(t *testing.T) {
	for name, size := range codectest.MillionFloats(t, "flatbuffers", "flatbuffers-reuse") {
		if min := 4 * workload.FloatsCount; size < min || size > min+64 {
			t.Errorf("%s encoded %d values in %d bytes, want about %d", name, workload.FloatsCount, size, min)
		}
	}
}

// TestTimes checks the time mapping at its edges: the zero time, the ends
// of the int64 Unix-nanosecond range, and times outside it (an error).
func TestTimes(t *testing.T) {
	ok := []time.Time{
		{},
		time.Unix(0, 0).UTC(),
		time.Unix(0, math.MaxInt64).UTC(),
		time.Unix(0, math.MinInt64+1).In(time.FixedZone("", -3600)),
		time.Date(2262, 4, 11, 23, 47, 16, 854775807, time.UTC),
		time.Date(1900, 1, 1, 0, 0, 0, 1, time.FixedZone("x", 5*3600+2700)),
	}
	for _, tm := range ok {
		n, off, err := schema.SplitTime(tm)
		if err != nil {
			t.Errorf("schema.SplitTime(%v): %v", tm, err)
			continue
		}
		if diffs := verify.Compare(&tm, ptr(schema.JoinTime(n, off)), nil); len(diffs) > 0 {
			t.Errorf("%v: %s", tm, diffs[0])
		}
	}
	bad := []time.Time{
		time.Unix(0, math.MinInt64).UTC(), // the zero time's encoding
		time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2263, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC),
	}
	for _, tm := range bad {
		if _, _, err := schema.SplitTime(tm); err == nil {
			t.Errorf("schema.SplitTime(%v): no error", tm)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestNilAndEmptyApart checks that nil and empty collections come back as
// they went, in children too (the conformance test sets top-level ones).
func TestNilAndEmptyApart(t *testing.T) {
	inst := codectest.Bind(t, "flatbuffers", "nested")
	child := &workload.TestStruc{Sslice: []string{}, Byslice: []byte{}, Ms: map[string]any{}, Islice: []any{nil, "", int8(-1)}}
	codectest.RoundTripsSame(t, inst, codectest.InChildren(child), codectest.Lookup(t, "flatbuffers").Info().Losses, "nil and empty in children")
	if _, err := inst.Encode(&workload.TestStruc{Islice: []any{struct{}{}}}); err == nil {
		t.Error("an interface{} value outside the Value mapping encoded without error")
	}
}

// TestAccessReadsOnlyItsFields checks that Access reads the fields from the
// bytes: it still works when the rest of the message is garbage.
func TestAccessReadsOnlyItsFields(t *testing.T) {
	inst := codectest.Bind(t, "flatbuffers", "person")
	p := &workload.Person{Name: "Zoë", Siblings: 3, Money: -1.5, Phone: "123", Aliases: []string{"x"}}
	data, err := inst.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	// Overwrite the phone's and the alias's bytes.
	data = bytes.Replace(data, []byte("123"), []byte("\xff\xff\xff"), 1)
	got, err := inst.(codec.Accessor).Access(data)
	if err != nil {
		t.Fatal(err)
	}
	if want := (workload.PersonFields{Name: "Zoë", Siblings: 3, Money: -1.5}); got != want {
		t.Errorf("Access = %+v, want %+v", got, want)
	}
}

// TestCorporaNullsApart checks, below the top level that the conformance
// test covers, that the corpora's nulls stay apart from zero values (nil
// *string, *int64 and *bool pointers from pointers to "", 0 and false),
// nil slices from empty ones, and that a non-nil `any` value comes back
// as encoding/json decodes its JSON text.
func TestCorporaNullsApart(t *testing.T) {
	inner := &workload.TwitterStatus{
		InReplyToStatusID:    ptr(int64(0)),
		InReplyToStatusIDStr: ptr(""),
		InReplyToUserIDStr:   ptr(""),
		User: workload.TwitterUser{
			URL:       ptr(""),
			UTCOffset: ptr(int64(0)),
			Entities: workload.TwitterUserEntities{
				URL:         &workload.TwitterURLs{URLs: []workload.TwitterURL{{Indices: []int64{}}}},
				Description: workload.TwitterURLs{URLs: []workload.TwitterURL{}},
			},
		},
		Entities: workload.TwitterEntities{
			Hashtags:     []workload.TwitterHashtag{{Indices: []int64{}}, {}},
			Symbols:      []workload.TwitterHashtag{},
			UserMentions: []workload.TwitterUserMention{{Indices: []int64{1, 2}}},
			Media: []workload.TwitterMedia{{
				SourceStatusID:    ptr(int64(0)),
				SourceStatusIDStr: ptr(""),
				Sizes:             workload.TwitterMediaSizes{Thumb: workload.TwitterMediaSize{W: 1, H: 2, Resize: "crop"}},
			}, {}},
		},
		PossiblySensitive: ptr(false),
		Geo:               "x",
		Place:             map[string]any{"a": []any{1.5, nil, true}},
		Contributors:      []any{},
	}
	values := map[string][]any{
		"twitter": {
			&workload.TwitterStatus{RetweetedStatus: inner, InReplyToUserID: ptr(int64(-1)), InReplyToScreenName: ptr("")},
			inner,
		},
		"citm": {
			&workload.CITMPerformance{
				Logo:           ptr(""),
				Name:           "n",
				SeatMapImage:   map[string]any{},
				Prices:         []workload.CITMPrice{{Amount: -1, AudienceSubCategoryID: 2, SeatCategoryID: 3}},
				SeatCategories: []workload.CITMSeatCategory{{}, {Areas: []workload.CITMArea{}}, {Areas: []workload.CITMArea{{}, {BlockIDs: []int64{}}, {AreaID: 4, BlockIDs: []int64{5}}}}},
			},
		},
		"canada": {
			&workload.CanadaFeature{Geometry: workload.CanadaGeometry{Coordinates: [][][2]float64{nil, {}, {{1.5, -2}}}}},
		},
	}
	for _, name := range []string{"flatbuffers", "flatbuffers-reuse"} {
		for wname, vs := range values {
			inst := codectest.Bind(t, name, wname)
			for i, v := range vs {
				codectest.RoundTripsSame(t, inst, v, nil, fmt.Sprintf("%s, %s value %d", name, wname, i))
			}
		}
	}
	inst := codectest.Bind(t, "flatbuffers", "twitter")
	if _, err := inst.Encode(&workload.TwitterStatus{Geo: func() {}}); err == nil {
		t.Error("an `any` value that encoding/json cannot write encoded without error")
	}
}
