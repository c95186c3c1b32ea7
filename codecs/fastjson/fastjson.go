// Package fastjson registers valyala/fastjson, a JSON parser without
// binding to Go types: it parses a document into its own tree of values
// (fastjson.Value), from which an application reads the fields it wants
// with Get, Int64, Float64, StringBytes and the like. It is the parse
// category (codec.Parse): its rows show how fast a document becomes a
// tree and how fast three fields are read from it, in a section of their
// own, never ranked against the codecs that build the user's Go values.
//
// Two codecs:
//
//   - fastjson: fastjson.ParseBytes, a new Parser per message, so each
//     tree belongs to its caller (the plain variant, as every table's
//     default row allocates its result).
//   - fastjson-reuse: one Parser per instance, reused for every message,
//     as the package documents ("Parser may be re-used for subsequent
//     parsing"; the package-level ParseBytes "is slower than the
//     Parser.ParseBytes for re-used Parser"). The tree it returns is valid
//     only until the next parse, as a reused buffer: a variant with the
//     BufferReuse flag, shown with --variants all.
//
// Decode (the timed parse) is ParseBytes and nothing else: no field is
// read and nothing is converted. Parser copies its input before parsing,
// so no tree aliases the caller's bytes.
//
// Encode: fastjson has no encoder from Go values (its Arena builds a tree
// by hand, one Set call per field, which is a program of its own per Go
// type, not a library call). The input is encoding/json's Marshal of the
// canonical value, and Encode calls it, so the encode cell times
// encoding/json; reports show no encode for the parse category, and the
// size is that of encoding/json's document.
//
// Access reads the workload's access fields (person: Name, Siblings,
// Money; nested: S, I64, F64) from the tree after parsing the document:
// fastjson is not zero-copy, so access costs a whole parse plus the reads.
// Strings and integers are read with fastjson's StringBytes, Int and
// Int64; the float is read as fastjson keeps it, the number's text
// (MarshalTo), and converted with strconv.ParseFloat, because fastjson's
// own Float64 is not correctly rounded (below) and the harness accepts no
// loss on access fields: it verifies them exactly against the originals.
//
// Float64: fastjson's number parser (fastfloat.Parse) divides and
// multiplies the decimal mantissa by powers of ten in float64, so a
// number with more digits or a larger exponent than that can hold exactly
// comes back a few units in the last place off: up to 3 ULPs (relative
// error 4.4e-16) in 3 million random numbers written with the fewest
// digits, about one in eight of them off. That is the declared loss
// floatBits; it shows on nested and on the floats of the corpora.
//
// Verification: Canonical converts the tree to the canonical value, only
// for verification, outside the timed loops. It walks the whole tree with
// fastjson's own accessors (Type, Object.Visit, Array, StringBytes for
// strings and keys unescaped by fastjson, Int64, Uint64 or Float64 for
// numbers by their text, Bool), rebuilds the document from what they
// return, and lets encoding/json decode it into the workload's type, whose
// rules (field names, times, base64 bytes, custom unmarshalers) it keeps.
// Every value of the tree is thus read back through fastjson and compared
// with the original, field by field. Converting through encoding/json
// rather than by hand for each workload keeps the check generic (every
// workload encoding/json can represent), and costs nothing that is timed;
// a field fastjson got wrong still differs. The losses are encoding/json's
// (numbers in interface{} values come back as float64).
//
// What it does not do: it measures no Scanner (streams of documents), no
// Validate, no ParserPool (one Parser per goroutine is what the harness's
// instances are), and no Arena-built encoding.
package fastjson

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/valyala/fastjson"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/jsonlib"
	"github.com/serbench/serbench/workload"
)

var (
	personType = reflect.TypeFor[workload.Person]()
	nestedType = reflect.TypeFor[workload.TestStruc]()
)

// floatBits is the loss of fastjson's Float64, which is not correctly
// rounded.
var floatBits = codec.Loss{
	Kind:    codec.FloatPrecision,
	Epsilon: 1e-15,
	Detail:  "fastjson's Float64 (fastfloat.Parse) is not correctly rounded: numbers with many digits or a large exponent come back up to 3 ULPs off",
}

