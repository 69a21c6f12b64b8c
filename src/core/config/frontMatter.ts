// Front matter of notes and of the config file: only the leading `---` block is read, only
// as YAML with js-yaml's safe schema (no executable types, no other front-matter languages), and
// only from the head of a file.
import type * as JsYaml from 'js-yaml';
import { plainYamlMapping } from './plainYaml';

/** How much of a note is read to find its tags, hints and title. */
export const NOTE_HEAD_BYTES = 256 * 1024;
/** Front matter beyond this is not parsed: no real note needs it, and YAML cost grows with it. */
export const MAX_FRONT_MATTER_CHARS = 64 * 1024;

export type FrontMatterData = Record<string, unknown>;

export interface FrontMatter {
  /** Parsed mapping, or null when there is none or it is not valid YAML. */
  data: FrontMatterData | null;
  /** The text after the front matter. */
  body: string;
  /** The front matter's own lines as written, or null when there is no closed block. */
  yaml: string | null;
  /** Why the front matter was ignored, when it was. */
  problem: string | null;
}

const OPENING = /^---[ \t]*$/;

export function parseFrontMatter(raw: string): FrontMatter {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length === 0 || !lines[0].startsWith('---')) return { data: null, body: text, yaml: null, problem: null };
  if (!OPENING.test(lines[0])) {
    // `---js`, `---coffee`…: some tools evaluate these. We never execute note content.
    return { data: null, body: text, yaml: null, problem: 'front matter in a language other than YAML was ignored' };
  }
  let close = -1;
  for (let i = 1; i < lines.length; i++) {
    if (/^(---|\.\.\.)[ \t]*$/.test(lines[i])) {
      close = i;
      break;
    }
  }
  if (close < 0) return { data: null, body: text, yaml: null, problem: 'front matter has no closing `---` line' };
  const yamlText = lines.slice(1, close).join('\n');
  const body = lines.slice(close + 1).join('\n');
  if (yamlText.length > MAX_FRONT_MATTER_CHARS) {
    return { data: null, body, yaml: null, problem: `front matter is larger than ${MAX_FRONT_MATTER_CHARS / 1024} KB` };
  }
  if (onlyComments(yamlText)) return { data: {}, body, yaml: yamlText, problem: null };
  try {
    const data: unknown = plainYamlMapping(yamlText) ?? jsYaml().safeLoad(yamlText);
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      return { data: null, body, yaml: yamlText, problem: 'front matter is not a YAML mapping' };
    }
    return { data: data as FrontMatterData, body, yaml: yamlText, problem: null };
  } catch (err) {
    const reason = (err as { reason?: string; message?: string }).reason ?? 'invalid YAML';
    return { data: null, body, yaml: yamlText, problem: `front matter is not valid YAML (${firstLine(reason)})` };
  }
}

/** Blank lines and `#` comments only: an empty mapping. A plain scan (a `^\s*#` regex is quadratic over blank lines). */
function onlyComments(yamlText: string): boolean {
  for (const line of yamlText.split('\n')) {
    const text = line.trimStart();
    if (text !== '' && !text.startsWith('#')) return false;
  }
  return true;
}

/** A list-valued key (`[a, b]`, a block list, or `a, b`) as trimmed strings; nested values ignored. */
export function stringList(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value
      .filter((v) => typeof v === 'string' || typeof v === 'number')
      .map((v) => String(v).trim())
      .filter(Boolean);
  }
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  return [];
}

/** A scalar as text; YAML dates become `YYYY-MM-DD`. */
export function scalarText(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

let loadedYaml: typeof JsYaml | undefined;

/** js-yaml, loaded the first time a front matter is outside the plain subset (plainYaml.ts). */
function jsYaml(): typeof JsYaml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  return (loadedYaml ??= require('js-yaml') as typeof JsYaml);
}

function firstLine(s: string): string {
  return s.split('\n')[0];
}
