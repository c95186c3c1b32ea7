package schema

import (
	"encoding/json"
	"testing"
)

func TestAvroSchema(t *testing.T) {
	for workload, record := range map[string]string{"person": "Person", "nested": "TestStruc", "floats": "Floats"} {
		text, err := AvroSchema(workload)
		if err != nil {
			t.Fatal(err)
		}
		var s struct{ Type, Name, Namespace string }
		if err := json.Unmarshal([]byte(text), &s); err != nil {
			t.Fatalf("%s.avsc: %v", workload, err)
		}
		if s.Type != "record" || s.Name != record || s.Namespace != "serbench" {
			t.Errorf("%s.avsc: type %q, name %q, namespace %q; want record serbench.%s", workload, s.Type, s.Name, s.Namespace, record)
		}
	}
	if _, err := AvroSchema("bigfloat"); err == nil {
		t.Error("AvroSchema(bigfloat) = nil error, want an error")
	}
}
