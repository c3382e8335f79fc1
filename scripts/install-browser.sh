#!/usr/bin/env bash
# Installs Debian's Chromium for test/e2e/browser.test.ts (driven by playwright-core).
# Never a browser download: only the distribution's `chromium` package, through apt-get.
# Idempotent: does nothing when the browser is already there. Exits non-zero with one
# clear line on failure.
#
#   scripts/install-browser.sh     # makes sure ${CHROMIUM_PATH:-/usr/bin/chromium} exists
set -euo pipefail

readonly DEFAULT_CHROMIUM=/usr/bin/chromium
readonly PACKAGE=chromium
# A CJK font, so the /docs screenshot shows 庚午 rather than empty boxes (about 10 MB).
readonly CJK_FONT_PACKAGE=fonts-wqy-zenhei
# The executable the tests will run (test/e2e/browser.test.ts reads the same variable).
readonly TARGET="${CHROMIUM_PATH:-$DEFAULT_CHROMIUM}"

fail() {
  echo "install-browser: $*" >&2
  exit 1
}

present() {
  [ -x "$TARGET" ] || return 1
  # The font is only for readable screenshots: wanted where we can install it, never required.
  if [ "$TARGET" = "$DEFAULT_CHROMIUM" ] && command -v dpkg >/dev/null 2>&1 && ! dpkg -s "$CJK_FONT_PACKAGE" >/dev/null 2>&1; then return 1; fi
  echo "install-browser: $TARGET is present ($("$TARGET" --version 2>/dev/null | head -n 1 || echo 'version unknown'))"
}

present && exit 0

# Debian's package provides /usr/bin/chromium only; it cannot make another CHROMIUM_PATH appear.
[ "$TARGET" = "$DEFAULT_CHROMIUM" ] || fail "CHROMIUM_PATH=$TARGET is not an executable (unset it to use Debian's $DEFAULT_CHROMIUM)"

# The sandbox helper (a Recommends) is not needed: the tests run Chromium with --no-sandbox.
bash "$(dirname "$0")/debian-packages.sh" install-browser "$PACKAGE" "$CJK_FONT_PACKAGE"

present || fail "'$PACKAGE' was installed but there is no executable at $TARGET"
