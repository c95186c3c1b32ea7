package pb

// This file is written by hand. Unlike convert.go, it is not copied to
// package gogo, which has no messages for the corpora.

import (
	"encoding/json"
	"fmt"

	"github.com/serbench/serbench/workload"
)

// The conversions of the typed corpora workloads (twitter, citm, canada)
// follow convert.go's: FromX returns the message of a canonical value and
// shares its slices of the same element type (the []int64 indices and
// block ids) and its pointers (*int64, *string, *bool, which become proto3
// optional fields); ToX returns the canonical value of a message, with
// empty slices as nil (the nil-empty loss), sharing the message's slices
// and optional fields' pointers unless clone is set (see ToPerson). A nil
// message field, which FromX never writes for a struct (as opposed to a
// pointer) field, decodes as the zero struct.
//
// The `any` fields of the corpora types, null in every record of the
// corpora, are bytes fields holding the value's JSON text (encoding/json),
// empty for nil: FromX fails on a value that json.Marshal refuses, and ToX
// on bytes that are not JSON; a non-nil value decodes as json.Unmarshal
// makes it in an interface{} (numbers as float64: the interface-types
// loss).
//
// Repeated message fields are made with one allocation for the messages
// (fromSlice), since "+convert" codecs time these conversions.

// FromTwitterStatus returns the message of s, with its retweeted status.
// It fails when an `any` field (Geo, Coordinates, Place, Contributors)
// holds a value that json.Marshal refuses.
func FromTwitterStatus(s *workload.TwitterStatus) (*TwitterStatus, error) {
	m := &TwitterStatus{
		Metadata: &TwitterMetadata{
			ResultType:      s.Metadata.ResultType,
			IsoLanguageCode: s.Metadata.ISOLanguageCode,
		},
		CreatedAt:            s.CreatedAt,
		Id:                   s.ID,
		IdStr:                s.IDStr,
		Text:                 s.Text,
		Source:               s.Source,
		Truncated:            s.Truncated,
		InReplyToStatusId:    s.InReplyToStatusID,
		InReplyToStatusIdStr: s.InReplyToStatusIDStr,
		InReplyToUserId:      s.InReplyToUserID,
		InReplyToUserIdStr:   s.InReplyToUserIDStr,
		InReplyToScreenName:  s.InReplyToScreenName,
		User:                 fromTwitterUser(&s.User),
		RetweetCount:         s.RetweetCount,
		FavoriteCount:        s.FavoriteCount,
		Entities:             fromTwitterEntities(&s.Entities),
		Favorited:            s.Favorited,
		Retweeted:            s.Retweeted,
		PossiblySensitive:    s.PossiblySensitive,
		Lang:                 s.Lang,
	}
	var err error
	if m.GeoJson, err = fromAny(s.Geo); err != nil {
		return nil, fmt.Errorf("Geo: %w", err)
	}
	if m.CoordinatesJson, err = fromAny(s.Coordinates); err != nil {
		return nil, fmt.Errorf("Coordinates: %w", err)
	}
	if m.PlaceJson, err = fromAny(s.Place); err != nil {
		return nil, fmt.Errorf("Place: %w", err)
	}
	if m.ContributorsJson, err = fromAny(s.Contributors); err != nil {
		return nil, fmt.Errorf("Contributors: %w", err)
	}
	if s.RetweetedStatus != nil {
		if m.RetweetedStatus, err = FromTwitterStatus(s.RetweetedStatus); err != nil {
			return nil, fmt.Errorf("RetweetedStatus: %w", err)
		}
	}
	return m, nil
}

