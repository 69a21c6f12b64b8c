// What /index would write for one note: its path relative to the knowledge folder, its
// front-matter tags (lowercased, sorted, as the drift scan compares them) and a description
// (front-matter `title` or `description`, else its first `# ` heading, else its name). Read
// through the reader's head reader, so a note outside the folder or not markdown is refused.
import * as path from 'node:path';
import { own, readNoteHead } from './noteHead';
import { escapeControls } from '../present/outputText';
import { knowledgeHeadReader } from './noteHeads';
import type { Config } from '../types';

export interface NoteFacts {
  rel: string;
  tags: string[];
  description: string;
}

/** The note at `abs`, or why it cannot be read. */
export function noteFacts(config: Config, abs: string): { ok: true; facts: NoteFacts } | { ok: false; reason: string } {
  const rel = path.relative(config.knowledgeFolder, abs).split(path.sep).join('/');
  if (rel === '' || rel.startsWith('../') || path.isAbsolute(rel))
    return { ok: false, reason: 'it is not inside the knowledge folder' };
  const head = readNoteHead(abs, knowledgeHeadReader(config.knowledgeFolder));
  if (head.data === null && head.problem?.startsWith('cannot be read')) return { ok: false, reason: head.problem };
  const tags = [...new Set(head.tags.map((t) => t.toLowerCase()))].sort();
  const written = [own(head.data, 'title'), own(head.data, 'description')].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  const description = oneLine(written ?? head.title ?? path.basename(abs).replace(/\.md$/i, ''));
  return { ok: true, facts: { rel, tags, description } };
}

/** One line of at most 200 characters, escaped as the generator escapes it (§12.2): never a raw control in index.md. */
function oneLine(text: string): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ').trim();
  return escapeControls(flat.length > 200 ? `${flat.slice(0, 199)}…` : flat);
}
