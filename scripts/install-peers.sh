#!/usr/bin/env bash
# Installs the cross-language peers of internal/peers (peers/README.md) into
# project-local places that git ignores:
#   peers/python/.venv         a Python virtualenv with peers/python/requirements.txt
#                              (exact versions, checked against their sha256 hashes)
#   peers/node/node_modules    npm ci of peers/node/package-lock.json (exact versions)
# It needs python3 (3.11 or newer, with venv) and node 20 with npm, and reaches PyPI
# and the npm registry. It runs as a normal user. When both are already
# installed from the current requirements.txt and package-lock.json (a stamp
# file holds their digest), it does nothing and takes well under a second.
# Exit status: 0 when both peers are installed, 1 otherwise (what is missing
# is printed).
set -euo pipefail
cd "$(dirname "$0")/.."

status=0

stamp_ok() { # stamp_ok STAMPFILE DIGEST: the stamp holds DIGEST
  [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]
}

digest() { sha256sum "$@" | sha256sum | cut -d' ' -f1; }

# Python.
py_stamp=peers/python/.venv/.serbench-installed
if ! command -v python3 > /dev/null; then
  echo "install-peers: python3 not found" >&2
  status=1
else
  want=$(digest peers/python/requirements.txt)
  if stamp_ok "$py_stamp" "$want" && [ -x peers/python/.venv/bin/python ]; then
    echo "install-peers: python peer up to date ($(peers/python/.venv/bin/python --version))"
  else
    echo "install-peers: creating peers/python/.venv"
    rm -rf peers/python/.venv
    if python3 -m venv peers/python/.venv &&
      peers/python/.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-input \
        --require-hashes --only-binary=:all: -r peers/python/requirements.txt; then
      echo "$want" > "$py_stamp"
      echo "install-peers: python peer installed"
    else
      echo "install-peers: the python peer could not be installed" >&2
      status=1
    fi
  fi
fi

# Node.
node_stamp=peers/node/node_modules/.serbench-installed
if ! command -v node > /dev/null || ! command -v npm > /dev/null; then
  echo "install-peers: node or npm not found" >&2
  status=1
else
  want=$(digest peers/node/package.json peers/node/package-lock.json)
  if stamp_ok "$node_stamp" "$want"; then
    echo "install-peers: node peer up to date (node $(node --version))"
  else
    echo "install-peers: npm ci in peers/node"
    # --ignore-scripts: cbor-x's optional native extractor (cbor-extract)
    # is not built; cbor-x then decodes with its own JavaScript.
    if (cd peers/node && npm ci --ignore-scripts --no-audit --no-fund --no-update-notifier --loglevel=error); then
      echo "$want" > "$node_stamp"
      echo "install-peers: node peer installed"
    else
      echo "install-peers: the node peer could not be installed" >&2
      status=1
    fi
  fi
fi

exit $status
