// Package sonic registers github.com/bytedance/sonic as two codecs, one per
// configuration that sonic predefines (its README, "Compatibility"):
//
//   - "sonic" uses sonic.ConfigStd, "the std-compatible config": map keys
//     sorted, HTML characters escaped, invalid UTF-8 in strings replaced by
//     U+FFFD when encoding (ValidateString), control characters in strings
//     rejected when decoding, decoded strings copied (CopyString).
//   - "sonic-default" uses sonic.ConfigDefault, "the sonic's default config
//     (EscapeHTML=false,SortKeys=false...) to run sonic fast meanwhile
//     ensure security", the configuration behind sonic.Marshal and
//     sonic.Unmarshal: map keys in Go's map iteration order, no HTML
//     escaping, strings written and read without validation, and decoded
//     strings without escapes referring to the JSON text instead of copied
//     (CopyString false). That text is not the caller's buffer:
//     Unmarshal(buf, v) is UnmarshalFromString(string(buf), v), a copy of
//     buf ("This API copies given buffer by default", its doc comment), so
//     decoded strings do not alias the input bytes and "sonic-default" is a
//     plain variant, with no UnsafeStrings flag.
//
// Sonic compiles its native implementation (JIT and SIMD) only under the
// build constraints of its sonic.go, (amd64 && go1.17 && !go1.28) ||
// (arm64 && go1.20 && !go1.28); everywhere else its compat.go makes every
// call fall back to encoding/json, which honours only EscapeHTML of the
// two configurations (encoding/json always sorts map keys and validates
// strings). Path reports which one was compiled in, and the codecs'
// Info.Notes record it with every result.
package sonic

import (
	"os"
	"runtime"

	"github.com/bytedance/sonic"
	"github.com/klauspost/cpuid/v2"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/jsonlib"
)

// Path returns "native" when sonic's own implementation is compiled in and
// "fallback" when sonic falls back to encoding/json. It reads
// sonic.APIKind, which sonic sets to sonic.UseSonicJSON in the file built
// under its native build constraints and to sonic.UseStdJSON in the
// fallback file.
func Path() string {
	if sonic.APIKind == sonic.UseSonicJSON {
		return "native"
	}
	return "fallback"
}

// notes describes the configuration api (for example "ConfigStd
// Marshal/Unmarshal; ") and the path sonic takes in this binary, mirroring
// the choices sonic makes at init: the JIT encoder and decoder on amd64
// unless SONIC_ENCODER_USE_VM or SONIC_USE_OPTDEC=1 select its
// interpreters, the interpreters always on arm64, and AVX2 or SSE kernels
// on amd64 depending on the CPU and SONIC_MODE.
func notes(api string) string {
	if Path() == "fallback" {
		return api + "fallback to encoding/json (sonic's native path is not built for " +
			runtime.GOARCH + "/" + runtime.Version() + ")"
	}
	if runtime.GOARCH != "amd64" {
		return api + "native (" + runtime.GOARCH + ", no JIT: VM encoder, optdec decoder)"
	}
	enc, dec := "JIT encoder", "JIT decoder"
	if os.Getenv("SONIC_ENCODER_USE_VM") != "" {
		enc = "VM encoder"
	}
	if os.Getenv("SONIC_USE_OPTDEC") == "1" {
		dec = "optdec decoder"
	}
	simd := "SSE"
	if mode := os.Getenv("SONIC_MODE"); cpuid.CPU.Has(cpuid.AVX2) && mode != "noavx" && mode != "noavx2" {
		simd = "AVX2"
	}
	if enc == "JIT encoder" && dec == "JIT decoder" {
		return api + "native JIT (amd64, " + simd + ")"
	}
	return api + "native (amd64, " + enc + ", " + dec + ", " + simd + ")"
}

func init() {
	register("sonic", sonic.ConfigStd, "ConfigStd Marshal/Unmarshal; ")
	register("sonic-default", sonic.ConfigDefault,
		"ConfigDefault Marshal/Unmarshal (the configuration of sonic.Marshal/Unmarshal): as ConfigStd but no HTML escaping, "+
			"map keys unsorted, strings not validated (invalid UTF-8 written as is, control characters accepted), "+
			"decoded strings referring to sonic's copy of the input instead of copied one by one (CopyString false; "+
			"Unmarshal copies the input first, so they do not alias it); ")
}

func register(name string, api sonic.API, apiNotes string) {
	jsonlib.Register(codec.Info{
		Name:   name,
		Module: "github.com/bytedance/sonic",
		Notes:  notes(apiNotes),
		// The floats workload's own values are in [0, 1) and hold no -0;
		// the conformance test's edge values do, and so does the
		// fidelity matrix, where both codecs show FAIL in the -0 columns.
		Expect: []codec.Expectation{{
			Workload: "floats", Kind: codec.ExpectMismatch,
			Why: "decodes -0 as +0: it writes -0 but reads it back without its sign",
		}},
	}, api.Marshal, api.Unmarshal)
}
