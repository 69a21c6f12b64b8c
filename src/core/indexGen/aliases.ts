// §12.6 aliases.md: `` - `alias` → `canonical` `` lines. Read through the reader; an alias chain or
// an alias that a note uses as a tag is an error that stops a write (the note would become
// unreachable under its own tag, since a query resolves the alias first).
import * as path from 'node:path';
import type { KnownTag } from '../types';
import { collate, collated } from './collation';
import { writableTag } from './model';
import type { HeadReader, ScannedNote } from './read';
import type { ScanError } from './scan';

export const ALIASES_FILE = 'aliases.md';
const MAX_ALIASES_BYTES = 4 * 1024 * 1024;
const ALIAS_LINE = /^\s*[-*+]\s+`([^`]+)`\s*(?:→|->)\s*`([^`]+)`/;

export interface AliasFile {
  /** alias → canonical, lowercased, in the file's order; null when there is no aliases.md. */
  map: Map<string, string> | null;
  errors: ScanError[];
}

export function readAliasFile(knowledgeFolder: string, read: HeadReader): AliasFile {
  const abs = path.join(knowledgeFolder, ALIASES_FILE);
  const head = read(abs, MAX_ALIASES_BYTES);
  if (!head.ok) {
    if ((head as { missing?: boolean }).missing) return { map: null, errors: [] };
    return { map: null, errors: [{ path: ALIASES_FILE, message: `cannot be read: ${head.reason}` }] };
  }
  const map = new Map<string, string>();
  const errors: ScanError[] = [];
  for (const line of aliasText(head.text)) {
    const m = ALIAS_LINE.exec(line);
    if (!m) continue;
    const alias = m[1].trim().toLowerCase();
    const canonical = m[2].trim().toLowerCase();
    if (!alias || !canonical || alias === canonical) continue;
    const unsayable = [alias, canonical].find((t) => !sayable(t));
    if (unsayable !== undefined) {
      errors.push({
        path: ALIASES_FILE,
        message: `\`${clip(unsayable)}\` cannot be written in Known Tags (it holds a comma, bracket, space, or a control or format character); its line is not used`,
      });
      continue;
    }
    const before = map.get(alias);
    if (before !== undefined && before !== canonical)
      errors.push({
        path: ALIASES_FILE,
        message: `alias \`${alias}\` points to both \`${before}\` and \`${canonical}\``,
      });
    else map.set(alias, canonical);
  }
  for (const [alias, canonical] of map) {
    const next = map.get(canonical);
    if (next !== undefined)
      errors.push({
        path: ALIASES_FILE,
        message: `alias chain \`${alias}\` → \`${canonical}\` → \`${next}\`: an alias must point straight at its tag`,
      });
  }
  return { map, errors };
}

/**
 * The lines of aliases.md that are its text: a fenced code block or an HTML comment holds
 * examples (aria's own template shows its format and sample aliases that way), not aliases.
 */
function* aliasText(text: string): Generator<string> {
  let fence: string | null = null;
  let comment = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    if (!comment) {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(raw)?.[1];
      if (fence !== null) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length && raw.trim() === marker) fence = null;
        continue;
      }
      if (marker) {
        fence = marker;
        continue;
      }
    }
    let line = '';
    for (let rest = raw; rest !== '';) {
      if (comment) {
        const end = rest.indexOf('-->');
        if (end < 0) break;
        comment = false;
        rest = rest.slice(end + 3);
      } else {
        const start = rest.indexOf('<!--');
        if (start < 0) {
          line += rest;
          break;
        }
        line += rest.slice(0, start);
        comment = true;
        rest = rest.slice(start + 4);
      }
    }
    yield line;
  }
}

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** Whether a name reads back from `tag [aliases: a, b]` as itself: one word, no list or bracket syntax. */
function sayable(name: string): boolean {
  return writableTag(name) && !/[[\]]/.test(name);
}

/** Aliases that notes use as tags, and aliases that are Known tags themselves. */
export function aliasCollisions(
  aliases: ReadonlyMap<string, string>,
  known: ReadonlySet<string>,
  notes: readonly ScannedNote[],
  source: string,
): ScanError[] {
  const users = new Map<string, string[]>();
  for (const note of notes)
    for (const tag of note.ownTags)
      if (aliases.has(tag)) (users.get(tag) ?? users.set(tag, []).get(tag)!).push(note.path);
  const errors: ScanError[] = [];
  for (const alias of collated(aliases.keys())) {
    if (known.has(alias))
      errors.push({ path: source, message: `alias \`${alias}\` of \`${aliases.get(alias)}\` is also a Known tag` });
    const files = users.get(alias);
    if (!files) continue;
    const shown = collated(files);
    errors.push({
      path: source,
      message: `alias \`${alias}\` (of \`${aliases.get(alias)}\`) is a tag of ${shown.length} note${shown.length === 1 ? '' : 's'}: ${shown.slice(0, 5).join(', ')}${shown.length > 5 ? ', …' : ''}; a query for it finds \`${aliases.get(alias)}\` instead`,
    });
  }
  return errors;
}

/** Whether Known Tags already declares exactly these aliases (then its lines are carried as they are). */
export function sameAliases(knownTags: readonly KnownTag[], aliases: ReadonlyMap<string, string>): boolean {
  const wanted = aliasesByTag(aliases);
  const knownSet = new Set(knownTags.map((k) => k.tag));
  for (const tag of wanted.keys()) if (!knownSet.has(tag)) wanted.delete(tag);
  for (const k of knownTags) {
    const have = collated(k.aliases).join(',');
    if (have !== (wanted.get(k.tag) ?? []).join(',')) return false;
  }
  return true;
}

export function aliasesByTag(aliases: ReadonlyMap<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [alias, tag] of aliases) (out.get(tag) ?? out.set(tag, []).get(tag)!).push(alias);
  for (const list of out.values()) list.sort(collate);
  return out;
}

/** The Known Tags line: each tag in its order, annotated with its aliases from aliases.md. */
export function knownTagsLine(tags: readonly string[], aliases: ReadonlyMap<string, string>): string {
  const byTag = aliasesByTag(aliases);
  return tags
    .map((t) => {
      const list = byTag.get(t);
      return list?.length ? `${t} [aliases: ${list.join(', ')}]` : t;
    })
    .join(', ');
}
