// `aria-context hook claude-code`: Claude Code's hook (UserPromptSubmit, SessionStart; VS Code's
// agent runs the same hooks with the same stdin JSON, and `hook codex` is Codex's, which sends
// and reads the same shapes). It prints
// {"hookSpecificOutput": {"hookEventName", "additionalContext"}} or nothing, and always exits 0:
// a hook that fails must never stand in the user's way. The rule is in core/agentContext/hookContext.ts; here
// are the input caps, the off switches and the per-session ledger that keeps a note from being
// pushed twice in one session.
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  cacheDisabledByEnv,
  checkItems,
  folderQuery,
  hookCandidates,
  hookText,
  indexCacheDir,
  keepOutOf,
  loadSnapshot,
  localDate,
  MAX_SURFACED_FILES,
  privateFolder,
  promptQuery,
  readPrivateFile,
  runQuery,
  writePrivateFile,
  type ConfigOutcome,
  type ConfigSources,
  type IndexCacheJob,
  type ResultItem,
} from '../../core';
import { cliSources, homeOf, retryWithoutCacheFile, type CliIo } from '../command';
import { readCommandLine } from '../options';

/** Claude Code's hook input is small JSON; anything bigger is not read (and gets no answer). */
export const HOOK_STDIN_MAX = 1024 * 1024;
/** A session's ledger entry lives this long after its last use. */
export const LEDGER_TTL_MS = 24 * 60 * 60 * 1000;
const LEDGER_MAX_SESSIONS = 500;
const LEDGER_MAX_FILES = 1000;
const LEDGER_MAX_BYTES = 2 * 1024 * 1024;
/** After pushing notes on a prompt, the next prompts of the session stay quiet this long. */
export const HOOK_COOLDOWN_MS = 20_000;
/** At most this many candidates are checked with the reader to find MAX_SURFACED_FILES. */
const MAX_CHECKED = 20;

export const HOOK_LEDGER_FILE = 'hook-sessions.json';

export interface HookIo {
  out: (s: string) => void;
  env: Record<string, string | undefined>;
  now: () => number;
  /** Standard input, at most `max` bytes; null when there was more (or it could not be read). */
  stdin: (max: number) => Buffer | null;
  cache?: { producer: string; write: (job: IndexCacheJob) => void };
  /** The launcher's config for these sources (src/cli/launcher.ts), read once for both. */
  loadConfig?: (sources: ConfigSources) => ConfigOutcome;
}

type Event = 'UserPromptSubmit' | 'SessionStart';

interface SessionEntry {
  last: number;
  /** When a prompt last brought notes (a SessionStart push starts no cooldown). */
  lastPush: number;
  files: string[];
}
/** Session id → entry: a Map, so any id (`__proto__`, `constructor`) is a key like another. */
type Ledger = Map<string, SessionEntry>;

interface HookSources {
  folder?: string;
  config?: string;
  projectsRoot?: string;
}

/** `claude-code` or `codex`, then the server's source options (absolute paths, as setup writes them). */
function parseHookArgs(args: string[]): HookSources | null {
  if (args[0] !== 'claude-code' && args[0] !== 'codex') return null;
  const read = readCommandLine('hook', args.slice(1));
  if (read.kind !== 'run') return null;
  const { values } = read.line;
  return { folder: values.folder, config: values.config, projectsRoot: values['projects-root'] };
}

const offValue = (v: string | undefined) => v !== undefined && /^\s*(0|false|off|no)\s*$/i.test(v);