// ToTwitterStatus returns the canonical value of m, with its retweeted
// status. It fails when an `any` field's bytes are not JSON, which
// FromTwitterStatus never writes. The result shares m's slices and
// pointers unless clone is set (see ToPerson).
func ToTwitterStatus(m *TwitterStatus, clone bool) (*workload.TwitterStatus, error) {
	s := &workload.TwitterStatus{
		CreatedAt:            m.CreatedAt,
		ID:                   m.Id,
		IDStr:                m.IdStr,
		Text:                 m.Text,
		Source:               m.Source,
		Truncated:            m.Truncated,
		InReplyToStatusID:    sharePtr(m.InReplyToStatusId, clone),
		InReplyToStatusIDStr: sharePtr(m.InReplyToStatusIdStr, clone),
		InReplyToUserID:      sharePtr(m.InReplyToUserId, clone),
		InReplyToUserIDStr:   sharePtr(m.InReplyToUserIdStr, clone),
		InReplyToScreenName:  sharePtr(m.InReplyToScreenName, clone),
		RetweetCount:         m.RetweetCount,
		FavoriteCount:        m.FavoriteCount,
		Favorited:            m.Favorited,
		Retweeted:            m.Retweeted,
		PossiblySensitive:    sharePtr(m.PossiblySensitive, clone),
		Lang:                 m.Lang,
	}
	if md := m.Metadata; md != nil {
		s.Metadata = workload.TwitterMetadata{ResultType: md.ResultType, ISOLanguageCode: md.IsoLanguageCode}
	}
	if m.User != nil {
		toTwitterUser(m.User, &s.User, clone)
	}
	if m.Entities != nil {
		toTwitterEntities(m.Entities, &s.Entities, clone)
	}
	var err error
	if s.Geo, err = toAny(m.GeoJson); err != nil {
		return nil, fmt.Errorf("Geo: %w", err)
	}
	if s.Coordinates, err = toAny(m.CoordinatesJson); err != nil {
		return nil, fmt.Errorf("Coordinates: %w", err)
	}
	if s.Place, err = toAny(m.PlaceJson); err != nil {
		return nil, fmt.Errorf("Place: %w", err)
	}
	if s.Contributors, err = toAny(m.ContributorsJson); err != nil {
		return nil, fmt.Errorf("Contributors: %w", err)
	}
	if m.RetweetedStatus != nil {
		if s.RetweetedStatus, err = ToTwitterStatus(m.RetweetedStatus, clone); err != nil {
			return nil, fmt.Errorf("RetweetedStatus: %w", err)
		}
	}
	return s, nil
}

func fromTwitterUser(u *workload.TwitterUser) *TwitterUser {
	return &TwitterUser{
		Id:          u.ID,
		IdStr:       u.IDStr,
		Name:        u.Name,
		ScreenName:  u.ScreenName,
		Location:    u.Location,
		Description: u.Description,
		Url:         u.URL,
		Entities: &TwitterUserEntities{
			Url:         fromTwitterURLsPtr(u.Entities.URL),
			Description: fromTwitterURLs(&u.Entities.Description),
		},
		Protected:                      u.Protected,
		FollowersCount:                 u.FollowersCount,
		FriendsCount:                   u.FriendsCount,
		ListedCount:                    u.ListedCount,
		CreatedAt:                      u.CreatedAt,
		FavouritesCount:                u.FavouritesCount,
		UtcOffset:                      u.UTCOffset,
		TimeZone:                       u.TimeZone,
		GeoEnabled:                     u.GeoEnabled,
		Verified:                       u.Verified,
		StatusesCount:                  u.StatusesCount,
		Lang:                           u.Lang,
		ContributorsEnabled:            u.ContributorsEnabled,
		IsTranslator:                   u.IsTranslator,
		IsTranslationEnabled:           u.IsTranslationEnabled,
		ProfileBackgroundColor:         u.ProfileBackgroundColor,
		ProfileBackgroundImageUrl:      u.ProfileBackgroundImageURL,
		ProfileBackgroundImageUrlHttps: u.ProfileBackgroundImageURLHTTPS,
		ProfileBackgroundTile:          u.ProfileBackgroundTile,
		ProfileImageUrl:                u.ProfileImageURL,
		ProfileImageUrlHttps:           u.ProfileImageURLHTTPS,
		ProfileBannerUrl:               u.ProfileBannerURL,
		ProfileLinkColor:               u.ProfileLinkColor,
		ProfileSidebarBorderColor:      u.ProfileSidebarBorderColor,
		ProfileSidebarFillColor:        u.ProfileSidebarFillColor,
		ProfileTextColor:               u.ProfileTextColor,
		ProfileUseBackgroundImage:      u.ProfileUseBackgroundImage,
		DefaultProfile:                 u.DefaultProfile,
		DefaultProfileImage:            u.DefaultProfileImage,
		Following:                      u.Following,
		FollowRequestSent:              u.FollowRequestSent,
		Notifications:                  u.Notifications,
	}
}

