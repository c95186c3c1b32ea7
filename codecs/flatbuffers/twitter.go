package flatbuffers

import (
	fb "github.com/google/flatbuffers/go"

	"github.com/serbench/serbench/internal/gen/fbs"
	"github.com/serbench/serbench/workload"
)

// twitterStatus writes v, its children first, and returns its offset.
func (e *encoder) twitterStatus(v *workload.TwitterStatus) (fb.UOffsetT, error) {
	b := e.b
	var retweeted fb.UOffsetT
	if v.RetweetedStatus != nil {
		var err error
		if retweeted, err = e.twitterStatus(v.RetweetedStatus); err != nil {
			return 0, err
		}
	}
	geo, err := anyJSON(b, "TwitterStatus.Geo", v.Geo)
	if err != nil {
		return 0, err
	}
	coordinates, err := anyJSON(b, "TwitterStatus.Coordinates", v.Coordinates)
	if err != nil {
		return 0, err
	}
	place, err := anyJSON(b, "TwitterStatus.Place", v.Place)
	if err != nil {
		return 0, err
	}
	contributors, err := anyJSON(b, "TwitterStatus.Contributors", v.Contributors)
	if err != nil {
		return 0, err
	}
	resultType := b.CreateString(v.Metadata.ResultType)
	isoLanguageCode := b.CreateString(v.Metadata.ISOLanguageCode)
	fbs.TwitterMetadataStart(b)
	fbs.TwitterMetadataAddResultType(b, resultType)
	fbs.TwitterMetadataAddIsoLanguageCode(b, isoLanguageCode)
	metadata := fbs.TwitterMetadataEnd(b)
	user := e.twitterUser(&v.User)
	entities := e.twitterEntities(&v.Entities)
	createdAt := b.CreateString(v.CreatedAt)
	idStr := b.CreateString(v.IDStr)
	text := b.CreateString(v.Text)
	source := b.CreateString(v.Source)
	inReplyToStatusIDStr := optString(b, v.InReplyToStatusIDStr)
	inReplyToUserIDStr := optString(b, v.InReplyToUserIDStr)
	inReplyToScreenName := optString(b, v.InReplyToScreenName)
	lang := b.CreateString(v.Lang)

	// An offset of 0 (a nil pointer, slice or interface) adds no field;
	// the optional scalars are added only when present.
	fbs.TwitterStatusStart(b)
	fbs.TwitterStatusAddMetadata(b, metadata)
	fbs.TwitterStatusAddCreatedAt(b, createdAt)
	fbs.TwitterStatusAddId(b, v.ID)
	fbs.TwitterStatusAddIdStr(b, idStr)
	fbs.TwitterStatusAddText(b, text)
	fbs.TwitterStatusAddSource(b, source)
	fbs.TwitterStatusAddTruncated(b, v.Truncated)
	if v.InReplyToStatusID != nil {
		fbs.TwitterStatusAddInReplyToStatusId(b, *v.InReplyToStatusID)
	}
	fbs.TwitterStatusAddInReplyToStatusIdStr(b, inReplyToStatusIDStr)
	if v.InReplyToUserID != nil {
		fbs.TwitterStatusAddInReplyToUserId(b, *v.InReplyToUserID)
	}
	fbs.TwitterStatusAddInReplyToUserIdStr(b, inReplyToUserIDStr)
	fbs.TwitterStatusAddInReplyToScreenName(b, inReplyToScreenName)
	fbs.TwitterStatusAddUser(b, user)
	fbs.TwitterStatusAddGeo(b, geo)
	fbs.TwitterStatusAddCoordinates(b, coordinates)
	fbs.TwitterStatusAddPlace(b, place)
	fbs.TwitterStatusAddContributors(b, contributors)
	fbs.TwitterStatusAddRetweetedStatus(b, retweeted)
	fbs.TwitterStatusAddRetweetCount(b, v.RetweetCount)
	fbs.TwitterStatusAddFavoriteCount(b, v.FavoriteCount)
	fbs.TwitterStatusAddEntities(b, entities)
	fbs.TwitterStatusAddFavorited(b, v.Favorited)
	fbs.TwitterStatusAddRetweeted(b, v.Retweeted)
	if v.PossiblySensitive != nil {
		fbs.TwitterStatusAddPossiblySensitive(b, *v.PossiblySensitive)
	}
	fbs.TwitterStatusAddLang(b, lang)
	return fbs.TwitterStatusEnd(b), nil
}

