#!/bin/sh
# Compiles a copy of schema/person.capnp, nested.capnp and floats.capnp with
# capnpc-go of github.com/glycerine/go-capnproto (Cap'n Proto's v1 Go API),
# built from the version go.mod requires, into the current directory
# (internal/gen/capnpv1). The copy's Go package annotations name this
# package (capnpv1, internal/gen/capnpv1); nothing else changes. The plugin
# is built, not run with go tool: its command is named capnpc-go like
# capnproto.org/go/capnp/v3's, which internal/gen/capnp runs as
# `go tool capnpc-go`, and two tools of one name make that ambiguous. Run by
# go generate.
set -eu
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
go build -o "$d/capnpc-go" github.com/glycerine/go-capnproto/capnpc-go
v1=$(go list -m -f '{{.Dir}}' github.com/glycerine/go-capnproto)
mkdir "$d/schema"
for f in person nested floats; do
	sed -e 's/^\$Go\.package("capnp");$/$Go.package("capnpv1");/' \
		-e 's#^\$Go\.import("github.com/serbench/serbench/internal/gen/capnp");$#$Go.import("github.com/serbench/serbench/internal/gen/capnpv1");#' \
		"../../../schema/$f.capnp" >"$d/schema/$f.capnp"
done
capnp compile -I"$v1" --src-prefix="$d/schema" -o"$d/capnpc-go":. \
	"$d/schema/person.capnp" "$d/schema/nested.capnp" "$d/schema/floats.capnp"
