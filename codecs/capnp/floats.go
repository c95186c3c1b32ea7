package capnp

import (
	"capnproto.org/go/capnp/v3"

	gen "github.com/serbench/serbench/internal/gen/capnp"
)

// newFloats sets the root of seg's message to the Floats of
// schema/floats.capnp made from s.
func newFloats(seg *capnp.Segment, s []float32) error {
	r, err := gen.NewRootFloats(seg)
	if err != nil {
		return err
	}
	if s == nil {
		return nil
	}
	l, err := r.NewValues(int32(len(s)))
	if err != nil {
		return err
	}
	for i, x := range s {
		l.Set(i, x)
	}
	return nil
}

// readFloats reads the message's values into a new slice, one generated
// getter call (At(i)) per value.
func readFloats(msg *capnp.Message) (*[]float32, error) {
	r, err := gen.ReadRootFloats(msg)
	if err != nil {
		return nil, err
	}
	var rd reader
	s := scalars(&rd, r.HasValues(), r.Values)
	return &s, rd.err
}
