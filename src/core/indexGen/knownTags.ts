// §12.6 Promotion candidates the user picked, added to the Known Tags of an index.md text (the
// editor's Apply and Promote; the generator itself never promotes). Known Tags carries hand-written
// prose, so a tag only ever joins a line that is nothing but a tag list, or a line of its own.
import { parseIndex } from '../index/parse';
import { bulletText } from '../index/text';
import { blocks, splitRaw } from './splice';

/** One item of a tag list: a tag without spaces, commas or brackets, maybe `[aliases: …]` after it. */
const LIST_ITEM = /^[^\s,[\]]+(?:\s*\[[^[\]]*\])?$/;

/** Whether a Known Tags line is a tag list and nothing else (its brackets closed on the line). */
export function isTagListLine(line: string): boolean {
  const body = (bulletText(line.trim()) ?? line.trim()).replace(/,\s*$/, '');
  if (body === '') return false;
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === ',' && depth === 0) {
      items.push(body.slice(start, i).trim());
      start = i + 1;
    }
    if (depth < 0 || depth > 1) return false;
  }
  if (depth !== 0) return false;
  items.push(body.slice(start).trim());
  return items.every((item) => LIST_ITEM.test(item));
}

/**
 * `text` with `tags` added to Known Tags: appended to the last line that is only a tag list, else
 * on a new line after the last line that declares tags or the section's last line of text (a
 * section is added when there is none).
 * Prose lines are never touched; the result declares exactly the old tags and then `tags`.
 */
export function addKnownTags(text: string, tags: readonly string[]): string {
  const before = parseIndex(text);
  const have = new Set(before.knownTags.map((k) => k.tag));
  const adding = [...new Set(tags.map((t) => t.toLowerCase()))].filter((t) => !have.has(t));
  if (adding.length === 0) return text;
  const { bom, lines } = splitRaw(text);
  const eol = lines.find((l) => l.eol)?.eol ?? '\n';
  const all = blocks(lines);
  const block = all.find((b) => b.name === 'known tags');
  const list = adding.join(', ');
  if (!block) {
    const end = text.length === 0 || /[\r\n]$/.test(text) ? '' : eol;
    return `${text}${end}${eol}## Known Tags${eol}${eol}${list}${eol}`;
  }
  const declaring = new Set(before.lines.knownTags.map((k) => k.line));
  // The block's lines by their 1-based line number in the text.
  const first = all.slice(0, all.indexOf(block)).reduce((n, b) => n + b.lines.length, 0) + 1;
  let lastList = -1;
  let lastDeclaring = -1;
  block.lines.forEach((l, i) => {
    if (i === 0 || !declaring.has(first + i)) return;
    lastDeclaring = i;
    if (isTagListLine(l.text)) lastList = i;
  });
  const join = () => bom + all.flatMap((b) => b.lines.map((l) => l.text + l.eol)).join('');
  if (lastList >= 0) {
    const line = block.lines[lastList];
    const comma = /,\s*$/.test(line.text);
    const body = line.text.replace(/[\s,]+$/, '');
    block.lines[lastList] = { text: `${body}, ${list}${comma ? ',' : ''}`, eol: line.eol || eol };
    const out = join();
    if (declares(out, before, adding)) return out;
    block.lines[lastList] = line;
  }
  // A line of its own: after the last line that declares tags, else after the section's last line of text.
  let at = lastDeclaring + 1;
  if (lastDeclaring < 0) block.lines.forEach((l, i) => l.text.trim() !== '' && (at = i + 1));
  const prev = block.lines[at - 1];
  if (!prev.eol) prev.eol = eol;
  const added =
    at === 1
      ? [
          { text: '', eol },
          { text: list, eol },
        ]
      : [{ text: list, eol }];
  block.lines.splice(at, 0, ...added);
  return join();
}

/** Whether `out` declares the old Known tags and `adding`, nothing else, with the old aliases. */
function declares(out: string, before: ReturnType<typeof parseIndex>, adding: readonly string[]): boolean {
  const back = parseIndex(out);
  const want = [...before.knownTags.map((k) => k.tag), ...adding].sort();
  if (
    back.knownTags
      .map((k) => k.tag)
      .sort()
      .join('\n') !== want.join('\n')
  )
    return false;
  if (back.aliases.size !== before.aliases.size) return false;
  for (const [alias, tag] of before.aliases) if (back.aliases.get(alias) !== tag) return false;
  return true;
}