// twitterUser writes u, its children first, and returns its offset.
func (e *encoder) twitterUser(u *workload.TwitterUser) fb.UOffsetT {
	b := e.b
	var entityURL fb.UOffsetT
	if u.Entities.URL != nil {
		entityURL = e.twitterURLs(u.Entities.URL)
	}
	entityDescription := e.twitterURLs(&u.Entities.Description)
	fbs.TwitterUserEntitiesStart(b)
	fbs.TwitterUserEntitiesAddUrl(b, entityURL)
	fbs.TwitterUserEntitiesAddDescription(b, entityDescription)
	entities := fbs.TwitterUserEntitiesEnd(b)

	idStr := b.CreateString(u.IDStr)
	name := b.CreateString(u.Name)
	screenName := b.CreateString(u.ScreenName)
	location := b.CreateString(u.Location)
	description := b.CreateString(u.Description)
	url := optString(b, u.URL)
	createdAt := b.CreateString(u.CreatedAt)
	timeZone := optString(b, u.TimeZone)
	lang := b.CreateString(u.Lang)
	profileBackgroundColor := b.CreateString(u.ProfileBackgroundColor)
	profileBackgroundImageURL := b.CreateString(u.ProfileBackgroundImageURL)
	profileBackgroundImageURLHTTPS := b.CreateString(u.ProfileBackgroundImageURLHTTPS)
	profileImageURL := b.CreateString(u.ProfileImageURL)
	profileImageURLHTTPS := b.CreateString(u.ProfileImageURLHTTPS)
	profileBannerURL := optString(b, u.ProfileBannerURL)
	profileLinkColor := b.CreateString(u.ProfileLinkColor)
	profileSidebarBorderColor := b.CreateString(u.ProfileSidebarBorderColor)
	profileSidebarFillColor := b.CreateString(u.ProfileSidebarFillColor)
	profileTextColor := b.CreateString(u.ProfileTextColor)

	fbs.TwitterUserStart(b)
	fbs.TwitterUserAddId(b, u.ID)
	fbs.TwitterUserAddIdStr(b, idStr)
	fbs.TwitterUserAddName(b, name)
	fbs.TwitterUserAddScreenName(b, screenName)
	fbs.TwitterUserAddLocation(b, location)
	fbs.TwitterUserAddDescription(b, description)
	fbs.TwitterUserAddUrl(b, url)
	fbs.TwitterUserAddEntities(b, entities)
	fbs.TwitterUserAddProtected(b, u.Protected)
	fbs.TwitterUserAddFollowersCount(b, u.FollowersCount)
	fbs.TwitterUserAddFriendsCount(b, u.FriendsCount)
	fbs.TwitterUserAddListedCount(b, u.ListedCount)
	fbs.TwitterUserAddCreatedAt(b, createdAt)
	fbs.TwitterUserAddFavouritesCount(b, u.FavouritesCount)
	if u.UTCOffset != nil {
		fbs.TwitterUserAddUtcOffset(b, *u.UTCOffset)
	}
	fbs.TwitterUserAddTimeZone(b, timeZone)
	fbs.TwitterUserAddGeoEnabled(b, u.GeoEnabled)
	fbs.TwitterUserAddVerified(b, u.Verified)
	fbs.TwitterUserAddStatusesCount(b, u.StatusesCount)
	fbs.TwitterUserAddLang(b, lang)
	fbs.TwitterUserAddContributorsEnabled(b, u.ContributorsEnabled)
	fbs.TwitterUserAddIsTranslator(b, u.IsTranslator)
	fbs.TwitterUserAddIsTranslationEnabled(b, u.IsTranslationEnabled)
	fbs.TwitterUserAddProfileBackgroundColor(b, profileBackgroundColor)
	fbs.TwitterUserAddProfileBackgroundImageUrl(b, profileBackgroundImageURL)
	fbs.TwitterUserAddProfileBackgroundImageUrlHttps(b, profileBackgroundImageURLHTTPS)
	fbs.TwitterUserAddProfileBackgroundTile(b, u.ProfileBackgroundTile)
	fbs.TwitterUserAddProfileImageUrl(b, profileImageURL)
	fbs.TwitterUserAddProfileImageUrlHttps(b, profileImageURLHTTPS)
	fbs.TwitterUserAddProfileBannerUrl(b, profileBannerURL)
	fbs.TwitterUserAddProfileLinkColor(b, profileLinkColor)
	fbs.TwitterUserAddProfileSidebarBorderColor(b, profileSidebarBorderColor)
	fbs.TwitterUserAddProfileSidebarFillColor(b, profileSidebarFillColor)
	fbs.TwitterUserAddProfileTextColor(b, profileTextColor)
	fbs.TwitterUserAddProfileUseBackgroundImage(b, u.ProfileUseBackgroundImage)
	fbs.TwitterUserAddDefaultProfile(b, u.DefaultProfile)
	fbs.TwitterUserAddDefaultProfileImage(b, u.DefaultProfileImage)
	fbs.TwitterUserAddFollowing(b, u.Following)
	fbs.TwitterUserAddFollowRequestSent(b, u.FollowRequestSent)
	fbs.TwitterUserAddNotifications(b, u.Notifications)
	return fbs.TwitterUserEnd(b)
}

