// §12.1 What the index generator scans, listed once: the drift check (indexDrift.ts) reads the same
// list, so "not indexed" and "a rebuild would add it" are one finding.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { displayHomePath, hasControlChars, isInside, isNormalPosix, listFolder, realOrSelf } from '../paths';
import { escapeControls } from '../present/outputText';
import { knowledgeDirs } from '../match/teamShared';
import { REVIEW_FOLDERS, type ReviewKind } from './reviews';
import type { Config } from '../types';

/** The scan lists at most this many notes; past it, the rest is reported and a write refused. */
export const MAX_SCANNED_NOTES = 200_000;
const MAX_DEPTH = 32;

export type Tier = 'cross' | 'project' | 'team';

/** A file the scan will read. */
export interface ScanTarget {
  abs: string;
  /** As index.md writes it: relative to the knowledge folder, or `~/…` for team-shared notes. */
  path: string;
  tier: Tier;
  /** Project tier: the project's tag (as the folder is named, lowercased); team-shared: P or `cross`. */
  project: string | null;
  scope: 'repo' | 'cross' | null;
  /** A review report of logs/prospect/ or logs/retrospect/ (the reviews tier; listed like a cross-project note). */
  review?: ReviewKind;
}

export interface ScanRefusal {
  path: string;
  reason: string;
}

export interface ScanError {
  path: string;
  message: string;
}

export interface ScanList {
  targets: Array<ScanTarget & { readme?: boolean }>;
  /** Folders not followed and names that cannot be listed. */
  refused: ScanRefusal[];
  /** Problems that make the listing incomplete (a write is refused). */
  errors: ScanError[];
}

/** The cross-project folders: the first two without their subfolders, the other two with them. */
const CROSS_FOLDERS: Array<[string, boolean]> = [
  ['approaches', false],
  ['decisions', false],
  ['guides', true],
  ['references', true],
];

/**
 * Every note /index catalogues under this configuration (§12.1): approaches/, decisions/,
 * guides/**, references/**; the review reports of logs/prospect/ and logs/retrospect/;
 * projects/<tag>/** of each configured project when projects are enabled; the
 * `_project-knowledge/` folders of the shared projects. Sorted within each folder.
 */
export function listScanTargets(config: Config): ScanList {
  const out: ScanList = { targets: [], refused: [], errors: [] };
  const folder = config.knowledgeFolder;
  const realFolder = realOrSelf(folder);
  // A listed path below a normal POSIX folder is the folder, a slash and the rest: cut, not computed.
  const prefix = path.sep === '/' && isNormalPosix(folder) ? (folder === '/' ? '/' : `${folder}/`) : null;
  const rel = (abs: string) =>
    prefix !== null && abs.startsWith(prefix)
      ? abs.slice(prefix.length)
      : path.relative(folder, abs).split(path.sep).join('/');
  for (const [name, deep] of CROSS_FOLDERS) {
    walk(path.join(folder, name), deep, realFolder, rel, out, (abs, _depth, file) =>
      // A README.md is a folder's stub, not a note, unless it has tags (readNote decides).
      ({ abs, path: rel(abs), tier: 'cross', project: null, scope: null, readme: isReadme(file) }),
    );
  }
  // The reviews tier: each folder's own files only, as /index globs `logs/<kind>/*.md`.
  for (const kind of REVIEW_FOLDERS)
    walk(path.join(folder, 'logs', kind), false, realFolder, rel, out, (abs, _depth, file) => ({
      abs,
      path: rel(abs),
      tier: 'cross',
      project: null,
      scope: null,
      readme: isReadme(file),
      review: kind,
    }));
  if (config.projectsEnabled) {
    for (const [key, project] of config.projectsList) {
      const top = path.join(folder, 'projects', project.tag);
      walk(top, true, realFolder, rel, out, (abs, depth, file) =>
        depth === 0 && isReadme(file) ? null : { abs, path: rel(abs), tier: 'project', project: key, scope: null },
      );
    }
  }
  const seen = new Set<string>();
  for (const key of config.sharedKnowledge) {
    for (const dir of knowledgeDirs(config, key)) {
      if (seen.has(dir)) continue;
      seen.add(dir);
      const crossDir = path.join(dir, 'cross');
      // Bounded by the folder as the project root's real path places it: a symlink below the root never moves it.
      const root = config.projectsList.get(key)?.root ?? dir;
      const bound = path.join(realOrSelf(root), path.relative(root, dir));
      walk(
        dir,
        true,
        bound,
        (abs) => displayHomePath(abs, config.home),
        out,
        (abs, depth, file) => {
          if (depth === 0 && isReadme(file)) return null;
          const cross = isInside(abs, crossDir);
          if (cross && depth === 1 && isReadme(file)) return null;
          return {
            abs,
            path: displayHomePath(abs, config.home),
            tier: 'team',
            project: cross ? 'cross' : key,
            scope: cross ? 'cross' : 'repo',
          };
        },
      );
    }
  }
  return out;
}

