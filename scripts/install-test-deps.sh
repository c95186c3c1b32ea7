#!/usr/bin/env bash
# Installs what the tests need besides Go: PostgreSQL 15 from Debian
# bookworm's packages, whose binaries (/usr/lib/postgresql/15/bin: initdb,
# pg_ctl, postgres) internal/pgtest runs to start a throwaway server for
# the store's PostgreSQL tests and the sharded-run tests. No server is
# configured or started here: every test makes its own cluster in a
# temporary directory.
#
# Also Chromium, with the Liberation fonts, for the headless-browser test
# of the HTML report (report/html_browser_test.go).
#
# Idempotent: does nothing when PostgreSQL 15 and Chromium are installed.
# Needs root (apt-get) only when something is missing.
set -euo pipefail

# Chromium (Debian's package) opens the HTML report headless: the test
# checks that its charts are drawn and its scripts log no error, and keeps
# a screenshot. fonts-liberation has Liberation Sans, the font whose
# metrics the charts are laid out with. Not pinned: Debian replaces
# chromium with every security release.
browser_missing=()
command -v chromium >/dev/null 2>&1 || browser_missing+=(chromium)
# (No 'producer | grep -q' under pipefail in this script: grep -q quits at
# its first match, the producer can die of SIGPIPE writing the rest, and
# the pipeline then fails although the match was there.)
fonts=$(dpkg-query -W -f='${Status}' fonts-liberation 2>/dev/null || true)
[[ "$fonts" == *'install ok installed'* ]] || browser_missing+=(fonts-liberation)
if ((${#browser_missing[@]} > 0)); then
	if [[ $(id -u) -ne 0 ]]; then
		echo "install-test-deps: need root to run apt-get (missing: ${browser_missing[*]})" >&2
		exit 1
	fi
	echo "install-test-deps: installing ${browser_missing[*]}" >&2
	DEBIAN_FRONTEND=noninteractive apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${browser_missing[@]}" >/dev/null
	command -v chromium >/dev/null 2>&1 || { echo "install-test-deps: chromium missing after apt-get install chromium" >&2; exit 1; }
fi

# Debian bookworm's version of PostgreSQL 15 (apt-cache policy
# postgresql-15: bookworm/main).
pkg=postgresql-15
want=15.18-0+deb12u1
bindir=/usr/lib/postgresql/15/bin

have=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || true)
if [[ -n "$have" && -x "$bindir/initdb" && -x "$bindir/pg_ctl" ]]; then
	if [[ "$have" != "$want" ]]; then
		echo "install-test-deps: $pkg $have is installed (pinned: $want); keeping it" >&2
	fi
	exit 0
fi

if [[ $(id -u) -ne 0 ]]; then
	echo "install-test-deps: need root to run apt-get (missing: $pkg=$want)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# offered lists the versions of $pkg that apt offers, one a line.
offered() { apt-cache madison "$pkg" 2>/dev/null | awk -F'|' '{gsub(/ /, "", $2); print $2}' || true; }
# The package lists may be missing or stale on a fresh machine.
if [[ -z "$(offered)" ]]; then
	apt-get update -qq
fi
version=$want
if ! grep -qxF "$want" <<< "$(offered)"; then
	apt-get update -qq
	if ! grep -qxF "$want" <<< "$(offered)"; then
		# A Debian point release replaces the version in bookworm/main:
		# take the current PostgreSQL 15 rather than nothing.
		version=$(apt-cache policy "$pkg" | awk '/Candidate:/ {print $2}')
		if [[ -z "$version" || "$version" == "(none)" ]]; then
			echo "install-test-deps: no $pkg package available from apt" >&2
			exit 1
		fi
		echo "install-test-deps: $pkg=$want is no longer offered; installing $version (update the pin in $0)" >&2
	fi
fi
echo "install-test-deps: installing $pkg=$version" >&2
apt-get install -y -qq --no-install-recommends "$pkg=$version" >/dev/null
test -x "$bindir/initdb" || { echo "install-test-deps: $bindir/initdb missing after installing $pkg" >&2; exit 1; }