func toTwitterUser(m *TwitterUser, u *workload.TwitterUser, clone bool) {
	*u = workload.TwitterUser{
		ID:                             m.Id,
		IDStr:                          m.IdStr,
		Name:                           m.Name,
		ScreenName:                     m.ScreenName,
		Location:                       m.Location,
		Description:                    m.Description,
		URL:                            sharePtr(m.Url, clone),
		Protected:                      m.Protected,
		FollowersCount:                 m.FollowersCount,
		FriendsCount:                   m.FriendsCount,
		ListedCount:                    m.ListedCount,
		CreatedAt:                      m.CreatedAt,
		FavouritesCount:                m.FavouritesCount,
		UTCOffset:                      sharePtr(m.UtcOffset, clone),
		TimeZone:                       sharePtr(m.TimeZone, clone),
		GeoEnabled:                     m.GeoEnabled,
		Verified:                       m.Verified,
		StatusesCount:                  m.StatusesCount,
		Lang:                           m.Lang,
		ContributorsEnabled:            m.ContributorsEnabled,
		IsTranslator:                   m.IsTranslator,
		IsTranslationEnabled:           m.IsTranslationEnabled,
		ProfileBackgroundColor:         m.ProfileBackgroundColor,
		ProfileBackgroundImageURL:      m.ProfileBackgroundImageUrl,
		ProfileBackgroundImageURLHTTPS: m.ProfileBackgroundImageUrlHttps,
		ProfileBackgroundTile:          m.ProfileBackgroundTile,
		ProfileImageURL:                m.ProfileImageUrl,
		ProfileImageURLHTTPS:           m.ProfileImageUrlHttps,
		ProfileBannerURL:               sharePtr(m.ProfileBannerUrl, clone),
		ProfileLinkColor:               m.ProfileLinkColor,
		ProfileSidebarBorderColor:      m.ProfileSidebarBorderColor,
		ProfileSidebarFillColor:        m.ProfileSidebarFillColor,
		ProfileTextColor:               m.ProfileTextColor,
		ProfileUseBackgroundImage:      m.ProfileUseBackgroundImage,
		DefaultProfile:                 m.DefaultProfile,
		DefaultProfileImage:            m.DefaultProfileImage,
		Following:                      m.Following,
		FollowRequestSent:              m.FollowRequestSent,
		Notifications:                  m.Notifications,
	}
	if e := m.Entities; e != nil {
		if e.Url != nil {
			u.Entities.URL = new(workload.TwitterURLs)
			toTwitterURLs(e.Url, u.Entities.URL, clone)
		}
		if e.Description != nil {
			toTwitterURLs(e.Description, &u.Entities.Description, clone)
		}
	}
}

func fromTwitterURLsPtr(u *workload.TwitterURLs) *TwitterURLs {
	if u == nil {
		return nil
	}
	return fromTwitterURLs(u)
}

func fromTwitterURLs(u *workload.TwitterURLs) *TwitterURLs {
	return &TwitterURLs{Urls: fromSlice(u.URLs, fromTwitterURL)}
}

func toTwitterURLs(m *TwitterURLs, u *workload.TwitterURLs, clone bool) {
	u.URLs = toSlice(m.Urls, clone, toTwitterURL)
}