// twitterURLs writes a TwitterURLs table.
func (e *encoder) twitterURLs(u *workload.TwitterURLs) fb.UOffsetT {
	urls := e.twitterURLVector(u.URLs, fbs.TwitterURLsStartUrlsVector)
	fbs.TwitterURLsStart(e.b)
	fbs.TwitterURLsAddUrls(e.b, urls)
	return fbs.TwitterURLsEnd(e.b)
}

// twitterURLVector writes s as a vector of TwitterURL tables started by
// start, or returns 0 (no field) for a nil s.
func (e *encoder) twitterURLVector(s []workload.TwitterURL, start startVector) fb.UOffsetT {
	if s == nil {
		return 0
	}
	b := e.b
	mark := len(e.offs)
	for i := range s {
		u := &s[i]
		url := b.CreateString(u.URL)
		expandedURL := b.CreateString(u.ExpandedURL)
		displayURL := b.CreateString(u.DisplayURL)
		indices := scalars(b, u.Indices, fbs.TwitterURLStartIndicesVector, b.PrependInt64)
		fbs.TwitterURLStart(b)
		fbs.TwitterURLAddUrl(b, url)
		fbs.TwitterURLAddExpandedUrl(b, expandedURL)
		fbs.TwitterURLAddDisplayUrl(b, displayURL)
		fbs.TwitterURLAddIndices(b, indices)
		e.offs = append(e.offs, fbs.TwitterURLEnd(b))
	}
	return e.vectorOfOffsets(mark, start)
}

// twitterHashtags writes s as a vector of TwitterHashtag tables started by
// start, or returns 0 (no field) for a nil s.
func (e *encoder) twitterHashtags(s []workload.TwitterHashtag, start startVector) fb.UOffsetT {
	if s == nil {
		return 0
	}
	b := e.b
	mark := len(e.offs)
	for i := range s {
		h := &s[i]
		text := b.CreateString(h.Text)
		indices := scalars(b, h.Indices, fbs.TwitterHashtagStartIndicesVector, b.PrependInt64)
		fbs.TwitterHashtagStart(b)
		fbs.TwitterHashtagAddText(b, text)
		fbs.TwitterHashtagAddIndices(b, indices)
		e.offs = append(e.offs, fbs.TwitterHashtagEnd(b))
	}
	return e.vectorOfOffsets(mark, start)
}

