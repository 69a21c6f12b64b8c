// Promotion candidates the user picked, added to the Known Tags of an index.md text (the editor's
// Apply; the generator itself never promotes).
import { splitRaw, blocks } from './splice';

/** `text` with `tags` appended to the last line of `## Known Tags` (a section is added when there is none). */
export function addKnownTags(text: string, tags: readonly string[]): string {
  if (tags.length === 0) return text;
  const { bom, lines } = splitRaw(text);
  const eol = lines.find((l) => l.eol)?.eol ?? '\n';
  const all = blocks(lines);
  const block = all.find((b) => b.name === 'known tags');
  if (!block) {
    const end = text.length === 0 || /[\r\n]$/.test(text) ? '' : eol;
    return `${text}${end}${eol}## Known Tags${eol}${eol}${tags.join(', ')}${eol}`;
  }
  let last = -1;
  block.lines.forEach((l, i) => {
    if (i > 0 && l.text.trim() !== '') last = i;
  });
  if (last < 0) block.lines.splice(1, 0, { text: tags.join(', '), eol });
  else {
    const line = block.lines[last];
    const body = line.text.replace(/[\s,]+$/, '');
    block.lines[last] = { text: `${body}, ${tags.join(', ')}`, eol: line.eol || eol };
  }
  return bom + all.flatMap((b) => b.lines.map((l) => l.text + l.eol)).join('');
}
