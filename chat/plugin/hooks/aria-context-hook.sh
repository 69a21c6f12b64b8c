#!/bin/sh
# The plugin's hook: runs the packaged CLI's `hook claude-code` with the first Node.js it finds.
# VS Code started from a desktop launcher often has no `node` on PATH (Homebrew, nvm, Volta and
# fnm install it where only a terminal's PATH looks), so the usual places are tried too, and
# ARIA_CONTEXT_NODE names one. Without any, the hook does nothing (exit 0) and says so on stderr,
# so the agent's turn goes on. It needs a POSIX `sh`: on Windows that is Git Bash or WSL; where
# VS Code runs hooks without one, this hook cannot run (use `aria-context setup claude-code --hooks`).
cli="$(dirname "$0")/../../../dist/cli.js"
# The CLI needs Node.js 22.12 or later: an older one (a system Node) is passed over for the next.
recent() {
  v=$("$1" --version 2>/dev/null) || return 1
  v=${v#v}
  major=${v%%.*}
  rest=${v#*.}
  minor=${rest%%.*}
  [ "$major" -gt 22 ] 2>/dev/null || { [ "$major" -eq 22 ] 2>/dev/null && [ "$minor" -ge 12 ] 2>/dev/null; }
}
for node in "$ARIA_CONTEXT_NODE" "$(command -v node 2>/dev/null)" /opt/homebrew/bin/node /usr/local/bin/node \
  /usr/bin/node "$HOME/.volta/bin/node" "$HOME/.local/share/fnm/aliases/default/bin/node" \
  "$HOME/.asdf/shims/node" $(ls -d "$HOME"/.nvm/versions/node/*/bin/node 2>/dev/null | sort -r); do
  if [ -n "$node" ] && [ -x "$node" ] && recent "$node"; then exec "$node" "$cli" hook claude-code; fi
done
echo "aria-context: no Node.js 22.12 or later found for the hook (not on PATH, nor where Homebrew, nvm, Volta, fnm or asdf put it); set ARIA_CONTEXT_NODE to one. Skipped." >&2
exit 0
