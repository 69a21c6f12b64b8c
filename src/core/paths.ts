// Path rules shared by every tier: `~` expansion and the text-level containment check made at
// query time. The check made when a file is read is the reader's (reader.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';

export function expandHome(p: string, home: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/')) return path.join(home, p.slice(2));
  return p;
}

/** `/home/u/Projects/x` → `~/Projects/x` when under home; otherwise the path unchanged. */
export function displayHomePath(abs: string, home: string): string {
  const rel = path.relative(home, abs);
  if (isInside(abs, home)) return `~/${rel.split(path.sep).join('/')}`;
  return abs;
}

/** An absolute POSIX path that path.normalize would leave as it is (no `//`, `.` or `..` segment, no trailing `/`). */
export function isNormalPosix(p: string): boolean {
  if (p.charCodeAt(0) !== 47) return false;
  if (p.length === 1) return true;
  return (
    !p.endsWith('/') &&
    !p.includes('//') &&
    !p.includes('/./') &&
    !p.includes('/../') &&
    !p.endsWith('/.') &&
    !p.endsWith('/..')
  );
}

export function isInside(child: string, parent: string): boolean {
  // The hot case (the reader asks for every file of a result): two normal POSIX paths compare as
  // strings; anything else goes through path.relative, whose answer this equals.
  if (path.sep === '/' && isNormalPosix(child) && isNormalPosix(parent)) {
    if (parent === '/') return child.length > 1;
    return child.length > parent.length && child.charCodeAt(parent.length) === 47 && child.startsWith(parent);
  }
  const rel = path.relative(parent, child);
  if (rel === '' || path.isAbsolute(rel)) return false;
  return rel !== '..' && !rel.startsWith(`..${path.sep}`);
}

/** path.resolve(p), skipped for a POSIX path it would leave as it is (the reader's hot path). */
export function resolvedPath(p: string): string {
  return path.sep === '/' && isNormalPosix(p) ? p : path.resolve(p);
}

/**
 * isInside for two paths that come from path.resolve (absolute, normalised): on POSIX a string
 * comparison, with no check of the paths' form (the reader asks it for every area of every file).
 */
export function isInsideResolved(child: string, parent: string): boolean {
  if (path.sep !== '/') return isInside(child, parent);
  if (parent === '/') return child.length > 1;
  return child.length > parent.length && child.charCodeAt(parent.length) === 47 && child.startsWith(parent);
}

export function isInsideAny(child: string, parents: string[]): boolean {
  return parents.some((p) => isInside(child, p));
}

/**
 * Why an index path cannot even be considered, or null when its text is acceptable.
 * Percent escapes and NUL bytes are refused outright: no legitimate index writes them, and a
 * later consumer that decodes them could be led somewhere the text check never saw.
 */
export function suspiciousPathText(p: string): string | null {
  if (p.length === 0) return 'empty path';
  if (p.includes('\0')) return 'the path contains a NUL byte';
  if (p.includes('%') && /%(2e|2f|5c|00)/i.test(p)) return 'the path contains percent-encoded separators';
  return null;
}

// C0 and C1 controls, DEL and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex -- control characters are what names may not hold
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A file name holding a control character (a newline could forge a line of a bundle or summary). */
export function hasControlChars(name: string): boolean {
  return CONTROL.test(name);
}

// the one escaping rule for output lives in outputText.ts; re-exported for the core's line builders

/**
 * Resolves an index path written relative to the knowledge folder (or `~/…`, or absolute)
 * to an absolute path, with backslashes read as separators so `..\` cannot slip through.
 */
export function resolveIndexPath(p: string, base: string, home: string): string {
  const unified = p.replace(/\\/g, '/');
  const expanded = expandHome(unified, home);
  return path.resolve(base, expanded);
}

/** Normalised form of a knowledge-relative path, used as an identity key. */
export function normaliseRelative(p: string): string {
  const unified = p.replace(/\\/g, '/');
  const normal = path.posix.normalize(unified);
  return normal.startsWith('./') ? normal.slice(2) : normal;
}

/** A folder's entries, dot-names left out, or the error that stopped the listing. */
export type FolderListing =
  { ok: true; entries: fs.Dirent[] } | { ok: false; code: string | undefined; error: unknown };

/** Lists a folder in code-unit order, so every walk over the same files sees them the same way. */
export function listFolder(dir: string): FolderListing {
  try {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => !e.name.startsWith('.'));
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { ok: true, entries };
  } catch (error) {
    return { ok: false, code: (error as NodeJS.ErrnoException).code, error };
  }
}

/** The real path (symlinks followed), or null when it cannot be had (missing, unreadable). */
export function realOrNull(p: string): string | null {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return null;
  }
}

/** The real path of a folder, or the folder itself when it does not exist (yet). */
export function realOrSelf(p: string): string {
  return realOrNull(p) ?? p;
}

/**
 * Whether the way from `root` (the user's, its own symlinks followed) down to `normal` passes a
 * symlink before it ends or reaches a name that does not exist: only a plain name can be missing.
 */
export function passesSymlink(root: string, normal: string): boolean {
  const rel = path.relative(root, normal);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return false;
  let at = root;
  for (const name of rel.split(path.sep)) {
    at = path.join(at, name);
    let st: fs.Stats | undefined;
    try {
      st = fs.lstatSync(at, { throwIfNoEntry: false });
    } catch {
      return false; // a plain folder that may not be entered: its own error says so
    }
    if (!st) return false;
    if (st.isSymbolicLink()) return true;
  }
  return false;
}

/**
 * `p`'s real path when it lies inside `realFolder`, else null: a symlink that leads outside, into
 * nothing or into a loop is one verdict, so no answer tells which paths exist beyond the folder.
 */
export function realInside(p: string, realFolder: string): string | null {
  try {
    const real = fs.realpathSync.native(p);
    return real === realFolder || isInside(real, realFolder) ? real : null;
  } catch {
    return null;
  }
}

/**
 * §9 Why a folder is too wide to be a knowledge folder or a project root (the file system
 * root, the home folder, or a folder containing home, as written or after symlinks), or null.
 */
export function tooWideRoot(folder: string, home: string): string | null {
  const homes = [...new Set([path.resolve(home), realOrSelf(path.resolve(home))])];
  for (const candidate of new Set([folder, realOrSelf(folder)])) {
    if (path.dirname(candidate) === candidate) return 'the file system root';
    if (homes.includes(candidate)) return 'your home folder';
    if (homes.some((h) => isInside(h, candidate))) return 'a folder that contains your home folder';
  }
  return null;
}

/**
 * Opens a file for reading only if it is a regular file. O_NONBLOCK keeps a FIFO (or a symlink
 * to one) from blocking the open forever; it changes nothing for regular files.
 */
export function openRegularFile(absPath: string): number {
  const fd = fs.openSync(absPath, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    if (!fs.fstatSync(fd).isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTREG' });
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
  return fd;
}

export function describeFsError(err: unknown, fallback: string): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'the file does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a directory';
    case 'ELOOP':
      return 'a symlink loop';
    case 'ENOTREG':
      return 'it is not a regular file';
    case 'EREFUSED': // the reader's refusal (openKnowledgeFile), already a sentence
      return (err as Error).message;
    default:
      return code ? `${fallback} (${code})` : fallback;
  }
}