// twitterEntities writes a status's TwitterEntities table.
func (e *encoder) twitterEntities(v *workload.TwitterEntities) fb.UOffsetT {
	b := e.b
	hashtags := e.twitterHashtags(v.Hashtags, fbs.TwitterEntitiesStartHashtagsVector)
	symbols := e.twitterHashtags(v.Symbols, fbs.TwitterEntitiesStartSymbolsVector)
	urls := e.twitterURLVector(v.URLs, fbs.TwitterEntitiesStartUrlsVector)
	var mentions fb.UOffsetT
	if v.UserMentions != nil {
		mark := len(e.offs)
		for i := range v.UserMentions {
			m := &v.UserMentions[i]
			screenName := b.CreateString(m.ScreenName)
			name := b.CreateString(m.Name)
			idStr := b.CreateString(m.IDStr)
			indices := scalars(b, m.Indices, fbs.TwitterUserMentionStartIndicesVector, b.PrependInt64)
			fbs.TwitterUserMentionStart(b)
			fbs.TwitterUserMentionAddScreenName(b, screenName)
			fbs.TwitterUserMentionAddName(b, name)
			fbs.TwitterUserMentionAddId(b, m.ID)
			fbs.TwitterUserMentionAddIdStr(b, idStr)
			fbs.TwitterUserMentionAddIndices(b, indices)
			e.offs = append(e.offs, fbs.TwitterUserMentionEnd(b))
		}
		mentions = e.vectorOfOffsets(mark, fbs.TwitterEntitiesStartUserMentionsVector)
	}
	var media fb.UOffsetT
	if v.Media != nil {
		mark := len(e.offs)
		for i := range v.Media {
			e.offs = append(e.offs, e.twitterMedia(&v.Media[i]))
		}
		media = e.vectorOfOffsets(mark, fbs.TwitterEntitiesStartMediaVector)
	}
	fbs.TwitterEntitiesStart(b)
	fbs.TwitterEntitiesAddHashtags(b, hashtags)
	fbs.TwitterEntitiesAddSymbols(b, symbols)
	fbs.TwitterEntitiesAddUrls(b, urls)
	fbs.TwitterEntitiesAddUserMentions(b, mentions)
	fbs.TwitterEntitiesAddMedia(b, media)
	return fbs.TwitterEntitiesEnd(b)
}

// twitterMedia writes a TwitterMedia table, its children first.
func (e *encoder) twitterMedia(m *workload.TwitterMedia) fb.UOffsetT {
	b := e.b
	medium := twitterMediaSize(b, &m.Sizes.Medium)
	small := twitterMediaSize(b, &m.Sizes.Small)
	thumb := twitterMediaSize(b, &m.Sizes.Thumb)
	large := twitterMediaSize(b, &m.Sizes.Large)
	fbs.TwitterMediaSizesStart(b)
	fbs.TwitterMediaSizesAddMedium(b, medium)
	fbs.TwitterMediaSizesAddSmall(b, small)
	fbs.TwitterMediaSizesAddThumb(b, thumb)
	fbs.TwitterMediaSizesAddLarge(b, large)
	sizes := fbs.TwitterMediaSizesEnd(b)

	idStr := b.CreateString(m.IDStr)
	indices := scalars(b, m.Indices, fbs.TwitterMediaStartIndicesVector, b.PrependInt64)
	mediaURL := b.CreateString(m.MediaURL)
	mediaURLHTTPS := b.CreateString(m.MediaURLHTTPS)
	url := b.CreateString(m.URL)
	displayURL := b.CreateString(m.DisplayURL)
	expandedURL := b.CreateString(m.ExpandedURL)
	typ := b.CreateString(m.Type)
	sourceStatusIDStr := optString(b, m.SourceStatusIDStr)

	fbs.TwitterMediaStart(b)
	fbs.TwitterMediaAddId(b, m.ID)
	fbs.TwitterMediaAddIdStr(b, idStr)
	fbs.TwitterMediaAddIndices(b, indices)
	fbs.TwitterMediaAddMediaUrl(b, mediaURL)
	fbs.TwitterMediaAddMediaUrlHttps(b, mediaURLHTTPS)
	fbs.TwitterMediaAddUrl(b, url)
	fbs.TwitterMediaAddDisplayUrl(b, displayURL)
	fbs.TwitterMediaAddExpandedUrl(b, expandedURL)
	fbs.TwitterMediaAddType(b, typ)
	fbs.TwitterMediaAddSizes(b, sizes)
	if m.SourceStatusID != nil {
		fbs.TwitterMediaAddSourceStatusId(b, *m.SourceStatusID)
	}
	fbs.TwitterMediaAddSourceStatusIdStr(b, sourceStatusIDStr)
	return fbs.TwitterMediaEnd(b)
}

