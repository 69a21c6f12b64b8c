#!/usr/bin/env bash
# Installs Claude Code (the `claude` CLI) into the e2e cache, next to code-server, so that
# test/mcp/clients.test.ts can ask `claude mcp list` whether aria-context's server connects.
# Nothing is installed globally; a marker file makes re-runs cheap. No login is needed:
# `claude mcp list` starts each configured server and reports it, without a model call.
#
#   bash scripts/e2e/setup-claude.sh
#   ARIA_E2E_CACHE  cache dir (default: ~/.cache/aria-context-e2e)
#   ARIA_E2E_FORCE=1  reinstall even if the marker says it is complete
set -euo pipefail

CLAUDE_CODE_VERSION=2.1.332
CACHE="${ARIA_E2E_CACHE:-$HOME/.cache/aria-context-e2e}"
PREFIX="$CACHE/claude-code"
MARKER="$PREFIX/.complete-$CLAUDE_CODE_VERSION"

if [[ -f "$MARKER" && "${ARIA_E2E_FORCE:-0}" != 1 ]]; then
  echo "[setup-claude] Claude Code $CLAUDE_CODE_VERSION already installed in $PREFIX"
  exit 0
fi
mkdir -p "$PREFIX"
[[ -f "$PREFIX/package.json" ]] || echo '{"name":"aria-context-e2e-claude","private":true}' > "$PREFIX/package.json"
# Claude Code ships its native binary as an optional platform package; its install script only
# links it, which `claude` also does on first run.
npm install --prefix "$PREFIX" --no-audit --no-fund --no-save "@anthropic-ai/claude-code@$CLAUDE_CODE_VERSION"
"$PREFIX/node_modules/.bin/claude" --version
touch "$MARKER"
echo "[setup-claude] installed: $PREFIX/node_modules/.bin/claude"