func init() {
	info := codec.Info{
		Format: "json",
		Module: "github.com/valyala/fastjson",
		API:    codec.Parse,
		Losses: []codec.Loss{floatBits, jsonlib.InterfaceNumbers},
	}
	plain := info
	plain.Name = "fastjson"
	plain.Notes = "parse only: Decode is fastjson.ParseBytes (a new Parser per message) into fastjson's value tree; " +
		"Access reads three fields after the parse (person, nested); no encoder from Go values: " +
		"Encode is encoding/json's Marshal, the input; verified by converting the whole tree, untimed"
	codec.Register(codec.New(plain, func(t codec.Target) (codec.Instance, error) { return bind(t, false), nil }))

	reuse := info
	reuse.Name = "fastjson-reuse"
	reuse.Flags = codec.Flags{BufferReuse: true}
	reuse.Notes = "as fastjson, but one Parser per instance reused for every message, as fastjson's docs recommend: " +
		"the tree is valid until the next parse"
	codec.Register(codec.New(reuse, func(t codec.Target) (codec.Instance, error) { return bind(t, true), nil }))
}

// instance is fastjson bound to one workload.
type instance struct {
	t codec.Target
	// parser is the instance's Parser when it is reused; nil for a new
	// Parser per message.
	parser *fastjson.Parser
	// text holds the text of a number that Access reads.
	text []byte
}

// bind returns the instance for t, with Access for the workloads that have
// access fields.
func bind(t codec.Target, reuse bool) codec.Instance {
	in := &instance{t: t}
	if reuse {
		in.parser = new(fastjson.Parser)
	}
	switch t.Type {
	case personType:
		return codec.WithAccess(in, in.accessPerson)
	case nestedType:
		return codec.WithAccess(in, in.accessNested)
	}
	return in
}

// Prepare returns the canonical value: Encode marshals it.
func (in *instance) Prepare(canonical any) (any, error) { return canonical, nil }

// Encode returns encoding/json's encoding of v: fastjson has no encoder
// from Go values.
func (in *instance) Encode(v any) ([]byte, error) { return json.Marshal(v) }

// Decode parses data into a fastjson tree: the timed parse.
func (in *instance) Decode(data []byte) (any, error) { return in.parse(data) }

func (in *instance) parse(data []byte) (*fastjson.Value, error) {
	if in.parser == nil {
		return fastjson.ParseBytes(data)
	}
	return in.parser.ParseBytes(data)
}

// Canonical converts a tree to a new canonical value, for verification.
func (in *instance) Canonical(decoded any) (any, error) {
	tree, ok := decoded.(*fastjson.Value)
	if !ok {
		return nil, fmt.Errorf("fastjson: canonical of %T, want *fastjson.Value", decoded)
	}
	generic, err := Generic(tree)
	if err != nil {
		return nil, err
	}
	doc, err := json.Marshal(generic)
	if err != nil {
		return nil, fmt.Errorf("fastjson: re-encoding the tree: %w", err)
	}
	out := in.t.New()
	if err := json.Unmarshal(doc, out); err != nil {
		return nil, fmt.Errorf("fastjson: decoding the tree into %s: %w", in.t.Type, err)
	}
	return out, nil
}

