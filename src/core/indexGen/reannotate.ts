// §12.6 Known Tags re-annotated from aliases.md in place: each line that declares tags is written
// again with the same tags and their new `[aliases: …]`; prose, headings and the layout stay.
import { parseIndex } from '../index/parse';
import { knownTagsLine } from './aliases';
import { splitRaw } from './splice';

/** `text` with each Known Tags line that declares tags re-annotated; null when it would not read back. */
export function reannotateKnownTags(
  text: string,
  tags: readonly string[],
  aliases: ReadonlyMap<string, string>,
): string | null {
  const byLine = new Map<number, string[]>();
  for (const item of parseIndex(text).lines.knownTags) {
    const list = byLine.get(item.line);
    if (list) list.push(item.tag);
    else byLine.set(item.line, [item.tag]);
  }
  const { bom, lines } = splitRaw(text);
  for (const [lineNo, declared] of byLine) {
    const line = lines[lineNo - 1];
    if (!line) return null;
    const lead = /^\s*(?:[-*+]\s+)?/.exec(line.text)?.[0] ?? '';
    const comma = /,\s*$/.test(line.text) ? ',' : '';
    line.text = `${lead}${knownTagsLine(declared, aliases)}${comma}`;
  }
  const out = bom + lines.map((l) => l.text + l.eol).join('');
  // The rewrite must declare the same tags, each with exactly the aliases asked for.
  const back = parseIndex(out);
  const wanted = new Set(tags);
  if (back.knownTags.map((k) => k.tag).join('\n') !== tags.join('\n')) return null;
  for (const [alias, tag] of aliases) if (wanted.has(tag) && back.aliases.get(alias) !== tag) return null;
  for (const [alias, tag] of back.aliases) if (aliases.get(alias) !== tag) return null;
  return out;
}