function exists(abs: string): boolean {
  try {
    fs.lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}

function isReadme(name: string): boolean {
  return name.toLowerCase() === 'readme.md';
}

type Make = (abs: string, depth: number, name: string) => (ScanTarget & { readme?: boolean }) | null;

/**
 * Markdown files below `top` (missing: nothing), names sorted by code unit; dot-names skipped.
 * A symlinked folder is followed only while its real path stays inside `realBound`.
 */
function walk(
  top: string,
  deep: boolean,
  realBound: string,
  shown: (abs: string) => string,
  out: ScanList,
  make: Make,
): void {
  const visited = new Set<string>();
  const visit = (dir: string, depth: number) => {
    const real = realOrSelf(dir);
    if (real !== realBound && !isInside(real, realBound)) {
      if (depth > 0 || real !== dir)
        out.refused.push({ path: `${shown(dir)}/`, reason: 'a symlinked folder that leads outside; not followed' });
      return;
    }
    if (visited.has(real)) return;
    visited.add(real);
    const listing = listFolder(dir);
    if (!listing.ok) {
      if (listing.code !== 'ENOENT' && listing.code !== 'ENOTDIR')
        out.errors.push({ path: `${shown(dir)}/`, message: `cannot be listed (${listing.code ?? 'error'})` });
      return;
    }
    // A listed name holds no separator and is never `.` or `..`: joined once per folder, then appended.
    const base = path.join(dir, '_').slice(0, -1);
    for (const e of listing.entries) {
      const abs = base + e.name;
      if (hasControlChars(e.name)) {
        out.refused.push({ path: escapeControls(shown(abs)), reason: 'its name holds control characters' });
        continue;
      }
      // A name that is not UTF-8 is listed with U+FFFD in it, a path no read can open: said, not lost.
      if (e.name.includes('\ufffd') && (e.isDirectory() || /\.md$/i.test(e.name)) && !exists(abs)) {
        out.refused.push({ path: shown(abs), reason: 'its name is not valid UTF-8' });
        continue;
      }
      let isDir = e.isDirectory();
      if (e.isSymbolicLink()) {
        try {
          isDir = fs.statSync(abs).isDirectory();
        } catch {
          isDir = false; // dangling: a file the reader will refuse or miss
        }
      }
      if (isDir) {
        if (!deep) continue;
        if (depth + 1 > MAX_DEPTH) {
          out.refused.push({ path: `${shown(abs)}/`, reason: `nested deeper than ${MAX_DEPTH} folders; not scanned` });
          continue;
        }
        visit(abs, depth + 1);
        continue;
      }
      if (!/\.md$/i.test(e.name)) continue;
      const target = make(abs, depth, e.name);
      if (!target) continue;
      if (out.targets.length >= MAX_SCANNED_NOTES) {
        if (!out.errors.some((e) => e.path === ''))
          out.errors.push({ path: '', message: `more than ${MAX_SCANNED_NOTES} notes; the rest was not scanned` });
        return;
      }
      out.targets.push(target);
    }
  };
  visit(top, 0);
}

/**
 * The targets `listScanTargets` would give for these absolute paths, judged by path alone (a
 * saved note looked at again without listing the folder); a path it would not list is left out.
 */
export function targetsFor(config: Config, paths: readonly string[]): ScanList['targets'] {
  const folder = config.knowledgeFolder;
  const out: ScanList['targets'] = [];
  const plain = (names: string[]) =>
    names.length > 0 &&
    names.every((n) => n !== '' && !n.startsWith('.') && !hasControlChars(n)) &&
    /\.md$/i.test(names[names.length - 1]) &&
    names.length <= MAX_DEPTH + 1;
  for (const p of paths) {
    const abs = path.resolve(p);
    if (isInside(abs, folder)) {
      const names = path.relative(folder, abs).split(path.sep);
      const rel = names.join('/');
      if (!plain(names)) continue;
      const deep = CROSS_FOLDERS.find(([name]) => name === names[0]);
      if (deep && (deep[1] ? names.length >= 2 : names.length === 2)) {
        out.push({
          abs,
          path: rel,
          tier: 'cross',
          project: null,
          scope: null,
          readme: isReadme(names[names.length - 1]),
        });
        continue;
      }
      const review = REVIEW_FOLDERS.find((kind) => names[0] === 'logs' && names[1] === kind);
      if (review && names.length === 3) {
        out.push({ abs, path: rel, tier: 'cross', project: null, scope: null, readme: isReadme(names[2]), review });
        continue;
      }
      if (!config.projectsEnabled || names[0] !== 'projects' || names.length < 3) continue;
      const key = [...config.projectsList].find(([, project]) => project.tag === names[1])?.[0];
      if (key && !(names.length === 3 && isReadme(names[2])))
        out.push({ abs, path: rel, tier: 'project', project: key, scope: null });
      continue;
    }
    for (const key of config.sharedKnowledge) {
      const dir = knowledgeDirs(config, key).find((d) => isInside(abs, d));
      if (!dir) continue;
      const names = path.relative(dir, abs).split(path.sep);
      const cross = names[0] === 'cross' && names.length > 1;
      if (
        !plain(names) ||
        (names.length === 1 && isReadme(names[0])) ||
        (cross && names.length === 2 && isReadme(names[1]))
      )
        break;
      out.push({
        abs,
        path: displayHomePath(abs, config.home),
        tier: 'team',
        project: cross ? 'cross' : key,
        scope: cross ? 'cross' : 'repo',
      });
      break;
    }
  }
  return out;
}
