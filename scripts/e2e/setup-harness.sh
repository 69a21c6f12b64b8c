#!/usr/bin/env bash
# Installs the end-to-end harness: a real VS Code (code-server, which needs Node 24) plus
# Debian's Chromium for playwright-core to drive. Everything goes into a cache directory
# outside the repository so it survives work-tree resets; a marker file makes re-runs cheap.
#
#   bash scripts/e2e/setup-harness.sh               code-server, Chromium and the agent clients
#                                                   (the tests: setup-agents.sh)
#   bash scripts/e2e/setup-harness.sh --no-browser  code-server only (what `npm start` needs)
#   (as root where the Debian packages are missing)
#
#   ARIA_E2E_CACHE  cache dir (default: ~/.cache/aria-context-e2e)
#   ARIA_E2E_FORCE=1  reinstall even if the marker says it is complete
#
# Why this shape: `npm install code-server` fails under npm 11 (argon2's install script), so
# we install with --ignore-scripts and then run code-server's own postinstall.sh with Node 24
# first on PATH; that builds VS Code's native modules (~3 min, needs libkrb5-dev headers).
set -euo pipefail

CODE_SERVER_VERSION=4.139.1
NODE_MAJOR=24
CACHE="${ARIA_E2E_CACHE:-$HOME/.cache/aria-context-e2e}"
MARKER="$CACHE/.complete-code-server-$CODE_SERVER_VERSION-node$NODE_MAJOR"
NODE_PREFIX="$CACHE/node24"
CS_PREFIX="$CACHE/code-server"
CS_DIR="$CS_PREFIX/node_modules/code-server"

log() { printf '[e2e-setup %s] %s\n' "$(date +%H:%M:%S)" "$*"; }
# Every failure ends in one sentence that says what to do.
fail() { log "error: $*" >&2; exit 1; }
START=$SECONDS

WITH_BROWSER=1
for arg in "$@"; do
  case "$arg" in
    --no-browser) WITH_BROWSER=0 ;;
    *) log "error: unknown option $arg (use --no-browser for code-server only)" >&2; exit 2 ;;
  esac
done
browser_ok() { [[ $WITH_BROWSER == 0 || -x /usr/bin/chromium ]]; }
# The tests' harness also has the agent clients (Claude Code, Codex); one that can't be installed is skipped.
finish() {
  if ((WITH_BROWSER)); then bash "$(dirname "$0")/setup-agents.sh"; fi
  exit 0
}

if [[ -f "$MARKER" && "${ARIA_E2E_FORCE:-0}" != 1 ]] && browser_ok; then
  log "harness already installed in $CACHE (delete $MARKER or set ARIA_E2E_FORCE=1 to reinstall)"
  finish
fi

if [[ "${ARIA_E2E_FORCE:-0}" == 1 ]]; then
  log "ARIA_E2E_FORCE=1: removing $NODE_PREFIX and $CS_PREFIX"
  rm -rf "$NODE_PREFIX" "$CS_PREFIX" "$MARKER"
fi
mkdir -p "$CACHE"

# --- Debian packages: libkrb5-dev (headers for code-server's native build, needed only while
# building it) and, unless --no-browser, chromium (the browser the e2e tests drive)
need_apt=()
((WITH_BROWSER)) && { [[ -x /usr/bin/chromium ]] || need_apt+=(chromium); }
[[ -f "$MARKER" || -f /usr/include/krb5.h || -f /usr/include/krb5/krb5.h ]] || need_apt+=(libkrb5-dev)
if ((${#need_apt[@]})); then
  install_cmd="sudo apt-get update && sudo apt-get install -y ${need_apt[*]}"
  if [[ $(id -u) != 0 ]]; then
    fail "need root to install ${need_apt[*]}: run this once as root (sudo bash $0), or install them yourself with: $install_cmd"
  fi
  # A fresh machine's unattended upgrades hold apt's lock for minutes: wait for it (bounded)
  # rather than give up at once.
  apt_wait=(-o DPkg::Lock::Timeout=600)
  log "apt-get install ${need_apt[*]} (about a minute; waits up to 10 minutes for apt's lock)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get "${apt_wait[@]}" update -qq ||
    fail "apt-get update failed (the network, the apt sources, or apt's lock held over 10 minutes): run it yourself, then this again: $install_cmd"
  apt-get "${apt_wait[@]}" install -y -qq "${need_apt[@]}" >/dev/null ||
    fail "apt-get install ${need_apt[*]} failed: install them yourself, then run this again: $install_cmd"
else
  log "Debian packages present"
fi
if [[ -f "$MARKER" && "${ARIA_E2E_FORCE:-0}" != 1 ]]; then
  log "done in $((SECONDS - START)) s: code-server was already installed in $CACHE"
  finish
fi

# --- Node 24 in its own prefix (never a project dependency: it would shadow the system node),
# by the installer the project's own commands share (scripts/node24.mjs); its package also
# carries Node's C headers, so the native build below needs nothing from nodejs.org
NODE24="$(node "$(dirname "$0")/../node24.mjs" --path)" || fail "could not install Node $NODE_MAJOR from the npm registry; check that registry.npmjs.org can be reached (or your npm proxy settings) and run this again"
NODE24_VERSION="$("$NODE24" -v)"
NODE_HEADERS="$("$NODE24" "$(dirname "$0")/../node24.mjs" --headers)" || fail "Node $NODE_MAJOR's package has no C headers: delete $NODE_PREFIX and run this again"
log "node $NODE24_VERSION ($NODE24), headers in $NODE_HEADERS"

# --- code-server: npm install without scripts, then its postinstall with Node 24 on PATH
if [[ -f "$CS_DIR/package.json" ]] && [[ "$("$NODE24" -p "require('$CS_DIR/package.json').version")" == "$CODE_SERVER_VERSION" ]]; then
  log "code-server $CODE_SERVER_VERSION package present"
else
  log "npm install --ignore-scripts code-server@$CODE_SERVER_VERSION into $CS_PREFIX"
  mkdir -p "$CS_PREFIX"
  npm install --prefix "$CS_PREFIX" --ignore-scripts --no-save --no-audit --no-fund --loglevel=error \
    "code-server@$CODE_SERVER_VERSION" >/dev/null ||
    fail "could not install code-server $CODE_SERVER_VERSION from the npm registry; check that registry.npmjs.org can be reached and run this again"
fi

log "running code-server postinstall.sh with node $NODE24_VERSION (builds native modules, ~3 min)"
POSTINSTALL_LOG="$CACHE/postinstall.log"
if ! (
  cd "$CS_DIR"
  PATH="$(dirname "$NODE24"):$PATH" \
    npm_config_nodedir="$NODE_HEADERS" \
    npm_config_user_agent="npm/11 node/$NODE24_VERSION linux x64" \
    bash ./postinstall.sh
) >"$POSTINSTALL_LOG" 2>&1; then
  tail -n 40 "$POSTINSTALL_LOG" >&2
  fail "code-server's native build failed (log: $POSTINSTALL_LOG); install the C++ toolchain and libkrb5-dev (sudo apt-get install -y build-essential libkrb5-dev) and run this again"
fi

# Smoke check: the server entry point runs under Node 24.
"$NODE24" "$CS_DIR/out/node/entry.js" --version >/dev/null ||
  fail "code-server does not start on Node $NODE24_VERSION: run this again with ARIA_E2E_FORCE=1 to reinstall it"

touch "$MARKER"
log "done in $((SECONDS - START)) s: node24=$NODE24 code-server=$CS_DIR"
finish
