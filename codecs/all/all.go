// Package all imports every codec package under codecs/, so that importing
// it registers every codec serbench knows. Adding a codec is one new
// package plus one import line here; TestAllImported fails when a package
// is missing.
package all

import (
	_ "github.com/serbench/serbench/codecs/stdjson"
)
