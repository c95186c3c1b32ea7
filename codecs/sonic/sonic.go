// Package sonic registers github.com/bytedance/sonic as the codec "sonic",
// using sonic.ConfigStd, the configuration compatible with encoding/json
// (sorted map keys, HTML escaping, decoded strings copied from the input).
//
// Sonic compiles its native implementation (JIT and SIMD) only under the
// build constraints of its sonic.go, (amd64 && go1.17 && !go1.28) ||
// (arm64 && go1.20 && !go1.28); everywhere else its compat.go makes every
// call fall back to encoding/json. Path reports which one was compiled in,
// and the codec's Info.Notes records it with every result.
package sonic

import (
	"os"
	"runtime"

	"github.com/bytedance/sonic"
	"github.com/klauspost/cpuid/v2"

	"github.com/serbench/serbench/codec"
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

// notes describes the path sonic takes in this binary, mirroring the
// choices sonic makes at init: the JIT encoder and decoder on amd64 unless
// SONIC_ENCODER_USE_VM or SONIC_USE_OPTDEC=1 select its interpreters, the
// interpreters always on arm64, and AVX2 or SSE kernels on amd64 depending
// on the CPU and SONIC_MODE.
func notes() string {
	const api = "ConfigStd Marshal/Unmarshal; "
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
	codec.Register(codec.New(codec.Info{
		Name:   "sonic",
		Format: "json",
		Module: "github.com/bytedance/sonic",
		API:    codec.Reflection,
		Losses: []codec.Loss{{
			Kind:   codec.InterfaceTypes,
			Detail: "numbers in interface{} values decode as float64, whatever their type (int8, uint64, float32, ...)",
		}},
		Notes: notes(),
	}, func(t codec.Target) (codec.Instance, error) {
		return codec.Reflect(t, sonic.ConfigStd.Marshal, sonic.ConfigStd.Unmarshal), nil
	}))
}
