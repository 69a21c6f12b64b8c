// Whether a value read back from a cache file is an image this code can open safely: every array
// of the right kind, every string id, file number, list bound and hash table in range (a table
// with no empty slot would make a lookup of a missing key loop). Linear in its size.
import type { IndexImage, ListsImage } from './compact';
import type { HashTableImage } from './hashTable';

type Check = (v: number) => boolean;

export function validImage(image: unknown): image is IndexImage {
  try {
    const im = image as IndexImage;
    const { strings: s, files: f, normalisedHints: hintPairs } = im;
    if (!(s.narrow instanceof Uint8Array) || !(s.wide instanceof Uint16Array)) return false;
    if (!bounds(s.narrowBounds, s.narrow.length) || !bounds(s.wideBounds, s.wide.length)) return false;
    const narrow = s.narrowBounds.length - 1;
    const wide = s.wideBounds.length - 1;
    const id: Check = (v) => v >= 0 && ((v & 1) === 0 ? v >> 1 < narrow : v >> 1 < wide);
    const idOrNull: Check = (v) => v === -1 || id(v);
    const n = f.keys instanceof Int32Array ? f.keys.length : -1;
    const file: Check = (v) => v >= 0 && v < n;
    const lists = (l: ListsImage, item: Check) => {
      const m = l.keys instanceof Int32Array ? l.keys.length : -1;
      return (
        ints(l.keys, m, id) &&
        table(l.table, m) &&
        ranges(l.starts, l.items, m) &&
        ints(l.items, l.items.length, item) &&
        (l.descriptions === null || ints(l.descriptions, l.items.length, idOrNull))
      );
    };
    return (
      ints(f.keys, n, id) &&
      table(f.table, n) &&
      ints(f.written, n, idOrNull) &&
      ints(f.descriptions, n, idOrNull) &&
      ranges(f.tagStarts, f.tags, n) &&
      ints(f.tags, f.tags.length, id) &&
      ranges(f.hintStarts, f.hints, n) &&
      ints(f.hints, f.hints.length, id) &&
      ints(hintPairs, hintPairs?.length, id) &&
      hintPairs.length % 2 === 0 &&
      [im.tagIndex, im.otherTags, im.hints].every((l) => lists(l, id)) &&
      [im.filesByTag, im.filesByHint].every((l) => lists(l, file)) &&
      validSmall(im.small)
    );
  } catch {
    return false;
  }
}

/** Starts of consecutive ranges: from 0, never decreasing, the last at most `end`. */
function bounds(starts: unknown, end: number | undefined): boolean {
  if (!(starts instanceof Uint32Array) || starts.length === 0 || starts[0] !== 0) return false;
  for (let i = 1; i < starts.length; i++) if (starts[i] < starts[i - 1]) return false;
  return starts[starts.length - 1] <= end!;
}

/** `count` ranges over `items`. */
function ranges(starts: unknown, items: { length: number } | undefined, count: number): boolean {
  return bounds(starts, items?.length) && (starts as Uint32Array).length === count + 1;
}

function ints(a: unknown, length: number | undefined, ok: Check): boolean {
  return a instanceof Int32Array && a.length === length && a.every(ok);
}

function table(t: HashTableImage, keys: number): boolean {
  const slots = t.slots;
  if (typeof t.seed !== 'number' || !(slots instanceof Int32Array) || slots.length < 2) return false;
  if ((slots.length & (slots.length - 1)) !== 0) return false;
  let empty = 0;
  for (const slot of slots) {
    if (slot === 0) empty++;
    else if (slot < 0 || slot > keys) return false;
  }
  return empty > 0;
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
