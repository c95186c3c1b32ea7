package pb

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

// corpusValues returns every value of a typed corpus workload.
func corpusValues(t *testing.T, name string) []any {
	t.Helper()
	w, err := workload.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return w.Values(workload.Options{})
}

// corporaEdgeCases are values of the corpora types that the corpora do not
// hold: zero values, empty (not nil) slices, pointers to zero values, and
// non-nil `any` fields whose JSON decodes to the same dynamic types.
func corporaEdgeCases() []any {
	zero, empty, no := int64(0), "", false
	return []any{
		&workload.TwitterStatus{},
		&workload.TwitterStatus{
			InReplyToStatusID: &zero, InReplyToStatusIDStr: &empty, InReplyToUserID: &zero,
			InReplyToUserIDStr: &empty, InReplyToScreenName: &empty, PossiblySensitive: &no,
			User: workload.TwitterUser{
				URL: &empty, UTCOffset: &zero, TimeZone: &empty, ProfileBannerURL: &empty,
				Entities: workload.TwitterUserEntities{URL: &workload.TwitterURLs{URLs: []workload.TwitterURL{}},
					Description: workload.TwitterURLs{URLs: []workload.TwitterURL{{Indices: []int64{}}}}},
			},
			Entities: workload.TwitterEntities{
				Hashtags: []workload.TwitterHashtag{}, Symbols: []workload.TwitterHashtag{{Indices: []int64{}}},
				URLs: []workload.TwitterURL{}, UserMentions: []workload.TwitterUserMention{},
				Media: []workload.TwitterMedia{{SourceStatusID: &zero, SourceStatusIDStr: &empty, Indices: []int64{}}, {}},
			},
			Geo:             map[string]any{"type": "Point", "coordinates": []any{1.5, -2.0}},
			Coordinates:     []any{"a", true, nil, 3.0},
			Place:           "x",
			Contributors:    false,
			RetweetedStatus: &workload.TwitterStatus{Text: "retweeted", Geo: 0.0},
		},
		&workload.CITMPerformance{},
		&workload.CITMPerformance{
			Logo: &empty, Name: "name", SeatMapImage: map[string]any{},
			Prices:         []workload.CITMPrice{},
			SeatCategories: []workload.CITMSeatCategory{{Areas: []workload.CITMArea{}}, {Areas: []workload.CITMArea{{BlockIDs: []int64{}}, {BlockIDs: []int64{-1, 1 << 62}}}}},
		},
		&workload.CanadaFeature{},
		&workload.CanadaFeature{Geometry: workload.CanadaGeometry{Coordinates: [][][2]float64{}}},
		&workload.CanadaFeature{Geometry: workload.CanadaGeometry{Coordinates: [][][2]float64{{}, {{1, 2}}, nil, {{-0.5, 3}, {4, 5}}}}},
	}
}

// corporaMessages returns the messages of every value of the corpora
// workloads and of corporaEdgeCases.
func corporaMessages(t *testing.T) []Message {
	t.Helper()
	var out []Message
	for _, name := range workload.CorporaTyped {
		for _, v := range corpusValues(t, name) {
			out = append(out, fromCorpus(t, v))
		}
	}
	for _, v := range corporaEdgeCases() {
		out = append(out, fromCorpus(t, v))
	}
	return out
}

func fromCorpus(t *testing.T, v any) Message {
	t.Helper()
	var (
		m   Message
		err error
	)
	switch x := v.(type) {
	case *workload.TwitterStatus:
		m, err = FromTwitterStatus(x)
	case *workload.CITMPerformance:
		m, err = FromCITMPerformance(x)
	case *workload.CanadaFeature:
		m, err = FromCanadaFeature(x)
	default:
		t.Fatalf("not a corpora type: %T", v)
	}
	if err != nil {
		t.Fatalf("%T: %v", v, err)
	}
	return m
}

