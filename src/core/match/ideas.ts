// Pending ideas: `intake/ideas/*.md` whose `project:` names a queried project.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { dirStamp, type DirStamps } from '../kb/dirStamps';
import { NOTE_HEAD_BYTES, scalarText, stringList } from '../config/frontMatter';
import { noteHead, own } from '../read/noteHead';
import { describeFsError, listFolder, passesSymlink, realInside, realOrSelf } from '../paths';
import { knowledgeHeadReader } from '../read/noteHeads';
import { ageInDays, isIsoDate, isStale } from './staleness';
import type { Idea } from '../types';

export const IDEAS_DIR = 'intake/ideas';
export const LEGACY_BACKLOG = 'intake/ideas-backlog.md';

/** One idea file as read from disk, before today and the query are applied. */
export interface IdeaFile {
  path: string;
  date: string;
  type: string | null;
  title: string;
  projects: string[];
}

export interface IdeasScan {
  exists: boolean;
  ideas: IdeaFile[];
  problems: string[];
  /** The ideas folder and its parent with their stamps (the folder's creation counts too). */
  dirs: DirStamps;
}

export function scanIdeas(knowledgeFolder: string): IdeasScan {
  const dir = path.join(knowledgeFolder, ...IDEAS_DIR.split('/'));
  // Stamped before listing, so a change during the scan is seen by the next check.
  const dirs: DirStamps = [path.dirname(dir), dir].map((d) => [d, dirStamp(d)]);
  return { ...scanIdeasFolder(knowledgeFolder), dirs };
}

function scanIdeasFolder(knowledgeFolder: string): Omit<IdeasScan, 'dirs'> {
  const dir = path.join(knowledgeFolder, ...IDEAS_DIR.split('/'));
  const problems: string[] = [];
  const realKnowledge = realOrSelf(knowledgeFolder);
  if (passesSymlink(knowledgeFolder, dir) && realInside(dir, realKnowledge) === null) {
    // `intake/` or `intake/ideas/` is a symlink out (or to nothing): list nothing from there.
    problems.push(`${IDEAS_DIR}/: symlink leaves the knowledge folder, not read`);
    return { exists: true, ideas: [], problems };
  }
  const listing = listFolder(dir);
  if (!listing.ok) {
    if (listing.code !== 'ENOENT' && listing.code !== 'ENOTDIR')
      problems.push(`${IDEAS_DIR}/: ${describeFsError(listing.error, 'cannot be listed')}`);
    return { exists: false, ideas: [], problems };
  }
  const ideas: IdeaFile[] = [];
  const read = knowledgeHeadReader(knowledgeFolder);
  for (const entry of listing.entries) {
    if (!entry.name.toLowerCase().endsWith('.md')) continue;
    const abs = path.join(dir, entry.name);
    const rel = `${IDEAS_DIR}/${entry.name}`;
    if (entry.isSymbolicLink()) {
      if (realInside(abs, realKnowledge) === null) {
        problems.push(`${rel}: symlink leaves the knowledge folder, not read`);
        continue;
      }
    } else if (!entry.isFile()) {
      continue;
    }
    const head_ = read(abs, NOTE_HEAD_BYTES);
    if (!head_.ok) {
      problems.push(`${rel}: cannot be read: ${head_.reason}`);
      continue;
    }
    const head = noteHead(head_.text);
    if (head.problem) problems.push(`${rel}: ${head.problem}`);
    const data = head.data;
    const projects = stringList(own(data, 'project')).map((p) => p.toLowerCase());
    const date = ideaDate(own(data, 'date') === undefined ? null : writtenDate(head.yaml ?? ''), entry.name);
    if (projects.length === 0 || !date) continue; // ideas without a project or a date are skipped
    ideas.push({
      path: rel,
      date,
      type: scalarText(own(data, 'type')),
      title: scalarText(own(data, 'title')) ?? head.title ?? entry.name.replace(/\.md$/i, ''),
      projects,
    });
  }
  return { exists: true, ideas, problems };
}

/**
 * The idea's day (§4e, §F14): the `YYYY-MM-DD` written in `date:` (a time and offset after it
 * do not move it to another day), else the file name's `YYYY-MM-DD` prefix. A date that is not
 * a real calendar day counts as no date.
 */
function ideaDate(written: string | null, fileName: string): string | null {
  const day = leadingDay(written ?? '');
  return day ?? leadingDay(fileName);
}

/** `YYYY-MM-DD` at the start of `s`, then its end, `T`, a space or tab, `.`, `_` or `-`. */
function leadingDay(s: string): string | null {
  const day = s.slice(0, 10);
  if (!isIsoDate(day)) return null;
  const next = s.charAt(10);
  return next === '' || /[Tt \t._-]/.test(next) ? day : null;
}

/**
 * The value of the top-level `date:` line as written, quotes and a trailing comment removed:
 * read from the text because the YAML library turns `2026-02-30` into 2026-03-02 and moves a
 * timestamp with an offset to its UTC day.
 */
function writtenDate(yaml: string): string | null {
  const lines = yaml.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^date[ \t]*:(.*)$/.exec(lines[i]);
    if (!m) continue;
    let value = m[1].trim();
    const q = value.charAt(0);
    if (q === '"' || q === "'") {
      const close = value.indexOf(q, 1);
      value = close > 0 ? value.slice(1, close).trim() : '';
    }
    return value;
  }
  return null;
}

/** Ideas of the queried projects, newest first, aged against `today`. */
export function pendingIdeas(files: IdeaFile[], projects: string[], today: string, threshold: number): Idea[] {
  const wanted = new Set(projects.map((p) => p.toLowerCase()));
  return files
    .filter((f) => f.projects.some((p) => wanted.has(p)))
    .map((f) => {
      const ageDays = ageInDays(f.date, today);
      return { ...f, ageDays, stale: isStale(ageDays, threshold) };
    })
    .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function hasLegacyBacklog(knowledgeFolder: string): boolean {
  try {
    return fs.statSync(path.join(knowledgeFolder, ...LEGACY_BACKLOG.split('/'))).isFile();
  } catch {
    return false;
  }
}
