#!/usr/bin/env bash
# Installs the agent clients the tests connect with into the e2e cache, next to code-server:
# Claude Code (`claude mcp list` reports whether aria-context's server connects) and Codex
# (`codex mcp add` applies `aria-context setup codex`; its app server starts the configured
# servers and lists their tools). No login is needed for either. Nothing is installed globally;
# a marker file per client makes re-runs cheap. A client that cannot be installed (no registry,
# no disk) is reported and skipped: its tests then skip, saying so. setup-harness.sh runs this.
#
#   bash scripts/e2e/setup-agents.sh
#   ARIA_E2E_CACHE  cache dir (default: ~/.cache/aria-context-e2e)
#   ARIA_E2E_FORCE=1  reinstall even if the markers say they are complete
set -uo pipefail

CLAUDE_CODE_VERSION=2.1.332
CODEX_VERSION=0.171.0
CACHE="${ARIA_E2E_CACHE:-$HOME/.cache/aria-context-e2e}"

log() { printf '[setup-agents %s] %s\n' "$(date +%H:%M:%S)" "$*"; }

# install <folder> <package@version> <bin> <version args...>
install() {
  local prefix="$CACHE/$1" spec="$2" bin="$CACHE/$1/node_modules/.bin/$3"
  local marker="$prefix/.complete-${spec//[@\/]/_}"
  shift 3
  if [[ -f "$marker" && "${ARIA_E2E_FORCE:-0}" != 1 ]]; then
    log "$spec already installed in $prefix"
    return 0
  fi
  mkdir -p "$prefix" || return 1
  [[ -f "$prefix/package.json" ]] || echo '{"name":"aria-context-e2e-agent","private":true}' > "$prefix/package.json"
  # Both ship their native binary as an optional platform package.
  npm install --prefix "$prefix" --no-audit --no-fund --no-save --loglevel=error "$spec" || return 1
  "$bin" "$@" || return 1
  touch "$marker"
  log "installed: $bin"
}

install claude-code "@anthropic-ai/claude-code@$CLAUDE_CODE_VERSION" claude --version ||
  log "could not install Claude Code $CLAUDE_CODE_VERSION: its tests will skip"
install codex "@openai/codex@$CODEX_VERSION" codex --version ||
  log "could not install Codex $CODEX_VERSION: its tests will skip"
exit 0
