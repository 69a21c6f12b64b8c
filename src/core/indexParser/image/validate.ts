// Whether a value read back from a cache file is an image this code can open safely: every
// array of the right kind, every string id, file number, list bound and hash table in range
// (a table with no empty slot would make a lookup of a missing key loop). Linear in its size.
import type { FilesImage, IndexImage, ListsImage } from './compact';
import type { HashTableImage } from './hashTable';
import type { StringsImage } from './strings';

export function validImage(image: unknown): image is IndexImage {
  try {
    const im = image as IndexImage;
    if (!validStrings(im.strings)) return false;
    const ids = stringIds(im.strings);
    const files = im.files.keys?.length;
    if (
      !validFiles(im.files, ids) ||
      !(im.normalisedHints instanceof Int32Array) ||
      im.normalisedHints.length % 2 !== 0
    )
      return false;
    if (!im.normalisedHints.every((id) => ids(id, false))) return false;
    for (const l of [im.tagIndex, im.otherTags, im.hints])
      if (!validLists(l, ids, (id, nullable) => ids(id, nullable))) return false;
    for (const l of [im.filesByTag, im.filesByHint]) if (!validLists(l, ids, (f) => f >= 0 && f < files)) return false;
    return validSmall(im.small);
  } catch {
    return false;
  }
}

type IdCheck = (id: number, nullable: boolean) => boolean;

function validStrings(s: StringsImage): boolean {
  return (
    s.narrow instanceof Uint8Array &&
    s.wide instanceof Uint16Array &&
    bounds(s.narrowBounds, s.narrow.length) &&
    bounds(s.wideBounds, s.wide.length)
  );
}

function stringIds(s: StringsImage): IdCheck {
  const narrow = s.narrowBounds.length - 1;
  const wide = s.wideBounds.length - 1;
  return (id, nullable) => (id === -1 ? nullable : id >= 0 && ((id & 1) === 0 ? id >> 1 < narrow : id >> 1 < wide));
}

/** Starts of consecutive ranges: from 0, never decreasing, the last at most `end`. */
function bounds(starts: unknown, end: number): boolean {
  if (!(starts instanceof Uint32Array) || starts.length === 0 || starts[0] !== 0) return false;
  for (let i = 1; i < starts.length; i++) if (starts[i] < starts[i - 1]) return false;
  return starts[starts.length - 1] <= end;
}

function validTable(t: HashTableImage, keys: number): boolean {
  const slots = t.slots;
  if (
    typeof t.seed !== 'number' ||
    !(slots instanceof Int32Array) ||
    slots.length < 2 ||
    (slots.length & (slots.length - 1)) !== 0
  )
    return false;
  let empty = 0;
  for (let i = 0; i < slots.length; i++) {
    if (slots[i] === 0) empty++;
    else if (slots[i] < 0 || slots[i] > keys) return false;
  }
  return empty > 0;
}

function ints(a: unknown, length: number, ok: (v: number) => boolean): boolean {
  return a instanceof Int32Array && a.length === length && a.every(ok);
}

function validFiles(f: FilesImage, ids: IdCheck): boolean {
  const n = f.keys instanceof Int32Array ? f.keys.length : -1;
  return (
    ints(f.keys, n, (id) => ids(id, false)) &&
    validTable(f.table, n) &&
    ints(f.written, n, (id) => ids(id, true)) &&
    ints(f.descriptions, n, (id) => ids(id, true)) &&
    bounds(f.tagStarts, f.tags?.length) &&
    f.tagStarts.length === n + 1 &&
    ints(f.tags, f.tags.length, (id) => ids(id, false)) &&
    bounds(f.hintStarts, f.hints?.length) &&
    f.hintStarts.length === n + 1 &&
    ints(f.hints, f.hints.length, (id) => ids(id, false))
  );
}

function validLists(l: ListsImage, ids: IdCheck, item: IdCheck): boolean {
  const m = l.keys instanceof Int32Array ? l.keys.length : -1;
  if (
    !ints(l.keys, m, (id) => ids(id, false)) ||
    !validTable(l.table, m) ||
    !bounds(l.starts, l.items?.length) ||
    l.starts.length !== m + 1
  )
    return false;
  if (!ints(l.items, l.items.length, (v) => item(v, false))) return false;
  return l.descriptions === null || ints(l.descriptions, l.items.length, (id) => ids(id, true));
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
