package schema

// The helpers of this file carry a map in a schema language that has no
// maps (XDR by genxdr's Go types, Colfer, SSZ) as a list of entries, a
// generated struct of a key and a value. Like those of convert.go they
// return nil for nil and empty for empty, and return where (a key) with
// an error, for the caller's message.

// Entries returns the list of entries that entry makes of the keys and
// values of m, in the map's order: nil for nil. At the first value entry
// fails on, it returns nil, the value's key and entry's error. E is the
// entry struct, or a pointer to it where the generated list holds
// pointers and entry allocates each.
func Entries[V, E any](m map[string]V, entry func(k string, v V) (E, error)) ([]E, string, error) {
	if m == nil {
		return nil, "", nil
	}
	es := make([]E, 0, len(m))
	for k, v := range m {
		e, err := entry(k, v)
		if err != nil {
			return nil, k, err
		}
		es = append(es, e)
	}
	return es, "", nil
}

// MapOfEntries returns the map of the list of entries es, kv returning the
// key and value of each from a pointer into es: nil for nil. At the first
// entry kv fails on, it returns nil, the entry's key and kv's error.
func MapOfEntries[E, V any](es []E, kv func(e *E) (string, V, error)) (map[string]V, string, error) {
	if es == nil {
		return nil, "", nil
	}
	m := make(map[string]V, len(es))
	for i := range es {
		k, v, err := kv(&es[i])
		if err != nil {
			return nil, k, err
		}
		m[k] = v
	}
	return m, "", nil
}

// MapOfEntryPtrs is MapOfEntries for a list of pointers to entries, as
// Colfer and SSZ generate them.
func MapOfEntryPtrs[E, V any](es []*E, kv func(e *E) (string, V, error)) (map[string]V, string, error) {
	if es == nil {
		return nil, "", nil
	}
	m := make(map[string]V, len(es))
	for _, e := range es {
		k, v, err := kv(e)
		if err != nil {
			return nil, k, err
		}
		m[k] = v
	}
	return m, "", nil
}
