package avro

// U64Name is the full Avro name of the record U64, the branch of the union
// Value that holds unsigned integers: the name under which hamba/avro must
// have the type U64 registered (API.Register) to encode and decode it in a
// field of type any, and the key of the branch in goavro's native form.
const U64Name = "serbench.U64"