func fromTwitterEntities(e *workload.TwitterEntities) *TwitterEntities {
	return &TwitterEntities{
		Hashtags:     fromSlice(e.Hashtags, fromTwitterHashtag),
		Symbols:      fromSlice(e.Symbols, fromTwitterHashtag),
		Urls:         fromSlice(e.URLs, fromTwitterURL),
		UserMentions: fromSlice(e.UserMentions, fromTwitterUserMention),
		Media:        fromSlice(e.Media, fromTwitterMedia),
	}
}

func toTwitterEntities(m *TwitterEntities, e *workload.TwitterEntities, clone bool) {
	e.Hashtags = toSlice(m.Hashtags, clone, toTwitterHashtag)
	e.Symbols = toSlice(m.Symbols, clone, toTwitterHashtag)
	e.URLs = toSlice(m.Urls, clone, toTwitterURL)
	e.UserMentions = toSlice(m.UserMentions, clone, toTwitterUserMention)
	e.Media = toSlice(m.Media, clone, toTwitterMedia)
}

func fromTwitterHashtag(h *workload.TwitterHashtag, m *TwitterHashtag) {
	m.Text = h.Text
	m.Indices = h.Indices
}

func toTwitterHashtag(m *TwitterHashtag, h *workload.TwitterHashtag, clone bool) {
	h.Text = m.Text
	h.Indices = share(m.Indices, clone)
}

func fromTwitterURL(u *workload.TwitterURL, m *TwitterURL) {
	m.Url = u.URL
	m.ExpandedUrl = u.ExpandedURL
	m.DisplayUrl = u.DisplayURL
	m.Indices = u.Indices
}

func toTwitterURL(m *TwitterURL, u *workload.TwitterURL, clone bool) {
	u.URL = m.Url
	u.ExpandedURL = m.ExpandedUrl
	u.DisplayURL = m.DisplayUrl
	u.Indices = share(m.Indices, clone)
}

func fromTwitterUserMention(u *workload.TwitterUserMention, m *TwitterUserMention) {
	m.ScreenName = u.ScreenName
	m.Name = u.Name
	m.Id = u.ID
	m.IdStr = u.IDStr
	m.Indices = u.Indices
}

func toTwitterUserMention(m *TwitterUserMention, u *workload.TwitterUserMention, clone bool) {
	u.ScreenName = m.ScreenName
	u.Name = m.Name
	u.ID = m.Id
	u.IDStr = m.IdStr
	u.Indices = share(m.Indices, clone)
}

func fromTwitterMedia(d *workload.TwitterMedia, m *TwitterMedia) {
	m.Id = d.ID
	m.IdStr = d.IDStr
	m.Indices = d.Indices
	m.MediaUrl = d.MediaURL
	m.MediaUrlHttps = d.MediaURLHTTPS
	m.Url = d.URL
	m.DisplayUrl = d.DisplayURL
	m.ExpandedUrl = d.ExpandedURL
	m.Type = d.Type
	m.Sizes = &TwitterMediaSizes{
		Medium: fromTwitterMediaSize(&d.Sizes.Medium),
		Small:  fromTwitterMediaSize(&d.Sizes.Small),
		Thumb:  fromTwitterMediaSize(&d.Sizes.Thumb),
		Large:  fromTwitterMediaSize(&d.Sizes.Large),
	}
	m.SourceStatusId = d.SourceStatusID
	m.SourceStatusIdStr = d.SourceStatusIDStr
}

func toTwitterMedia(m *TwitterMedia, d *workload.TwitterMedia, clone bool) {
	d.ID = m.Id
	d.IDStr = m.IdStr
	d.Indices = share(m.Indices, clone)
	d.MediaURL = m.MediaUrl
	d.MediaURLHTTPS = m.MediaUrlHttps
	d.URL = m.Url
	d.DisplayURL = m.DisplayUrl
	d.ExpandedURL = m.ExpandedUrl
	d.Type = m.Type
	if z := m.Sizes; z != nil {
		d.Sizes = workload.TwitterMediaSizes{
			Medium: toTwitterMediaSize(z.Medium),
			Small:  toTwitterMediaSize(z.Small),
			Thumb:  toTwitterMediaSize(z.Thumb),
			Large:  toTwitterMediaSize(z.Large),
		}
	}
	d.SourceStatusID = sharePtr(m.SourceStatusId, clone)
	d.SourceStatusIDStr = sharePtr(m.SourceStatusIdStr, clone)
}