// TestCorporaRoundTrip converts every value of the typed corpora workloads,
// and the edge cases, to its message, marshals it (proto.Marshal and
// MarshalVT), unmarshals it (proto.Unmarshal and UnmarshalVT), converts it
// back, with and without clone, and checks that the result equals the
// original but for the declared nil-empty loss: with go-cmp and
// cmpopts.EquateEmpty, and with the harness's verification and Losses.
// Pointers are compared by what they point to, so an absent optional field
// that came back non-nil, or a pointer to a zero value that came back nil,
// fails.
func TestCorporaRoundTrip(t *testing.T) {
	values := map[string][]any{"edge cases": corporaEdgeCases()}
	for _, name := range workload.CorporaTyped {
		values[name] = corpusValues(t, name)
		if len(values[name]) == 0 {
			t.Fatalf("workload %s has no values", name)
		}
	}
	for name, vs := range values {
		for i, v := range vs {
			m := fromCorpus(t, v)
			for _, clone := range []bool{false, true} {
				// MarshalVT read by proto.Unmarshal, and proto.Marshal by UnmarshalVT.
				for _, decoded := range []Message{viaWire(t, m, withVT, withProto), viaWire(t, m, withProto, withVT)} {
					back := toCorpus(t, decoded, clone)
					if diff := cmp.Diff(v, back, cmpopts.EquateEmpty()); diff != "" {
						t.Errorf("%s %d (clone %v): round trip differs (-want +got):\n%s", name, i, clone, diff)
					}
					if diffs := verify.Compare(v, back, Losses); len(diffs) > 0 {
						t.Errorf("%s %d (clone %v): %s", name, i, clone, diffs[0])
					}
				}
			}
		}
	}
}

func toCorpus(t *testing.T, m Message, clone bool) any {
	t.Helper()
	var (
		v   any
		err error
	)
	switch x := m.(type) {
	case *TwitterStatus:
		v, err = ToTwitterStatus(x, clone)
	case *CITMPerformance:
		v, err = ToCITMPerformance(x, clone)
	case *CanadaFeature:
		v, err = ToCanadaFeature(x, clone)
	default:
		t.Fatalf("not a corpora message: %T", m)
	}
	if err != nil {
		t.Fatalf("%T: %v", m, err)
	}
	return v
}

