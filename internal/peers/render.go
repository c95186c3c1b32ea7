package peers

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// maxSafeInt is the largest integer that a float64 (a JavaScript number)
// holds exactly, and its successor the first it may not: 2^53 - 1.
const maxSafeInt = 1<<53 - 1

var timeType = reflect.TypeFor[time.Time]()

// Render returns the JSON rendering of a Go value that the peers check
// their decoded values against (peers/README.md, "The JSON rendering"):
//
//   - strings and bools as themselves; nil pointers, interfaces, maps and
//     slices as null;
//   - integers of magnitude up to 2^53-1 as JSON numbers, larger ones as
//     decimal strings;
//   - float64 values as JSON numbers written with Go's shortest
//     round-trip form and always with a "." or an exponent (-0 as -0.0);
//     float32 values as {"$f32": x} with x their exact float64 value; NaN
//     and infinities as {"$float": "NaN" | "+Inf" | "-Inf"};
//   - []byte as {"$bytes": standard base64};
//   - time.Time as {"$time": RFC 3339 with nanoseconds and offset,
//     "unix": Unix seconds, "nanos": nanoseconds within the second,
//     "offset": UTC offset in seconds, "unix_nano": Unix nanoseconds as a
//     decimal string, or null outside the int64 range (the zero time)};
//   - structs as objects keyed by Go field name (exported fields only); an
//     embedded struct as an object under its type name, which a peer also
//     matches against the fields flattened into the parent;
//   - maps as objects, non-string keys written with fmt's %v.
func Render(v any) ([]byte, error) {
	r, err := render(reflect.ValueOf(v), 0)
	if err != nil {
		return nil, err
	}
	return json.Marshal(r)
}

func render(v reflect.Value, depth int) (any, error) {
	if depth > 100 {
		return nil, fmt.Errorf("value nested deeper than 100")
	}
	if !v.IsValid() {
		return nil, nil
	}
	if v.Type() == timeType {
		return renderTime(v.Interface().(time.Time)), nil
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil, nil
		}
		return render(v.Elem(), depth+1)
	case reflect.String:
		return v.String(), nil
	case reflect.Bool:
		return v.Bool(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := v.Int()
		if n > maxSafeInt || n < -maxSafeInt {
			return strconv.FormatInt(n, 10), nil
		}
		return json.Number(strconv.FormatInt(n, 10)), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n := v.Uint()
		if n > maxSafeInt {
			return strconv.FormatUint(n, 10), nil
		}
		return json.Number(strconv.FormatUint(n, 10)), nil
	case reflect.Float32:
		f, err := renderFloat(v.Float())
		if err != nil {
			return nil, err
		}
		if _, special := f.(map[string]any); special {
			return f, nil
		}
		return map[string]any{"$f32": f}, nil
	case reflect.Float64:
		return renderFloat(v.Float())
	case reflect.Slice:
		if v.IsNil() {
			return nil, nil
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return map[string]any{"$bytes": base64.StdEncoding.EncodeToString(v.Bytes())}, nil
		}
		fallthrough
	case reflect.Array:
		out := make([]any, v.Len())
		for i := range out {
			e, err := render(v.Index(i), depth+1)
			if err != nil {
				return nil, fmt.Errorf("[%d]: %w", i, err)
			}
			out[i] = e
		}
		return out, nil
	case reflect.Map:
		if v.IsNil() {
			return nil, nil
		}
		out := make(map[string]any, v.Len())
		it := v.MapRange()
		for it.Next() {
			k := it.Key()
			key := fmt.Sprint(k.Interface())
			if k.Kind() == reflect.String {
				key = k.String()
			}
			e, err := render(it.Value(), depth+1)
			if err != nil {
				return nil, fmt.Errorf("[%q]: %w", key, err)
			}
			out[key] = e
		}
		return out, nil
	case reflect.Struct:
		out := map[string]any{}
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			e, err := render(v.Field(i), depth+1)
			if err != nil {
				return nil, fmt.Errorf(".%s: %w", f.Name, err)
			}
			out[f.Name] = e
		}
		return out, nil
	}
	return nil, fmt.Errorf("cannot render a %s", v.Type())
}

func renderFloat(f float64) (any, error) {
	switch {
	case math.IsNaN(f):
		return map[string]any{"$float": "NaN"}, nil
	case math.IsInf(f, 1):
		return map[string]any{"$float": "+Inf"}, nil
	case math.IsInf(f, -1):
		return map[string]any{"$float": "-Inf"}, nil
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return json.Number(s), nil
}

func renderTime(t time.Time) map[string]any {
	_, off := t.Zone()
	out := map[string]any{
		"$time":  t.Format(time.RFC3339Nano),
		"unix":   t.Unix(),
		"nanos":  t.Nanosecond(),
		"offset": off,
	}
	if ns := t.UnixNano(); time.Unix(0, ns).Equal(t) {
		out["unix_nano"] = strconv.FormatInt(ns, 10)
	} else {
		out["unix_nano"] = nil
	}
	return out
}
