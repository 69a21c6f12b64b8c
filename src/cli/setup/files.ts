// The files `aria-context setup` edits and its record of what it wrote. A client's file is read
// only when it is a regular file (a symlink is refused with its target named: setup never writes
// through a link), written whole or not at all (a temporary file beside it, then a rename), and
// only when it still holds what setup read. Setup's record of what it wrote is record.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempBeside } from '../../core';

const MAX_FILE_BYTES = 64 * 1024 * 1024; // ~/.claude.json grows with its project history

export type ClientFile = { ok: true; text: string; exists: boolean; mode: number } | { ok: false; message: string };

/** A client's file as setup may edit it: its text, or why setup leaves it alone. */
export function readClientFile(file: string): ClientFile {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, text: '', exists: false, mode: 0o600 };
    return { ok: false, message: `${file} could not be read (${(err as Error).message})` };
  }
  if (stat.isSymbolicLink()) {
    let target = '(a missing target)';
    try {
      target = fs.realpathSync(file);
    } catch {
      // a dangling link: named as such
    }
    return {
      ok: false,
      message: `${file} is a symbolic link to ${target}; setup does not write through links. Make the change below in ${target} yourself, or replace the link with a file and run setup again`,
    };
  }
  if (!stat.isFile()) return { ok: false, message: `${file} is not a regular file` };
  if (stat.size > MAX_FILE_BYTES) return { ok: false, message: `${file} is larger than 64 MB` };
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch (err) {
    return { ok: false, message: `${file} could not be read (${(err as Error).message})` };
  }
  try {
    const opened = fs.fstatSync(fd);
    if (!opened.isFile() || opened.ino !== stat.ino) return { ok: false, message: `${file} changed while it was read` };
    return { ok: true, text: fs.readFileSync(fd, 'utf8'), exists: true, mode: opened.mode & 0o777 };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Replaces `file` with `text` (null: deletes it) if it still holds `before` (absent when
 * `exists` is false); the error's message otherwise.
 */
export function writeClientFile(
  file: string,
  before: { text: string; exists: boolean; mode: number },
  text: string | null,
): string | null {
  const now = readClientFile(file);
  if (!now.ok) return now.message;
  if (now.exists !== before.exists || now.text !== before.text)
    return `${file} changed while setup ran (the client may have written it); nothing was written to it: run setup again`;
  if (text === null) {
    fs.rmSync(file, { force: true });
    return null;
  }
  let temp: string | null = null;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    temp = tempBeside(file, text, before.mode, true);
    fs.renameSync(temp, file); // whole or not at all: the client may read it meanwhile
    return null;
  } catch (err) {
    if (temp !== null) fs.rmSync(temp, { force: true });
    return `Could not write ${file}: ${(err as Error).message}`;
  }
}