// twitterMediaSize writes a TwitterMediaSize table.
func twitterMediaSize(b *fb.Builder, s *workload.TwitterMediaSize) fb.UOffsetT {
	resize := b.CreateString(s.Resize)
	fbs.TwitterMediaSizeStart(b)
	fbs.TwitterMediaSizeAddW(b, s.W)
	fbs.TwitterMediaSizeAddH(b, s.H)
	fbs.TwitterMediaSizeAddResize(b, resize)
	return fbs.TwitterMediaSizeEnd(b)
}

// decodeTwitter reads every field of the TwitterStatus in data, and of
// its children, into a new workload.TwitterStatus.
func decodeTwitter(data []byte) (*workload.TwitterStatus, error) {
	v := new(workload.TwitterStatus)
	if err := readTwitterStatus(fbs.GetRootAsTwitterStatus(data, 0), v); err != nil {
		return nil, err
	}
	return v, nil
}

// readTwitterStatus reads r into v.
func readTwitterStatus(r *fbs.TwitterStatus, v *workload.TwitterStatus) error {
	t := r.Table()
	var md fbs.TwitterMetadata
	if r.Metadata(&md) != nil {
		v.Metadata = workload.TwitterMetadata{
			ResultType:      string(md.ResultType()),
			ISOLanguageCode: string(md.IsoLanguageCode()),
		}
	}
	v.CreatedAt = string(r.CreatedAt())
	v.ID = r.Id()
	v.IDStr = string(r.IdStr())
	v.Text = string(r.Text())
	v.Source = string(r.Source())
	v.Truncated = r.Truncated()
	v.InReplyToStatusID = r.InReplyToStatusId()
	v.InReplyToStatusIDStr = stringField(t, slotTwitterStatusInReplyToStatusIdStr, r.InReplyToStatusIdStr())
	v.InReplyToUserID = r.InReplyToUserId()
	v.InReplyToUserIDStr = stringField(t, slotTwitterStatusInReplyToUserIdStr, r.InReplyToUserIdStr())
	v.InReplyToScreenName = stringField(t, slotTwitterStatusInReplyToScreenName, r.InReplyToScreenName())
	var u fbs.TwitterUser
	if r.User(&u) != nil {
		readTwitterUser(&u, &v.User)
	}
	var err error
	if v.Geo, err = anyOf("TwitterStatus.Geo", r.GeoBytes()); err != nil {
		return err
	}
	if v.Coordinates, err = anyOf("TwitterStatus.Coordinates", r.CoordinatesBytes()); err != nil {
		return err
	}
	if v.Place, err = anyOf("TwitterStatus.Place", r.PlaceBytes()); err != nil {
		return err
	}
	if v.Contributors, err = anyOf("TwitterStatus.Contributors", r.ContributorsBytes()); err != nil {
		return err
	}
	var rt fbs.TwitterStatus
	if r.RetweetedStatus(&rt) != nil {
		v.RetweetedStatus = new(workload.TwitterStatus)
		if err := readTwitterStatus(&rt, v.RetweetedStatus); err != nil {
			return err
		}
	}
	v.RetweetCount = r.RetweetCount()
	v.FavoriteCount = r.FavoriteCount()
	var ent fbs.TwitterEntities
	if r.Entities(&ent) != nil {
		readTwitterEntities(&ent, &v.Entities)
	}
	v.Favorited = r.Favorited()
	v.Retweeted = r.Retweeted()
	v.PossiblySensitive = r.PossiblySensitive()
	v.Lang = string(r.Lang())
	return nil
}

