// Whether a value read back from a cache file has the shape of an image this code can walk: every
// array of the right kind and length, and every run of starts (string bounds, a file's tags, a
// list's items) rising from 0 to the end of what it indexes, so that what one read makes is never
// larger than the file. The values themselves (string ids, file numbers, hash slots) are checked
// where they are read (view.ts, hashTable.ts): a query reads a few hundred of the hundreds of
// thousands, and checking them all up front cost a cold CLI process more than its query.
import type { IndexImage, ListsImage } from './compact';
import type { HashTableImage } from './hashTable';
import { openableLines } from './lines';

export function openableImage(image: unknown): image is IndexImage {
  try {
    const im = image as IndexImage;
    const { strings: s, files: f } = im;
    if (!(s.narrow instanceof Uint8Array) || !(s.wide instanceof Uint16Array)) return false;
    if (!ints(f.keys)) return false;
    const n = f.keys.length;
    return (
      starts(s.narrowBounds, s.narrow.length) &&
      starts(s.wideBounds, s.wide.length) &&
      table(f.table, n) &&
      ints(f.written, n) &&
      ints(f.descriptions, n) &&
      ints(f.tags) &&
      ints(f.hints) &&
      starts(f.tagStarts, f.tags.length, n + 1) &&
      starts(f.hintStarts, f.hints.length, n + 1) &&
      ints(im.normalisedHints) &&
      im.normalisedHints.length % 2 === 0 &&
      [im.tagIndex, im.otherTags].every((l) => list(l, true)) &&
      [im.hints, im.filesByTag, im.filesByHint].every((l) => list(l, false)) &&
      validSmall(im.small) &&
      openableLines(im.lines, im.small.lines)
    );
  } catch {
    return false;
  }
}

function ints(a: unknown, length?: number): a is Int32Array {
  return a instanceof Int32Array && (length === undefined || a.length === length);
}

/** From 0, never decreasing, ending exactly at `end`; `count` entries when given. */
function starts(a: unknown, end: number, count?: number): boolean {
  if (!(a instanceof Uint32Array) || a.length === 0 || a[0] !== 0) return false;
  if (count !== undefined && a.length !== count) return false;
  for (let i = 1; i < a.length; i++) if (a[i] < a[i - 1]) return false;
  return a[a.length - 1] === end;
}

function list(l: ListsImage, described: boolean): boolean {
  if (!ints(l.keys) || !ints(l.items)) return false;
  const m = l.keys.length;
  const descriptions = described ? ints(l.descriptions, l.items.length) : l.descriptions === null;
  return descriptions && table(l.table, m) && starts(l.starts, l.items.length, m + 1);
}

/** A power of two with room for every key and an empty slot (found natively: the first is near the start). */
function table(t: HashTableImage, keys: number): boolean {
  const size = t.slots instanceof Int32Array ? t.slots.length : 0;
  return typeof t.seed === 'number' && size >= 2 && (size & (size - 1)) === 0 && size > keys && t.slots.indexOf(0) >= 0;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const strings = (v: unknown) => Array.isArray(v) && v.every(isString);
const pairs = (v: unknown, value: (x: unknown) => boolean) =>
  Array.isArray(v) && v.every((p) => Array.isArray(p) && p.length === 2 && isString(p[0]) && value(p[1]));
const stringOrNull = (v: unknown) => v === null || isString(v);

function validSmall(s: IndexImage['small']): boolean {
  return (
    stringOrNull(s.lastRebuilt) &&
    typeof s.hasTeamSharedSection === 'boolean' &&
    strings(s.warnings) &&
    pairs(s.projects, (p) => {
      const x = p as { key: unknown; name: unknown; relevantTags: unknown };
      return isString(x.key) && stringOrNull(x.name) && strings(x.relevantTags);
    }) &&
    Array.isArray(s.knownTags) &&
    s.knownTags.every((k) => isString(k.tag) && strings(k.aliases)) &&
    pairs(s.aliases, isString) &&
    pairs(
      s.teamShared,
      (list) =>
        Array.isArray(list) &&
        list.every(
          (e) => isString(e.path) && stringOrNull(e.description) && isString(e.project) && stringOrNull(e.scope),
        ),
    )
  );
}
