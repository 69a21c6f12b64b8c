// core/setupText/: the text `aria-context setup` writes: each client's MCP config, edits to its JSON and TOML files.
// What `aria-context setup` changes in a client's own files, as text edits that touch only its
// entries (jsonText.ts, tomlText.ts): the MCP server under its own key, `aria-context`, and the
// hooks it wrote, recognised only by their exact command lines (the caller's `isOurs`), never by
// a pattern another tool's hook could also match. Pure: the caller reads and writes the files.
import { addItem, addMember, memberOf, parseJsonText, removeChild, setMember, type JsonNode } from './jsonText';
import { shellQuote } from './agentConfig';
import { setTomlTable } from './tomlText';

export const SERVER_NAME = 'aria-context';
export const HOOK_EVENTS = ['UserPromptSubmit', 'SessionStart'] as const;

/** The new text, or why the file is left alone (`refused`, the text unchanged). */
export interface FileEdit {
  text: string;
  refused?: string;
}

/**
 * What the commands setup registers set in their environment (SPEC §13.3): Node's compile cache
 * from the environment turned off (an empty value), so the launcher's own rule picks the folder.
 */
export const REGISTERED_ENV: Readonly<Record<string, string>> = { NODE_COMPILE_CACHE: '' };

/**
 * The hook's command line: the installation's Node and cli.js, each checked first, so a hook
 * whose installation has gone (`npm rm -g`, a Node switch) is silent and exits 0 instead of
 * printing Node's "Cannot find module" into the agent; run with REGISTERED_ENV
 * (`legacy`: the line earlier versions wrote, without it).
 */
export function hookCommand(
  node: string,
  cli: string,
  client: 'claude-code' | 'codex',
  args: string[] = [],
  legacy = false,
): string {
  const run = [node, cli, 'hook', client, ...args].map(shellQuote).join(' ');
  const env = legacy
    ? ''
    : Object.entries(REGISTERED_ENV)
        .map(([k, v]) => `${k}=${v === '' ? '' : shellQuote(v)} `)
        .join('');
  return `[ -f ${shellQuote(cli)} ] && [ -x ${shellQuote(node)} ] && ${env}exec ${run}; exit 0`;
}