// TestCorporaOptionalStaysAbsent checks, on the corpora's values, that the
// statuses whose nullable fields are nil (in_reply_to_status_id null,
// possibly_sensitive and profile_banner_url missing, ...) have these fields
// unset in the message, and nil again after a round trip; and that the
// corpus has such statuses, and statuses where they are set.
func TestCorporaOptionalStaysAbsent(t *testing.T) {
	var nilReply, setReply, nilSensitive, setSensitive int
	for i, v := range corpusValues(t, "twitter") {
		s := v.(*workload.TwitterStatus)
		m, err := FromTwitterStatus(s)
		if err != nil {
			t.Fatal(err)
		}
		d := viaWire(t, m, withVT, withProto).(*TwitterStatus)
		back, err := ToTwitterStatus(d, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []struct {
			name    string
			orig    bool // the original is nil
			msg     bool // the decoded message's field is unset
			decoded bool // the converted value is nil
		}{
			{"InReplyToStatusID", s.InReplyToStatusID == nil, d.InReplyToStatusId == nil, back.InReplyToStatusID == nil},
			{"PossiblySensitive", s.PossiblySensitive == nil, d.PossiblySensitive == nil, back.PossiblySensitive == nil},
			{"User.URL", s.User.URL == nil, d.User.Url == nil, back.User.URL == nil},
			{"User.UTCOffset", s.User.UTCOffset == nil, d.User.UtcOffset == nil, back.User.UTCOffset == nil},
			{"User.ProfileBannerURL", s.User.ProfileBannerURL == nil, d.User.ProfileBannerUrl == nil, back.User.ProfileBannerURL == nil},
			{"User.Entities.URL", s.User.Entities.URL == nil, d.User.Entities.Url == nil, back.User.Entities.URL == nil},
			{"RetweetedStatus", s.RetweetedStatus == nil, d.RetweetedStatus == nil, back.RetweetedStatus == nil},
		} {
			if f.orig != f.msg || f.orig != f.decoded {
				t.Errorf("status %d: %s nil %v, unset in the message %v, nil after the round trip %v", i, f.name, f.orig, f.msg, f.decoded)
			}
		}
		if s.InReplyToStatusID == nil {
			nilReply++
		} else {
			setReply++
		}
		if s.PossiblySensitive == nil {
			nilSensitive++
		} else {
			setSensitive++
		}
		if s.Geo != nil || len(d.GeoJson) != 0 || back.Geo != nil {
			t.Errorf("status %d: Geo %v, message %q, back %v; want nil, empty, nil", i, s.Geo, d.GeoJson, back.Geo)
		}
	}
	if nilReply == 0 || setReply == 0 || nilSensitive == 0 || setSensitive == 0 {
		t.Errorf("the corpus should have nil and set optional fields: InReplyToStatusID %d nil, %d set; PossiblySensitive %d nil, %d set",
			nilReply, setReply, nilSensitive, setSensitive)
	}
	for i, v := range corpusValues(t, "citm") {
		p := v.(*workload.CITMPerformance)
		m, err := FromCITMPerformance(p)
		if err != nil {
			t.Fatal(err)
		}
		if (p.Logo == nil) != (m.Logo == nil) || len(m.NameJson) != 0 || len(m.SeatMapImageJson) != 0 {
			t.Errorf("performance %d: Logo %v, message Logo %v, NameJson %q, SeatMapImageJson %q", i, p.Logo, m.Logo, m.NameJson, m.SeatMapImageJson)
		}
	}
}

// TestCorporaCloneOwnsMemory checks that the conversions with clone set
// share no memory with the message: changing the decoded message's slices
// and pointers afterwards leaves the canonical value as it was.
func TestCorporaCloneOwnsMemory(t *testing.T) {
	for _, v := range append(corpusValues(t, "twitter")[:20], append(corpusValues(t, "citm")[:20], corporaEdgeCases()...)...) {
		d := viaWire(t, fromCorpus(t, v), withVT, withVT)
		back := toCorpus(t, d, true)
		scribble(d)
		if diff := cmp.Diff(v, back, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%T: the cloned value changed with the message (-want +got):\n%s", v, diff)
		}
	}
}

// scribble overwrites the slices' elements and the pointers' targets of a
// decoded corpora message.
func scribble(m Message) {
	ints := func(s []int64) {
		for i := range s {
			s[i] = -999
		}
	}
	str := func(p *string) {
		if p != nil {
			*p = "scribbled"
		}
	}
	i64 := func(p *int64) {
		if p != nil {
			*p = -999
		}
	}
	switch x := m.(type) {
	case *TwitterStatus:
		for x != nil {
			i64(x.InReplyToStatusId)
			str(x.InReplyToStatusIdStr)
			i64(x.InReplyToUserId)
			str(x.InReplyToUserIdStr)
			str(x.InReplyToScreenName)
			if x.PossiblySensitive != nil {
				*x.PossiblySensitive = !*x.PossiblySensitive
			}
			if u := x.User; u != nil {
				str(u.Url)
				i64(u.UtcOffset)
				str(u.TimeZone)
				str(u.ProfileBannerUrl)
			}
			if e := x.Entities; e != nil {
				for _, h := range append(e.Hashtags, e.Symbols...) {
					ints(h.Indices)
				}
				for _, u := range e.Urls {
					ints(u.Indices)
				}
				for _, u := range e.UserMentions {
					ints(u.Indices)
				}
				for _, d := range e.Media {
					ints(d.Indices)
					i64(d.SourceStatusId)
					str(d.SourceStatusIdStr)
				}
			}
			x = x.RetweetedStatus
		}
	case *CITMPerformance:
		str(x.Logo)
		for _, c := range x.SeatCategories {
			for _, a := range c.Areas {
				ints(a.BlockIds)
			}
		}
	case *CanadaFeature:
		if x.Geometry != nil {
			for _, r := range x.Geometry.Coordinates {
				for _, p := range r.Positions {
					p.Lon, p.Lat = -999, -999
				}
			}
		}
	}
}

// TestCorporaAnyErrors checks that an `any` value with no JSON text is an
// error naming the field, and so are bytes that are not JSON.
func TestCorporaAnyErrors(t *testing.T) {
	if _, err := FromTwitterStatus(&workload.TwitterStatus{RetweetedStatus: &workload.TwitterStatus{Place: make(chan int)}}); err == nil ||
		!strings.Contains(err.Error(), "RetweetedStatus: Place: ") {
		t.Errorf("FromTwitterStatus with a channel in Place: error %v, want one that names RetweetedStatus: Place", err)
	}
	if _, err := FromCITMPerformance(&workload.CITMPerformance{SeatMapImage: func() {}}); err == nil ||
		!strings.Contains(err.Error(), "SeatMapImage: ") {
		t.Errorf("FromCITMPerformance with a func in SeatMapImage: error %v, want one that names SeatMapImage", err)
	}
	if _, err := ToTwitterStatus(&TwitterStatus{ContributorsJson: []byte("{")}, false); err == nil ||
		!strings.Contains(err.Error(), "Contributors: ") {
		t.Errorf("ToTwitterStatus with bytes that are not JSON: error %v, want one that names Contributors", err)
	}
	if _, err := ToCITMPerformance(&CITMPerformance{NameJson: []byte("x")}, true); err == nil ||
		!strings.Contains(err.Error(), "Name: ") {
		t.Errorf("ToCITMPerformance with bytes that are not JSON: error %v, want one that names Name", err)
	}
}