// Generic returns the values of a fastjson tree as Go values that
// encoding/json writes back as the same document: objects as
// map[string]any, arrays as []any, strings as string, numbers as
// json.Number, true and false as bool, null as nil. Every value is read
// with fastjson's accessors: strings and keys as fastjson unescapes them,
// and numbers as fastjson parses them (Int64 or Uint64 for integers,
// Float64 for the others), written with the fewest digits that give the
// same number back.
func Generic(v *fastjson.Value) (any, error) {
	switch v.Type() {
	case fastjson.TypeNull:
		return nil, nil
	case fastjson.TypeTrue, fastjson.TypeFalse:
		return v.Bool()
	case fastjson.TypeString:
		b, err := v.StringBytes()
		return string(b), err
	case fastjson.TypeNumber:
		return number(v)
	case fastjson.TypeArray:
		items, err := v.Array()
		if err != nil {
			return nil, err
		}
		out := make([]any, len(items))
		for i, item := range items {
			if out[i], err = Generic(item); err != nil {
				return nil, fmt.Errorf("[%d]: %w", i, err)
			}
		}
		return out, nil
	case fastjson.TypeObject:
		o, err := v.Object()
		if err != nil {
			return nil, err
		}
		out := make(map[string]any, o.Len())
		o.Visit(func(key []byte, item *fastjson.Value) {
			if err != nil {
				return
			}
			k := string(key)
			if out[k], err = Generic(item); err != nil {
				err = fmt.Errorf("%q: %w", k, err)
			}
		})
		return out, err
	}
	return nil, fmt.Errorf("fastjson: value of unknown type %s", v.Type())
}

// number reads a number of the tree with fastjson: an integer's text
// (no fraction or exponent, not "-0") as Int64 or Uint64, anything else
// or an integer beyond 64 bits as Float64.
func number(v *fastjson.Value) (json.Number, error) {
	text := string(v.MarshalTo(nil))
	if !strings.ContainsAny(text, ".eE") && text != "-0" {
		if strings.HasPrefix(text, "-") {
			if n, err := v.Int64(); err == nil {
				return json.Number(strconv.FormatInt(n, 10)), nil
			}
		} else if n, err := v.Uint64(); err == nil {
			return json.Number(strconv.FormatUint(n, 10)), nil
		}
	}
	f, err := v.Float64()
	if err != nil {
		return "", fmt.Errorf("number %s: %w", text, err)
	}
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), nil
}

// accessPerson parses data and reads the person access fields.
func (in *instance) accessPerson(data []byte) (any, error) {
	v, err := in.parse(data)
	if err != nil {
		return nil, err
	}
	var f workload.PersonFields
	name, err := field(v, "Name")
	if err != nil {
		return nil, err
	}
	b, err := name.StringBytes()
	if err != nil {
		return nil, err
	}
	f.Name = string(b)
	if f.Siblings, err = intField(v, "Siblings"); err != nil {
		return nil, err
	}
	if f.Money, err = in.floatField(v, "Money"); err != nil {
		return nil, err
	}
	return f, nil
}

// accessNested parses data and reads the nested access fields.
func (in *instance) accessNested(data []byte) (any, error) {
	v, err := in.parse(data)
	if err != nil {
		return nil, err
	}
	var f workload.NestedFields
	s, err := field(v, "S")
	if err != nil {
		return nil, err
	}
	b, err := s.StringBytes()
	if err != nil {
		return nil, err
	}
	f.S = string(b)
	i, err := field(v, "I64")
	if err != nil {
		return nil, err
	}
	if f.I64, err = i.Int64(); err != nil {
		return nil, err
	}
	if f.F64, err = in.floatField(v, "F64"); err != nil {
		return nil, err
	}
	return f, nil
}

// field returns the member key of object v, or an error naming it.
func field(v *fastjson.Value, key string) (*fastjson.Value, error) {
	f := v.Get(key)
	if f == nil {
		return nil, fmt.Errorf("fastjson: no field %q", key)
	}
	return f, nil
}

func intField(v *fastjson.Value, key string) (int, error) {
	f, err := field(v, key)
	if err != nil {
		return 0, err
	}
	return f.Int()
}

// floatField reads the number member key of object v exactly: its text,
// as the tree keeps it, converted by strconv.ParseFloat (fastjson's
// Float64 is not correctly rounded).
func (in *instance) floatField(v *fastjson.Value, key string) (float64, error) {
	f, err := field(v, key)
	if err != nil {
		return 0, err
	}
	if f.Type() != fastjson.TypeNumber {
		return 0, fmt.Errorf("fastjson: field %q is a %s, not a number", key, f.Type())
	}
	in.text = f.MarshalTo(in.text[:0])
	return strconv.ParseFloat(string(in.text), 64)
}