/** The command line of one of our hooks: what `hookCommand` ran (null for any other text). */
export function hookTarget(command: string): { node: string; cli: string } | null {
  const q = `('(?:[^']|'\\\\'')*'|[\\w@%+=:,./-]+)`;
  const m = new RegExp(`^\\[ -f ${q} \\] && \\[ -x ${q} \\] && (?:NODE_COMPILE_CACHE= )?exec `).exec(command);
  if (!m) return null;
  const unquote = (s: string) => (s.startsWith("'") ? s.slice(1, -1).replace(/'\\''/g, "'") : s);
  return { cli: unquote(m[1]), node: unquote(m[2]) };
}

const object = (n: JsonNode | undefined) => (n?.kind === 'object' ? n : undefined);
const array = (n: JsonNode | undefined) => (n?.kind === 'array' ? n : undefined);

function parseObject(text: string): JsonNode {
  const root = parseJsonText(text.trim() === '' ? '{}' : text);
  if (root.kind !== 'object') throw new Error('the file is not a JSON object');
  return root;
}

/** Where each of our hooks is: event, group and hook index, and its command's node. */
function findOurs(root: JsonNode, isOurs: (command: string) => boolean) {
  const found: {
    event: string;
    /** Which member of `hooks` (an event key may be written twice). */
    member: number;
    group: number;
    hook: number;
    command: JsonNode & { kind: 'string' };
  }[] = [];
  object(memberOf(root, 'hooks'))?.members.forEach((event, member) =>
    array(event.value)?.items.forEach((group, g) =>
      array(memberOf(group, 'hooks'))?.items.forEach((hook, h) => {
        const command = memberOf(hook, 'command');
        if (command?.kind === 'string' && isOurs(command.value))
          found.push({ event: event.key, member, group: g, hook: h, command });
      }),
    ),
  );
  return found;
}

/**
 * Claude Code's settings.json or Codex's hooks.json with `command` (null: none) once on each of
 * HOOK_EVENTS: an earlier hook of ours there takes the new command in place, any other of ours
 * is removed (and a group, event or `hooks` it leaves empty), a missing one is appended as a
 * group of its own. Nothing else in the text changes.
 */
export function editHooks(text: string, isOurs: (command: string) => boolean, command: string | null): FileEdit {
  let t = text.trim() === '' ? '{}\n' : text;
  let root = parseObject(t);
  const hooks = memberOf(root, 'hooks');
  if (hooks && hooks.kind !== 'object') return { text, refused: '"hooks" is not an object' };
  for (const event of HOOK_EVENTS) {
    const list = memberOf(hooks, event);
    if (list && list.kind !== 'array') return { text, refused: `"hooks"."${event}" is not a list` };
  }
  const placed = new Set<string>();
  if (command !== null)
    for (const event of HOOK_EVENTS) {
      const first = findOurs(root, isOurs).find((f) => f.event === event);
      if (!first) continue;
      placed.add(event);
      if (first.command.value !== command) {
        t = t.slice(0, first.command.start) + JSON.stringify(command) + t.slice(first.command.end);
        root = parseObject(t);
      }
    }
  // the rest of ours, one at a time (each removal moves what follows)
  for (;;) {
    const seen = new Set<string>();
    const extra = findOurs(root, isOurs).find((f) => {
      const keep = placed.has(f.event) && !seen.has(f.event);
      seen.add(f.event);
      return !keep;
    });
    if (!extra) break;
    t = removeHook(t, root, extra.member, extra.group, extra.hook);
    root = parseObject(t);
  }
  if (command === null) return { text: t };
  const group = { hooks: [{ type: 'command', command, timeout: 10 }] };
  const missing = HOOK_EVENTS.filter((e) => !placed.has(e));
  if (missing.length === 0) return { text: t };
  const hooksNode = object(memberOf(root, 'hooks'));
  if (!hooksNode) return { text: addMember(t, root, 'hooks', Object.fromEntries(missing.map((e) => [e, [group]]))) };
  for (const event of missing) {
    const hooksNow = object(memberOf(root, 'hooks'))!;
    const list = array(memberOf(hooksNow, event));
    t = list ? addItem(t, list, group) : addMember(t, hooksNow, event, [group]);
    root = parseObject(t);
  }
  return { text: t };
}

/** Removes one hook, and each container its removal leaves empty, up to `hooks` itself. */
function removeHook(t: string, root: JsonNode, e: number, g: number, h: number): string {
  const hooks = object(memberOf(root, 'hooks'))!;
  const list = array(hooks.members[e].value)!;
  const groupHooks = array(memberOf(list.items[g], 'hooks'))!;
  if (groupHooks.items.length > 1) return removeChild(t, groupHooks, h);
  // the group (with its matcher, if any) goes with its last hook
  if (list.items.length > 1) return removeChild(t, list, g);
  if (hooks.members.length > 1) return removeChild(t, hooks, e);
  return removeChild(t, root, root.kind === 'object' ? root.members.map((m) => m.key).lastIndexOf('hooks') : 0);
}

/** Whether a settings.json or hooks.json text holds a hook of ours. */
export function hasHooks(text: string, isOurs: (command: string) => boolean): boolean {
  return text.trim() !== '' && findOurs(parseObject(text), isOurs).length > 0;
}

/** The commands of every hook in a settings.json or hooks.json text (for doctor). */
export function hookCommands(text: string): { event: string; command: string }[] {
  const root = parseObject(text);
  return findOurs(root, () => true).map((f) => ({ event: f.event, command: f.command.value }));
}

/** `~/.claude.json` (or any `mcpServers` JSON) with our server set to `entry`, or removed (null). */
export function editJsonServer(text: string, entry: object | null): FileEdit {
  let t = text.trim() === '' ? '{}\n' : text;
  let root = parseObject(t);
  const servers = memberOf(root, 'mcpServers');
  if (servers && servers.kind !== 'object') return { text, refused: '"mcpServers" is not an object' };
  if (entry !== null) {
    if (!servers) return { text: addMember(t, root, 'mcpServers', { [SERVER_NAME]: entry }) };
    // earlier duplicates of the key first (JSON.parse keeps the last), then the last one set
    for (;;) {
      const s = object(memberOf(root, 'mcpServers'))!;
      if (s.members.filter((m) => m.key === SERVER_NAME).length < 2) break;
      t = removeChild(
        t,
        s,
        s.members.findIndex((m) => m.key === SERVER_NAME),
      );
      root = parseObject(t);
    }
    return { text: setMember(t, object(memberOf(root, 'mcpServers'))!, SERVER_NAME, entry) };
  }
  for (;;) {
    const s = object(memberOf(root, 'mcpServers'));
    const at = s?.members.findIndex((m) => m.key === SERVER_NAME) ?? -1;
    if (!s || at < 0) return { text: t };
    const rootAt = root.kind === 'object' ? root.members.map((m) => m.key).lastIndexOf('mcpServers') : -1;
    t = s.members.length > 1 ? removeChild(t, s, at) : removeChild(t, root, rootAt);
    root = parseObject(t);
  }
}

/** The server's entry in ~/.claude.json, or null. */
export function jsonServer(text: string): { command?: unknown; args?: unknown; env?: unknown } | null {
  const node = memberOf(memberOf(parseObject(text), 'mcpServers'), SERVER_NAME);
  return node
    ? (JSON.parse(text.slice(node.start, node.end)) as { command?: unknown; args?: unknown; env?: unknown })
    : null;
}

/** Codex's config.toml with our `[mcp_servers.aria-context]` table set to `table`, or removed (null). */
export function editTomlServer(text: string, table: string | null): FileEdit {
  return setTomlTable(text, ['mcp_servers', SERVER_NAME], table);
}