func fromTwitterMediaSize(z *workload.TwitterMediaSize) *TwitterMediaSize {
	return &TwitterMediaSize{W: z.W, H: z.H, Resize: z.Resize}
}

func toTwitterMediaSize(m *TwitterMediaSize) workload.TwitterMediaSize {
	if m == nil {
		return workload.TwitterMediaSize{}
	}
	return workload.TwitterMediaSize{W: m.W, H: m.H, Resize: m.Resize}
}

// FromCITMPerformance returns the message of p. It fails when an `any`
// field (Name, SeatMapImage) holds a value that json.Marshal refuses.
func FromCITMPerformance(p *workload.CITMPerformance) (*CITMPerformance, error) {
	m := &CITMPerformance{
		EventId:        p.EventID,
		Id:             p.ID,
		Logo:           p.Logo,
		Prices:         fromSlice(p.Prices, fromCITMPrice),
		SeatCategories: fromSlice(p.SeatCategories, fromCITMSeatCategory),
		Start:          p.Start,
		VenueCode:      p.VenueCode,
	}
	var err error
	if m.NameJson, err = fromAny(p.Name); err != nil {
		return nil, fmt.Errorf("Name: %w", err)
	}
	if m.SeatMapImageJson, err = fromAny(p.SeatMapImage); err != nil {
		return nil, fmt.Errorf("SeatMapImage: %w", err)
	}
	return m, nil
}

// ToCITMPerformance returns the canonical value of m. It fails when an
// `any` field's bytes are not JSON, which FromCITMPerformance never
// writes. The result shares m's slices and pointers unless clone is set
// (see ToPerson).
func ToCITMPerformance(m *CITMPerformance, clone bool) (*workload.CITMPerformance, error) {
	p := &workload.CITMPerformance{
		EventID:        m.EventId,
		ID:             m.Id,
		Logo:           sharePtr(m.Logo, clone),
		Prices:         toSlice(m.Prices, clone, toCITMPrice),
		SeatCategories: toSlice(m.SeatCategories, clone, toCITMSeatCategory),
		Start:          m.Start,
		VenueCode:      m.VenueCode,
	}
	var err error
	if p.Name, err = toAny(m.NameJson); err != nil {
		return nil, fmt.Errorf("Name: %w", err)
	}
	if p.SeatMapImage, err = toAny(m.SeatMapImageJson); err != nil {
		return nil, fmt.Errorf("SeatMapImage: %w", err)
	}
	return p, nil
}

func fromCITMPrice(p *workload.CITMPrice, m *CITMPrice) {
	m.Amount = p.Amount
	m.AudienceSubCategoryId = p.AudienceSubCategoryID
	m.SeatCategoryId = p.SeatCategoryID
}

func toCITMPrice(m *CITMPrice, p *workload.CITMPrice, _ bool) {
	p.Amount = m.Amount
	p.AudienceSubCategoryID = m.AudienceSubCategoryId
	p.SeatCategoryID = m.SeatCategoryId
}

func fromCITMSeatCategory(c *workload.CITMSeatCategory, m *CITMSeatCategory) {
	m.Areas = fromSlice(c.Areas, fromCITMArea)
	m.SeatCategoryId = c.SeatCategoryID
}

func toCITMSeatCategory(m *CITMSeatCategory, c *workload.CITMSeatCategory, clone bool) {
	c.Areas = toSlice(m.Areas, clone, toCITMArea)
	c.SeatCategoryID = m.SeatCategoryId
}

func fromCITMArea(a *workload.CITMArea, m *CITMArea) {
	m.AreaId = a.AreaID
	m.BlockIds = a.BlockIDs
}