// readTwitterUser reads r into u.
func readTwitterUser(r *fbs.TwitterUser, u *workload.TwitterUser) {
	t := r.Table()
	*u = workload.TwitterUser{
		ID:                             r.Id(),
		IDStr:                          string(r.IdStr()),
		Name:                           string(r.Name()),
		ScreenName:                     string(r.ScreenName()),
		Location:                       string(r.Location()),
		Description:                    string(r.Description()),
		URL:                            stringField(t, slotTwitterUserUrl, r.Url()),
		Protected:                      r.Protected(),
		FollowersCount:                 r.FollowersCount(),
		FriendsCount:                   r.FriendsCount(),
		ListedCount:                    r.ListedCount(),
		CreatedAt:                      string(r.CreatedAt()),
		FavouritesCount:                r.FavouritesCount(),
		UTCOffset:                      r.UtcOffset(),
		TimeZone:                       stringField(t, slotTwitterUserTimeZone, r.TimeZone()),
		GeoEnabled:                     r.GeoEnabled(),
		Verified:                       r.Verified(),
		StatusesCount:                  r.StatusesCount(),
		Lang:                           string(r.Lang()),
		ContributorsEnabled:            r.ContributorsEnabled(),
		IsTranslator:                   r.IsTranslator(),
		IsTranslationEnabled:           r.IsTranslationEnabled(),
		ProfileBackgroundColor:         string(r.ProfileBackgroundColor()),
		ProfileBackgroundImageURL:      string(r.ProfileBackgroundImageUrl()),
		ProfileBackgroundImageURLHTTPS: string(r.ProfileBackgroundImageUrlHttps()),
		ProfileBackgroundTile:          r.ProfileBackgroundTile(),
		ProfileImageURL:                string(r.ProfileImageUrl()),
		ProfileImageURLHTTPS:           string(r.ProfileImageUrlHttps()),
		ProfileBannerURL:               stringField(t, slotTwitterUserProfileBannerUrl, r.ProfileBannerUrl()),
		ProfileLinkColor:               string(r.ProfileLinkColor()),
		ProfileSidebarBorderColor:      string(r.ProfileSidebarBorderColor()),
		ProfileSidebarFillColor:        string(r.ProfileSidebarFillColor()),
		ProfileTextColor:               string(r.ProfileTextColor()),
		ProfileUseBackgroundImage:      r.ProfileUseBackgroundImage(),
		DefaultProfile:                 r.DefaultProfile(),
		DefaultProfileImage:            r.DefaultProfileImage(),
		Following:                      r.Following(),
		FollowRequestSent:              r.FollowRequestSent(),
		Notifications:                  r.Notifications(),
	}
	var ue fbs.TwitterUserEntities
	if r.Entities(&ue) != nil {
		var urls fbs.TwitterURLs
		if ue.Url(&urls) != nil {
			u.Entities.URL = new(workload.TwitterURLs)
			readTwitterURLs(&urls, u.Entities.URL)
		}
		if ue.Description(&urls) != nil {
			readTwitterURLs(&urls, &u.Entities.Description)
		}
	}
}

// readTwitterURLs reads r into u.
func readTwitterURLs(r *fbs.TwitterURLs, u *workload.TwitterURLs) {
	if present(r.Table(), slotTwitterURLsUrls) {
		u.URLs = make([]workload.TwitterURL, r.UrlsLength())
		var x fbs.TwitterURL
		for j := range u.URLs {
			r.Urls(&x, j)
			readTwitterURL(&x, &u.URLs[j])
		}
	}
}

// readTwitterURL reads r into u.
func readTwitterURL(r *fbs.TwitterURL, u *workload.TwitterURL) {
	*u = workload.TwitterURL{
		URL:         string(r.Url()),
		ExpandedURL: string(r.ExpandedUrl()),
		DisplayURL:  string(r.DisplayUrl()),
		Indices:     vector(r.Table(), slotTwitterURLIndices, r.IndicesLength(), r.Indices),
	}
}

