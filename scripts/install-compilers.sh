#!/usr/bin/env bash
# Installs, at fixed versions, the schema compilers that `go generate ./...`
# runs for the code-generated codecs (see schema/README.md): protoc, flatc,
# capnp and thrift, from Debian bookworm's packages. The Go generators
# (protoc-gen-go, protoc-gen-go-vtproto, protoc-gen-gogofaster, capnpc-go,
# msgp, easyjson, colf, bebopc-go) are pinned by the tool directives in
# go.mod and need no install.
#
# Idempotent: does nothing when the right versions are there already. Needs
# root (apt-get) only when something is missing.
set -euo pipefail

# package=version pairs; the versions are Debian bookworm's.
pkgs=(
	"protobuf-compiler=3.21.12-3+deb12u1"
	"libprotobuf-dev=3.21.12-3+deb12u1"
	"flatbuffers-compiler=2.0.8+dfsg1-2"
	"capnproto=0.9.2-2"
	"thrift-compiler=0.17.0-2+b2"
)

missing=()
for p in "${pkgs[@]}"; do
	name=${p%%=*}
	want=${p#*=}
	have=$(dpkg-query -W -f='${Version}' "$name" 2>/dev/null || true)
	if [[ "$have" != "$want" ]]; then
		missing+=("$p")
	fi
done

if ((${#missing[@]} == 0)); then
	exit 0
fi

echo "install-compilers: installing ${missing[*]}" >&2
if [[ $(id -u) -ne 0 ]]; then
	echo "install-compilers: need root to run apt-get (missing: ${missing[*]})" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
