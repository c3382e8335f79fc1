#!/usr/bin/env bash
# Installs Debian packages with apt-get, as the test tooling needs them (Chromium, PostgreSQL,
# podman): root runs apt-get itself, anyone else goes through `sudo -n` (never asked for a
# password). A failed install refreshes the package list once (a fresh machine's is often empty
# or stale) and retries. apt's output goes to stderr; exits non-zero with one clear line.
#
#   scripts/debian-packages.sh WHO PACKAGE...     # WHO prefixes the messages
set -euo pipefail

who="$1"
shift
fail() {
  echo "$who: $*" >&2
  exit 1
}

command -v apt-get >/dev/null 2>&1 || fail "no apt-get: install $* yourself"
SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || fail "not root and no sudo: cannot install $*"
  SUDO=(sudo -n)
fi
apt_get() { "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -q -o Dpkg::Use-Pty=0 "$@" >&2; }

echo "$who: installing Debian's $*" >&2
if ! apt_get install --no-install-recommends "$@"; then
  echo "$who: install failed; running apt-get update and retrying" >&2
  apt_get update || fail "apt-get update failed"
  apt_get install --no-install-recommends "$@" || fail "apt-get install $* failed"
fi
