package floats

import (
	"fmt"
	"os"
	"reflect"

	"github.com/serbench/serbench/codec"
)

// Target is the codec target of the floats workload: a []float32, passed
// to codecs as a *[]float32.
func Target() codec.Target {
	return codec.Target{
		Workload: Workload,
		Type:     reflect.TypeFor[[]float32](),
		New:      func() any { return new([]float32) },
	}
}

// FromCodecs returns one strategy per codec, named by the codec's name,
// except reference codecs (codec.Info.Reference set, such as the noop
// floor): they carry no data, and floats has references of its own. Its
// Write binds the codec to Target (a Bind error, wrapping
// codec.ErrUnsupported for codecs that cannot encode a []float32, makes
// the strategy unsupported), prepares and encodes the whole slice as one
// value and writes the encoding to the file. Its Read, the timed
// operation, is os.ReadFile + Instance.Decode + Instance.Canonical (free
// for reflection codecs), and the sum.
//
// Pass codec.All() after importing _ "github.com/serbench/serbench/codecs/all".
func FromCodecs(codecs []codec.Codec) []Strategy {
	out := make([]Strategy, 0, len(codecs))
	for _, c := range codecs {
		if c.Info().Reference != "" {
			continue
		}
		out = append(out, fromCodec(c))
	}
	return out
}

func fromCodec(c codec.Codec) Strategy {
	info := c.Info()
	desc := fmt.Sprintf("codec %s (%s, %s): os.ReadFile + Decode + Canonical", info.Name, info.Format, info.Module)
	var losses []string
	for _, loss := range info.Losses {
		if loss.Kind == codec.FloatPrecision {
			losses = append(losses, loss.String())
		}
	}
	var inst codec.Instance
	return Strategy{
		Name:        info.Name,
		Description: desc,
		Losses:      losses,
		Write: func(path string, values []float32) error {
			var err error
			if inst, err = c.Bind(Target()); err != nil {
				return fmt.Errorf("bind: %w", err)
			}
			v := values
			var prepared any
			if err := codec.Call("prepare", func() (e error) { prepared, e = inst.Prepare(&v); return }); err != nil {
				return fmt.Errorf("prepare: %w", err)
			}
			var enc []byte
			if err := codec.Call("encode", func() (e error) { enc, e = inst.Encode(prepared); return }); err != nil {
				return fmt.Errorf("encode: %w", err)
			}
			return os.WriteFile(path, enc, 0o644)
		},
		Read: func(path string, use func([]float32)) error {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			native, err := inst.Decode(data)
			if err != nil {
				return fmt.Errorf("decode: %w", err)
			}
			canon, err := inst.Canonical(native)
			if err != nil {
				return fmt.Errorf("canonical: %w", err)
			}
			p, ok := canon.(*[]float32)
			if !ok {
				return fmt.Errorf("canonical value is %T, not *[]float32", canon)
			}
			use(*p)
			return nil
		},
	}
}

// Defaults returns Builtin followed by FromCodecs(codec.All()): every
// strategy of a default run. Codecs are registered by importing
// _ "github.com/serbench/serbench/codecs/all"; this package does not.
func Defaults() []Strategy {
	return append(Builtin(), FromCodecs(codec.All())...)
}
