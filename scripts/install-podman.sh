#!/usr/bin/env bash
# Installs Debian's podman for test/e2e/image.test.ts and `npm run image` when it is missing.
# Idempotent; exits non-zero with one clear line on failure.
set -euo pipefail
if command -v podman >/dev/null 2>&1; then
  echo "install-podman: $(podman --version) is present"
  exit 0
fi
bash "$(dirname "$0")/debian-packages.sh" install-podman podman
command -v podman >/dev/null 2>&1 || { echo "install-podman: podman was installed but is not on the PATH" >&2; exit 1; }