function parseInput(bytes: Buffer): { event: Event; sessionId: string; prompt?: string; cwd?: string } | null {
  let input: unknown;
  try {
    input = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (!input || typeof input !== 'object' || Array.isArray(input)) return null;
  const o = input as Record<string, unknown>;
  const named = o.hook_event_name ?? o.hookEventName;
  const event =
    named === 'UserPromptSubmit' || named === 'SessionStart'
      ? named
      : named === undefined && typeof o.prompt === 'string'
        ? 'UserPromptSubmit'
        : null;
  const sessionId = o.session_id ?? o.sessionId;
  if (!event || typeof sessionId !== 'string' || sessionId === '' || sessionId.length > 256) return null;
  return {
    event,
    sessionId,
    prompt: typeof o.prompt === 'string' ? o.prompt : undefined,
    cwd: typeof o.cwd === 'string' ? o.cwd : undefined,
  };
}

function readLedger(file: string, keepOut: readonly string[], now: number): Ledger {
  const bytes = readPrivateFile(file, LEDGER_MAX_BYTES, keepOut, { ownerOnly: true });
  const ledger: Ledger = new Map();
  if (!bytes) return ledger;
  try {
    const parsed = JSON.parse(bytes.toString('utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object') return ledger;
    // JSON.parse makes every key an own property, `__proto__` included; Object.entries lists them all.
    for (const [id, entry] of Object.entries(parsed as Record<string, unknown>)) {
      const e = entry as SessionEntry;
      if (!e || typeof e.last !== 'number' || now - e.last > LEDGER_TTL_MS || !Array.isArray(e.files)) continue; // expired or foreign
      ledger.set(id, {
        last: e.last,
        lastPush: typeof e.lastPush === 'number' ? e.lastPush : 0,
        files: e.files.filter((f) => typeof f === 'string').slice(0, LEDGER_MAX_FILES),
      });
    }
  } catch {
    // a damaged ledger starts over
  }
  return ledger;
}

function writeLedger(file: string, ledger: Ledger, keepOut: readonly string[]): boolean {
  const ids = [...ledger.keys()]
    .sort((a, b) => ledger.get(b)!.last - ledger.get(a)!.last)
    .slice(0, LEDGER_MAX_SESSIONS);
  // No prototype: `__proto__` is written as a key of its own, not taken as the object's prototype.
  const kept = Object.create(null) as Record<string, SessionEntry>;
  for (const id of ids) kept[id] = ledger.get(id)!;
  return writePrivateFile(file, Buffer.from(JSON.stringify(kept)), keepOut);
}

/** A lock older than this was left by a hook that died: it is taken over. */
const STALE_LOCK_MS = 30_000;

/**
 * Runs `update` holding the ledger's exclusive lock (a file created with O_EXCL next to it), so
 * two hooks of one session never both push what the ledger had not recorded yet. Null, without
 * waiting, when another hook holds it: a busy hook says nothing.
 */
function withLedgerLock<T>(ledgerFile: string, now: number, update: () => T): T | null {
  const lock = `${ledgerFile}.lock`;
  let fd: number | null = null;
  for (let attempt = 0; attempt < 2 && fd === null; attempt++) {
    try {
      fd = fs.openSync(lock, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) return null;
      try {
        const held = fs.lstatSync(lock);
        if (!held.isFile() || now - held.mtimeMs < STALE_LOCK_MS) return null;
        fs.unlinkSync(lock);
      } catch {
        return null;
      }
    }
  }
  if (fd === null) return null;
  try {
    return update();
  } finally {
    fs.closeSync(fd);
    fs.rmSync(lock, { force: true });
  }
}

/** The hook's answer; every failure is silence (exit 0). */
export function runHook(args: string[], io: HookIo): number {
  try {
    const sources = parseHookArgs(args);
    if (!sources) {
      // Written at once: the launcher ends the process as soon as the command returns.
      fs.writeSync(
        2,
        'Usage: aria-context hook <claude-code|codex> [--folder DIR] [--config FILE] [--projects-root DIR] (reads the hook JSON on stdin)\n',
      );
      return 0;
    }
    if (offValue(io.env.ARIA_CONTEXT_HOOK)) return 0;
    const bytes = io.stdin(HOOK_STDIN_MAX);
    const input = bytes && parseInput(bytes);
    if (!input) return 0;
    const answer = retryWithoutCacheFile((ignoreFile) => hookAnswer(input, sources, io, ignoreFile));
    if (answer)
      io.out(`${JSON.stringify({ hookSpecificOutput: { hookEventName: input.event, additionalContext: answer } })}\n`);
  } catch {
    // silence: the agent goes on without the notes
  }
  return 0;
}

function hookAnswer(
  input: NonNullable<ReturnType<typeof parseInput>>,
  sources: HookSources,
  io: HookIo,
  ignoreFile: boolean,
): string | null {
  const home = homeOf(io.env);
  if (!path.isAbsolute(home)) return null;
  const now = io.now();
  const cacheDir = indexCacheDir(io.env, home);
  if (!cacheDir) return null; // no ledger, no promise of "never twice": say nothing
  const useCache = io.cache && !cacheDisabledByEnv(io.env);
  const outcome = loadSnapshot(
    cliSources(home, io.env, sources),
    { cache: useCache ? { producer: io.cache!.producer, dir: cacheDir, now, ignoreFile } : undefined },
    io.loadConfig,
  );
  if (!outcome.ok) return null;
  const snapshot = outcome.snapshot;
  try {
    if (snapshot.config.hookEnabled === false) return null;
    const keepOut = keepOutOf(snapshot.config);
    const ledgerFile = path.join(cacheDir, HOOK_LEDGER_FILE);
    // Owner-only, as readLedger requires: a ledger written where it cannot be read back would push notes twice.
    if (!privateFolder(cacheDir, keepOut, { ownerOnly: true })) return null;
    const before = readLedger(ledgerFile, keepOut, now).get(input.sessionId);
    const cooling = (entry: SessionEntry | undefined) =>
      input.event === 'UserPromptSubmit' && entry !== undefined && now - entry.lastPush < HOOK_COOLDOWN_MS;
    if (cooling(before)) return null;

    const hook =
      input.event === 'UserPromptSubmit'
        ? input.prompt
          ? promptQuery(snapshot, input.prompt)
          : null
        : input.cwd
          ? folderQuery(snapshot, input.cwd)
          : null;
    if (!hook) return null;
    // Unmarked: the candidates are checked with the reader below, best first, until 5 are found.
    const query = runQuery(snapshot, hook.query, { today: localDate(now), mark: false });
    if (!query.ok) return null;
    const seen = new Set(before?.files ?? []);
    const fresh = hookCandidates(query.result, hook, snapshot)
      .filter((item) => !seen.has(item.absPath))
      .slice(0, MAX_CHECKED);
    // only what the reader would open: a refused file is never named (checked best first, as
    // many at a time as are still needed: checkItems works out the readable areas once per call)
    const allowed: ResultItem[] = [];
    for (let next = 0; next < fresh.length && allowed.length < MAX_SURFACED_FILES;) {
      const batch = fresh.slice(next, next + MAX_SURFACED_FILES - allowed.length);
      next += batch.length;
      for (const { item } of checkItems(snapshot.config, batch).ok) allowed.push(item);
    }
    if (allowed.length === 0) return null;
    // The ledger's read-modify-write under its lock: read again, as another hook of this session
    // may have pushed meanwhile; its notes and its cooldown count.
    return withLedgerLock(ledgerFile, now, () => {
      const ledger = readLedger(ledgerFile, keepOut, now);
      const session = ledger.get(input.sessionId) ?? { last: now, lastPush: 0, files: [] };
      if (cooling(ledger.get(input.sessionId))) return null;
      const pushed = new Set(session.files);
      const { text, named } = hookText(
        hook,
        allowed.filter((item) => !pushed.has(item.absPath)),
      );
      if (!text || session.files.length + named.length > LEDGER_MAX_FILES) return null;
      ledger.set(input.sessionId, {
        last: now,
        lastPush: input.event === 'UserPromptSubmit' ? now : session.lastPush,
        files: [...session.files, ...named.map((i) => i.absPath)],
      });
      // the ledger first: a note the ledger cannot record is not pushed (it could come back)
      return writeLedger(ledgerFile, ledger, keepOut) ? text : null;
    });
  } finally {
    if (outcome.cacheJob && io.cache) io.cache.write(outcome.cacheJob);
  }
}

/** Standard input up to `max` bytes, or null when there is more or it cannot be read. */
export function readStdin(max: number): Buffer | null {
  const chunks: Buffer[] = [];
  let total = 0;
  const buf = Buffer.alloc(64 * 1024);
  const deadline = Date.now() + 5000;
  for (;;) {
    let n: number;
    try {
      n = fs.readSync(0, buf, 0, buf.length, null);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' && Date.now() < deadline) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5); // a non-blocking pipe not yet written
        continue;
      }
      if (code === 'EOF') break;
      return null;
    }
    if (n === 0) break;
    total += n;
    if (total > max) return null;
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

/** The launcher's entry: dist/commands/hook.js. */
export const run = (argv: string[], io: CliIo): number =>
  runHook(argv.slice(1), { ...io, stdin: io.stdin ?? readStdin });
