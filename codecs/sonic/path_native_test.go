//go:build (amd64 && go1.17 && !go1.28) || (arm64 && go1.20 && !go1.28)

package sonic

// wantPath is the path sonic's own build constraints (those of its sonic.go)
// select for this build.
const wantPath = "native"
