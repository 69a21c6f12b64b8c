// Setup's record (ledger) of what it wrote: per client file, the exact hook command lines, and
// the files it created. It is what makes a hook setup's own, so `--remove` deletes it: believed
// only when private, by the hook ledger's rule (SPEC §13.4): a regular file of the user's own,
// not writable by group or others, in a folder of the user's others cannot write. Otherwise setup
// knows only this installation's exact command lines, and says why.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ownedAndPrivate } from '../../core';
import { readClientFile, writeClientFile } from './files';

export interface SetupRecord {
  hooks: Record<string, string[]>;
  created: string[];
}

/** `$XDG_CONFIG_HOME/aria-context/setup.json` (an absolute XDG_CONFIG_HOME), else `~/.config/aria-context/setup.json`. */
export function recordFile(env: Record<string, string | undefined>, home: string): string {
  const xdg = env.XDG_CONFIG_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.config'), 'aria-context', 'setup.json');
}

/** The record, and why it was not believed (null: believed, or there is none). */
export function readRecord(file: string): { record: SetupRecord; distrusted: string | null } {
  const record: SetupRecord = { hooks: Object.create(null) as Record<string, string[]>, created: [] };
  const why = notPrivate(file);
  if (why !== null) return { record, distrusted: why };
  const read = readClientFile(file);
  if (!read.ok || !read.exists) return { record, distrusted: read.ok ? null : read.message };
  try {
    const data = JSON.parse(read.text) as Partial<SetupRecord>;
    for (const [f, commands] of Object.entries(data.hooks ?? {}))
      if (Array.isArray(commands)) record.hooks[f] = commands.filter((c): c is string => typeof c === 'string');
    if (Array.isArray(data.created)) record.created = data.created.filter((c): c is string => typeof c === 'string');
  } catch {
    return { record, distrusted: 'it is not valid JSON' };
  }
  return { record, distrusted: null };
}

/** Why an existing record (or its folder) is not the user's own and private; null when it is, or is absent. */
export function notPrivate(file: string): string | null {
  const dir = path.dirname(file);
  let st: fs.Stats;
  try {
    st = fs.lstatSync(dir);
  } catch {
    return null; // no folder: no record yet
  }
  if (!st.isDirectory()) return `${dir} is not a folder`;
  if (!ownedAndPrivate(st)) return `${dir} belongs to another user or others can write it`;
  try {
    st = fs.lstatSync(file);
  } catch {
    return null;
  }
  if (!st.isFile()) return `${file} is not a regular file`;
  if (!ownedAndPrivate(st)) return `${file} belongs to another user or others can write it`;
  return null;
}

/** Writes the record (0600, its folder 0700); one with nothing in it is removed, with its folder when empty. */
export function writeRecord(file: string, record: SetupRecord): string | null {
  const before = readClientFile(file);
  if (!before.ok) return before.message;
  const hooks = Object.fromEntries(Object.entries(record.hooks).filter(([, c]) => c.length > 0));
  const created = [...new Set(record.created)];
  if (Object.keys(hooks).length === 0 && created.length === 0) {
    if (!before.exists) return null;
    const problem = writeClientFile(file, before, null);
    if (problem === null)
      try {
        fs.rmdirSync(path.dirname(file)); // only when empty: the user may keep other files there
      } catch {
        // not empty, or gone: left as it is
      }
    return problem;
  }
  return writeClientFile(
    file,
    before.exists ? before : { ...before, mode: 0o600 },
    `${JSON.stringify({ hooks, created }, null, 2)}\n`,
  );
}
