// Package typewalk walks the Go types a value of a type can hold, for the
// codec adapters that must refuse, at Bind, a type their library cannot
// carry.
package typewalk

import "reflect"

// Find visits t and every type reachable from it through exported struct
// fields, slice and array elements, map keys and values and pointers,
// each once, depth first, and returns the path of the first for which
// match is true ("" for t itself, ".Field", "[i]", "[key]", "[value]"),
// and whether there was one.
func Find(t reflect.Type, match func(t reflect.Type) bool) (path string, found bool) {
	return find(t, "", match, map[reflect.Type]bool{})
}

func find(t reflect.Type, path string, match func(reflect.Type) bool, seen map[reflect.Type]bool) (string, bool) {
	if seen[t] {
		return "", false
	}
	seen[t] = true
	if match(t) {
		return path, true
	}
	switch t.Kind() {
	case reflect.Pointer:
		return find(t.Elem(), path, match, seen)
	case reflect.Slice, reflect.Array:
		return find(t.Elem(), path+"[i]", match, seen)
	case reflect.Map:
		if p, ok := find(t.Key(), path+"[key]", match, seen); ok {
			return p, true
		}
		return find(t.Elem(), path+"[value]", match, seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() {
				if p, ok := find(f.Type, path+"."+f.Name, match, seen); ok {
					return p, true
				}
			}
		}
	}
	return "", false
}