// readTwitterHashtag reads r (a hashtag or a symbol) into h.
func readTwitterHashtag(r *fbs.TwitterHashtag, h *workload.TwitterHashtag) {
	*h = workload.TwitterHashtag{
		Text:    string(r.Text()),
		Indices: vector(r.Table(), slotTwitterHashtagIndices, r.IndicesLength(), r.Indices),
	}
}

// readTwitterUserMention reads r into m.
func readTwitterUserMention(r *fbs.TwitterUserMention, m *workload.TwitterUserMention) {
	*m = workload.TwitterUserMention{
		ScreenName: string(r.ScreenName()),
		Name:       string(r.Name()),
		ID:         r.Id(),
		IDStr:      string(r.IdStr()),
		Indices:    vector(r.Table(), slotTwitterUserMentionIndices, r.IndicesLength(), r.Indices),
	}
}

// readTwitterEntities reads r into v. The vectors read with readTables,
// whose scratch table escapes (at is a function value), are the two of
// the same table type; the others are read in place, the scratch table on
// the stack.
func readTwitterEntities(r *fbs.TwitterEntities, v *workload.TwitterEntities) {
	t := r.Table()
	v.Hashtags = readTables(t, slotTwitterEntitiesHashtags, r.HashtagsLength(), r.Hashtags, readTwitterHashtag)
	v.Symbols = readTables(t, slotTwitterEntitiesSymbols, r.SymbolsLength(), r.Symbols, readTwitterHashtag)
	if present(t, slotTwitterEntitiesUrls) {
		v.URLs = make([]workload.TwitterURL, r.UrlsLength())
		var x fbs.TwitterURL
		for j := range v.URLs {
			r.Urls(&x, j)
			readTwitterURL(&x, &v.URLs[j])
		}
	}
	if present(t, slotTwitterEntitiesUserMentions) {
		v.UserMentions = make([]workload.TwitterUserMention, r.UserMentionsLength())
		var x fbs.TwitterUserMention
		for j := range v.UserMentions {
			r.UserMentions(&x, j)
			readTwitterUserMention(&x, &v.UserMentions[j])
		}
	}
	if present(t, slotTwitterEntitiesMedia) {
		v.Media = make([]workload.TwitterMedia, r.MediaLength())
		var x fbs.TwitterMedia
		for j := range v.Media {
			r.Media(&x, j)
			readTwitterMedia(&x, &v.Media[j])
		}
	}
}

// readTwitterMedia reads r into m.
func readTwitterMedia(r *fbs.TwitterMedia, m *workload.TwitterMedia) {
	t := r.Table()
	*m = workload.TwitterMedia{
		ID:                r.Id(),
		IDStr:             string(r.IdStr()),
		Indices:           vector(t, slotTwitterMediaIndices, r.IndicesLength(), r.Indices),
		MediaURL:          string(r.MediaUrl()),
		MediaURLHTTPS:     string(r.MediaUrlHttps()),
		URL:               string(r.Url()),
		DisplayURL:        string(r.DisplayUrl()),
		ExpandedURL:       string(r.ExpandedUrl()),
		Type:              string(r.Type()),
		SourceStatusID:    r.SourceStatusId(),
		SourceStatusIDStr: stringField(t, slotTwitterMediaSourceStatusIdStr, r.SourceStatusIdStr()),
	}
	var sizes fbs.TwitterMediaSizes
	if r.Sizes(&sizes) != nil {
		var s fbs.TwitterMediaSize
		if sizes.Medium(&s) != nil {
			m.Sizes.Medium = twitterMediaSizeOf(&s)
		}
		if sizes.Small(&s) != nil {
			m.Sizes.Small = twitterMediaSizeOf(&s)
		}
		if sizes.Thumb(&s) != nil {
			m.Sizes.Thumb = twitterMediaSizeOf(&s)
		}
		if sizes.Large(&s) != nil {
			m.Sizes.Large = twitterMediaSizeOf(&s)
		}
	}
}

func twitterMediaSizeOf(s *fbs.TwitterMediaSize) workload.TwitterMediaSize {
	return workload.TwitterMediaSize{W: s.W(), H: s.H(), Resize: string(s.Resize())}
}
