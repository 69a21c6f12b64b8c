// §4b: project-tier files found on disk under `projects/<tag>/`, with their front matter.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { dirStamp, type DirStamps } from '../kb/dirStamps';
import { readNoteHead } from '../read/noteHead';
import { describeFsError, hasControlChars, isInside, listFolder, realInside, realOrSelf } from '../paths';
import { escapeControls } from '../present/outputText';
import { knowledgeHeadReader, type HeadRead } from '../read/noteHeads';
import { resultItem } from './resultItem';
import type { Config, ResultItem } from '../types';

export interface ProjectFile {
  /** `projects/<tag>/…/x.md`, with forward slashes. */
  relPath: string;
  absPath: string;
  /** Lowercase tags from front matter, plus the project tag. */
  tags: Set<string>;
  hints: string[];
  description: string;
  /** Why the file could not be fully read, when it could not. */
  problem: string | null;
}

export interface ProjectScan {
  files: ProjectFile[];
  /** Folder-level problems: unreadable folders, loops, symlinks leaving the folder. */
  problems: string[];
  /** Every folder listed (and the project folder even when missing), with its mtime. */
  dirs: DirStamps;
}

const MAX_DEPTH = 32;

/** A scanned project-tier file as a result item. */
export function projectFileItem(
  config: Config,
  file: ProjectFile,
  project: string,
  match: { hint: string | null; matched: number } = { hint: null, matched: 0 },
): ResultItem {
  return resultItem({
    category: 'project-specific',
    path: file.relPath,
    absPath: file.absPath,
    description: file.description,
    tags: [...file.tags].sort(),
    hint: match.hint,
    project,
    matched: match.matched,
    allowedRoots: [config.knowledgeFolder],
  });
}

/**
 * Lists every `projects/<tag>/**\/*.md` except the project's own README.md. Symlinks are
 * followed only while their real path stays inside the knowledge folder; a symlinked file
 * that leaves it is still listed (by name) but never opened.
 */
export function scanProject(knowledgeFolder: string, tag: string): ProjectScan {
  const projectsDir = path.join(knowledgeFolder, 'projects');
  const top = path.join(projectsDir, tag);
  const realKnowledge = realOrSelf(knowledgeFolder);
  const files: ProjectFile[] = [];
  const problems: string[] = [];
  const dirs: DirStamps = [];
  const visited = new Set<string>();
  const rel = (abs: string) => path.relative(knowledgeFolder, abs).split(path.sep).join('/');
  const read = knowledgeHeadReader(knowledgeFolder);

  const walk = (dir: string, depth: number) => {
    // `projects/` or `projects/<tag>/` itself may be a symlink: its files are read only inside.
    const real = isSymlink(dir) ? realInside(dir, realKnowledge) : realOrSelf(dir);
    if (real === null || (real !== dir && !isInside(real, realKnowledge))) {
      return problems.push(`${rel(dir)}/: symlink leaves the knowledge folder, not followed`);
    }
    if (visited.has(real)) return problems.push(`${rel(dir)}/: symlink loop skipped`);
    visited.add(real);
    if (depth > MAX_DEPTH) return problems.push(`${rel(dir)}/: nested deeper than ${MAX_DEPTH} folders, skipped`);
    dirs.push([dir, dirStamp(dir)]); // taken before listing, so a change during the walk shows later
    const listing = listFolder(dir);
    if (!listing.ok) {
      if (depth > 0 || listing.code !== 'ENOENT') {
        problems.push(`${rel(dir)}/: ${describeFsError(listing.error, 'cannot be listed')}`);
      }
      return;
    }
    for (const entry of listing.entries) {
      const abs = path.join(dir, entry.name);
      if (hasControlChars(entry.name)) {
        // §9 A newline in a name would forge lines of a summary or bundle: never listed.
        problems.push(`${escapeControls(rel(abs))}: its name holds control characters, skipped`);
        continue;
      }
      let isDir = entry.isDirectory();
      let escapes = false;
      if (entry.isSymbolicLink()) {
        // One verdict for a symlink whose real path is not inside (outside, broken, a loop):
        // nothing is stat-ed through it, so the listing tells nothing of what exists beyond.
        const target = realInside(abs, realKnowledge);
        escapes = target === null;
        if (escapes && !/\.md$/i.test(entry.name)) {
          problems.push(`${rel(abs)}: symlink leaves the knowledge folder, not followed`);
          continue;
        }
        if (target !== null) {
          try {
            isDir = fs.statSync(target).isDirectory();
          } catch {
            continue;
          }
        }
      } else if (!entry.isFile() && !isDir) {
        continue;
      }
      if (isDir) {
        walk(abs, depth + 1);
        continue;
      }
      if (!entry.name.toLowerCase().endsWith('.md')) continue;
      if (depth === 0 && entry.name.toLowerCase() === 'readme.md') continue;
      files.push(readProjectFile(abs, rel(abs), tag, escapes, read));
    }
  };
  walk(top, 0);
  return { files, problems, dirs };
}

/**
 * §9 Whether scanProject lists `rel` (`projects/<tag>/…`, normalised), judged by its path: what
 * no listing offers cannot be loaded by path either (a hidden `.trash/` folder, a README.md at
 * the top, a folder deeper than the walk goes, a name with control characters). The reader
 * still checks the file itself.
 */
export function listedByProjectTier(rel: string, tag: string): boolean {
  const parts = rel.split('/');
  if (parts.length < 3 || parts[0] !== 'projects' || parts[1] !== tag) return false;
  const names = parts.slice(2);
  if (names.length - 1 > MAX_DEPTH) return false;
  if (names.some((n) => n === '' || n.startsWith('.') || hasControlChars(n))) return false;
  const file = names[names.length - 1].toLowerCase();
  return file.endsWith('.md') && !(names.length === 1 && file === 'readme.md');
}

function readProjectFile(
  abs: string,
  relPath: string,
  tag: string,
  escapes: boolean,
  read: (abs: string, maxBytes: number) => HeadRead,
): ProjectFile {
  const fallbackName = path.basename(abs).replace(/\.md$/i, '');
  const tags = new Set<string>([tag.toLowerCase()]);
  if (escapes) {
    return {
      relPath,
      absPath: abs,
      tags,
      hints: [],
      description: fallbackName,
      problem: 'a symlink that does not lead inside the knowledge folder: listed, never read',
    };
  }
  const head = readNoteHead(abs, read);
  for (const t of head.tags) tags.add(t.toLowerCase());
  const hints = head.hints;
  return {
    relPath,
    absPath: abs,
    tags,
    hints,
    description: head.title ?? fallbackName,
    problem: head.problem,
  };
}

function isSymlink(p: string): boolean {
  try {
    return fs.lstatSync(p, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  } catch {
    return false;
  }
}
