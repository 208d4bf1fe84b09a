#!/usr/bin/env bash
# Install the system packages the browser and PostgreSQL tests need:
# Debian's chromium (driven by Playwright through executable_path) and postgresql.
# Idempotent and silent when everything is already there. Never runs `playwright install`.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)

if [ ${#need[@]} -eq 0 ]; then
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO=(sudo -n)
    else
        echo "install-test-deps: need root to apt-get install ${need[*]}" >&2
        echo "  run: sudo apt-get install -y ${need[*]}" >&2
        exit 1
    fi
else
    SUDO=()
fi

echo "install-test-deps: installing ${need[*]} (Debian apt)" >&2
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq </dev/null >/dev/null
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" </dev/null >/dev/null