func toCITMArea(m *CITMArea, a *workload.CITMArea, clone bool) {
	a.AreaID = m.AreaId
	a.BlockIDs = share(m.BlockIds, clone)
}

// FromCanadaFeature returns the message of f: its polygon's rings are
// CanadaRing messages of CanadaPosition messages. It never fails; it
// returns an error for Binding's sake.
func FromCanadaFeature(f *workload.CanadaFeature) (*CanadaFeature, error) {
	return &CanadaFeature{
		Type:       f.Type,
		Properties: &CanadaProperties{Name: f.Properties.Name},
		Geometry: &CanadaGeometry{
			Type:        f.Geometry.Type,
			Coordinates: fromSlice(f.Geometry.Coordinates, fromCanadaRing),
		},
	}, nil
}

// ToCanadaFeature returns the canonical value of m. The positions of all
// its rings are in one new array, cut into one slice per ring (with no
// room to grow into the next ring's); a ring with no positions is nil. It
// never fails (clone makes no difference: the result never shares m's
// memory); it returns an error for Binding's sake.
func ToCanadaFeature(m *CanadaFeature, _ bool) (*workload.CanadaFeature, error) {
	f := &workload.CanadaFeature{Type: m.Type}
	if m.Properties != nil {
		f.Properties.Name = m.Properties.Name
	}
	g := m.Geometry
	if g == nil {
		return f, nil
	}
	f.Geometry.Type = g.Type
	if len(g.Coordinates) == 0 {
		return f, nil
	}
	n := 0
	for _, r := range g.Coordinates {
		if r != nil {
			n += len(r.Positions)
		}
	}
	all := make([][2]float64, n)
	rings := make([][][2]float64, len(g.Coordinates))
	for i, r := range g.Coordinates {
		if r == nil || len(r.Positions) == 0 {
			continue
		}
		ring := all[:len(r.Positions):len(r.Positions)]
		all = all[len(r.Positions):]
		for j, p := range r.Positions {
			if p != nil {
				ring[j] = [2]float64{p.Lon, p.Lat}
			}
		}
		rings[i] = ring
	}
	f.Geometry.Coordinates = rings
	return f, nil
}

func fromCanadaRing(r *[][2]float64, m *CanadaRing) {
	m.Positions = fromSlice(*r, func(p *[2]float64, m *CanadaPosition) {
		m.Lon, m.Lat = p[0], p[1]
	})
}

// fromSlice returns the messages of the elements of s, made by from into
// one new array of messages: nil when s is empty.
func fromSlice[S, M any](s []S, from func(*S, *M)) []*M {
	if len(s) == 0 {
		return nil
	}
	ms := make([]M, len(s))
	out := make([]*M, len(s))
	for i := range s {
		from(&s[i], &ms[i])
		out[i] = &ms[i]
	}
	return out
}

// toSlice returns the canonical values of messages ms, made by to: nil
// when ms is empty. A nil message, which decoders do not return, is the
// zero value.
func toSlice[M, S any](ms []*M, clone bool, to func(*M, *S, bool)) []S {
	if len(ms) == 0 {
		return nil
	}
	out := make([]S, len(ms))
	for i, m := range ms {
		if m != nil {
			to(m, &out[i], clone)
		}
	}
	return out
}

// sharePtr returns p, or a pointer to a copy of *p when clone is set; nil
// for nil.
func sharePtr[T any](p *T, clone bool) *T {
	if p == nil || !clone {
		return p
	}
	v := *p
	return &v
}

// fromAny returns the JSON text of an `any` field's value (json.Marshal),
// or nil for nil.
func fromAny(v any) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("the value of type %T has no JSON text for the schema's bytes field: %w", v, err)
	}
	return b, nil
}

// toAny returns the value of an `any` field's JSON text: nil when empty,
// else what json.Unmarshal makes of it in an interface{}, which does not
// share b's memory.
func toAny(b []byte) (any, error) {
	if len(b) == 0 {
		return nil, nil
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("bytes that are not JSON text: %w", err)
	}
	return v, nil
}
