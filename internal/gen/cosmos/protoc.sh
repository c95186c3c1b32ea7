#!/bin/sh
# Compiles a copy of schema/person.proto and floats.proto with
# protoc-gen-go-pulsar into the current directory (internal/gen/cosmos):
# the copy's proto package is serbench.cosmos and its files are
# cosmos/*.proto, with this package's go_package, so that its messages and
# package pb's register under other names (see generate.go). Run by
# go generate. schema/nested.proto is left out: the generator writes Go
# that does not parse for it (see generate.go).
set -eu
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
mkdir "$d/cosmos"
for f in person floats; do
	sed -e 's/^package serbench;$/package serbench.cosmos;/' \
		-e 's#internal/gen/pb#internal/gen/cosmos#' \
		"../../../schema/$f.proto" >"$d/cosmos/$f.proto"
done
protoc -I "$d" --plugin=protoc-gen-go-pulsar="$(go tool -n protoc-gen-go-pulsar)" \
	--go-pulsar_out=. \
	--go-pulsar_opt=module=github.com/serbench/serbench/internal/gen/cosmos,features=protoc+fast \
	cosmos/person.proto cosmos/floats.proto
# The generator ends WhichOneof of a message without oneofs with
# panic("unreachable") after a switch whose only case, default, panics:
# go vet (run on ./... by scripts/test.sh) reports it as unreachable code.
# Delete that line, and only it; the switch is the function's terminating
# statement without it.
for f in person floats; do
	awk 'prev ~ /^\t}$/ && $0 == "\tpanic(\"unreachable\")" { prev = $0; next } { print; prev = $0 }' \
		"$f.pulsar.go" >"$d/$f.pulsar.go"
	cat "$d/$f.pulsar.go" >"$f.pulsar.go"
done
