//go:build (!amd64 && !arm64) || go1.28 || !go1.17 || (arm64 && !go1.20)

package sonic

// wantPath is the path sonic's own build constraints (those of its
// compat.go) select for this build.
const wantPath = "fallback"
