// An index image as bytes and back: what the index cache stores (indexCache.ts). The typed
// arrays are read back as views over the one Buffer (no copy); every length and offset is
// checked before use and the payload carries a SHA-256, so a truncated, corrupt or foreign
// file decodes to null (a miss), never to an exception or a different index.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { FilesImage, IndexImage, ListsImage, SmallSections } from './compact';
import type { HashTableImage } from './hashTable';

/** Bumped whenever the layout below or the meaning of an image's fields changes. */
export const IMAGE_FILE_FORMAT = 2;

const MAGIC = Buffer.from('ARIAIMG\n', 'latin1');
/** magic (8) · format (u32) · header bytes (u32) · SHA-256 of everything after this prefix (32). */
const PREFIX = 48;
const INT32 = 0;
const UINT32 = 1;

/** Who wrote the file and for which index.md: both must match for the image to be used. */
export interface ImageFileStamp {
  /** The producing build (a different build never trusts another's file). */
  producer: string;
  /** index.md's identity (path, device, inode, size, times). */
  key: string;
}

interface Header extends ImageFileStamp {
  small: SmallSections;
  /** [kind, offset from the body's start, element count] per stored array. */
  arrays: Array<[number, number, number]>;
  /** Per slot of the fixed layout (slotsOf): the stored array's number, or -1 for null. */
  slots: number[];
  /** The hash tables' seeds, in the layout's order. */
  seeds: number[];
  /** [offset, characters] of the one-byte (latin1) and the two-byte (UTF-16LE) pool. */
  narrow: [number, number];
  wide: [number, number];
}

type Arr = Int32Array | Uint32Array;
/** A slot of the layout: its kind and whether it may be null. */
type Slot = [kind: number, nullable: boolean];

const LIST_SLOTS: Slot[] = [[INT32, false], [INT32, false], [UINT32, false], [INT32, false], [INT32, true]];
const LAYOUT: Slot[] = [
  [UINT32, false], [UINT32, false], // string bounds: narrow, wide
  [INT32, false], [INT32, false], [INT32, false], [INT32, false], [UINT32, false], [INT32, false], [UINT32, false], [INT32, false], // files
  ...LIST_SLOTS, ...LIST_SLOTS, ...LIST_SLOTS, ...LIST_SLOTS, ...LIST_SLOTS, // tagIndex, otherTags, hints, filesByTag, filesByHint
  [INT32, false], // normalisedHints
];
const LISTS = ['tagIndex', 'otherTags', 'hints', 'filesByTag', 'filesByHint'] as const;

function slotsOf(image: IndexImage): Array<Arr | null> {
  const f = image.files;
  const out: Array<Arr | null> = [image.strings.narrowBounds, image.strings.wideBounds, f.keys, f.table.slots, f.written, f.descriptions, f.tagStarts, f.tags, f.hintStarts, f.hints];
  for (const name of LISTS) {
    const l = image[name];
    out.push(l.keys, l.table.slots, l.starts, l.items, l.descriptions);
  }
  out.push(image.normalisedHints);
  return out;
}

function seedsOf(image: IndexImage): number[] {
  return [image.files.table.seed, ...LISTS.map((name) => image[name].table.seed)];
}

const align8 = (n: number) => (n + 7) & ~7;

/** The image as one Buffer (arrays shared between sections, such as the hint phrases', stored once). */
export function encodeImage(image: IndexImage, stamp: ImageFileStamp): Buffer {
  const stored: Arr[] = [];
  const numberOf = new Map<Arr, number>();
  const slots = slotsOf(image).map((a) => {
    if (a === null) return -1;
    let n = numberOf.get(a);
    if (n === undefined) {
      n = stored.length;
      stored.push(a);
      numberOf.set(a, n);
    }
    return n;
  });
  let at = 0;
  const arrays = stored.map((a): [number, number, number] => {
    const entry: [number, number, number] = [a instanceof Uint32Array ? UINT32 : INT32, at, a.length];
    at = align8(at + a.byteLength);
    return entry;
  });
  const { narrow, wide } = image.strings;
  const narrowAt = at;
  at = align8(at + narrow.length);
  const wideAt = at;
  const bodyBytes = at + wide.length * 2;
  const header: Header = { ...stamp, small: image.small, arrays, slots, seeds: seedsOf(image), narrow: [narrowAt, narrow.length], wide: [wideAt, wide.length] };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const bodyStart = align8(PREFIX + headerBytes.length);
  const out = Buffer.alloc(bodyStart + bodyBytes);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(IMAGE_FILE_FORMAT, 8);
  out.writeUInt32LE(headerBytes.length, 12);
  headerBytes.copy(out, PREFIX);
  stored.forEach((a, i) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).copy(out, bodyStart + arrays[i][1]));
  Buffer.from(narrow.buffer, narrow.byteOffset, narrow.byteLength).copy(out, bodyStart + narrowAt);
  Buffer.from(wide.buffer, wide.byteOffset, wide.byteLength).copy(out, bodyStart + wideAt);
  createHash('sha256').update(out.subarray(PREFIX)).digest().copy(out, 16);
  return out;
}

/** The stamp a file claims, or null when its prefix or header is not readable: for the cache's own checks. */
export function readStamp(buf: Buffer): ImageFileStamp | null {
  const header = headerOf(buf);
  return header ? { producer: header.producer, key: header.key } : null;
}

function headerOf(buf: Buffer): Header | null {
  if (buf.length < PREFIX || !buf.subarray(0, 8).equals(MAGIC) || buf.readUInt32LE(8) !== IMAGE_FILE_FORMAT) return null;
  const headerBytes = buf.readUInt32LE(12);
  if (headerBytes > buf.length - PREFIX) return null;
  try {
    const header = JSON.parse(buf.toString('utf8', PREFIX, PREFIX + headerBytes)) as Header;
    return header !== null && typeof header === 'object' && typeof header.producer === 'string' && typeof header.key === 'string' ? header : null;
  } catch {
    return null;
  }
}

/**
 * The image in `buf` when it was written by `expect.producer` for `expect.key` and is whole;
 * otherwise null. `buf` must start at a multiple of 4 in its ArrayBuffer (a Buffer of its own):
 * the arrays are views over it.
 */
export function decodeImage(buf: Buffer, expect: ImageFileStamp): IndexImage | null {
  const header = headerOf(buf);
  if (!header || header.producer !== expect.producer || header.key !== expect.key) return null;
  const stored = createHash('sha256').update(buf.subarray(PREFIX)).digest();
  if (!stored.equals(buf.subarray(16, PREFIX))) return null;
  const bodyStart = align8(PREFIX + buf.readUInt32LE(12));
  if ((buf.byteOffset + bodyStart) % 4 !== 0 || bodyStart > buf.length) return null;
  const body = buf.length - bodyStart;
  try {
    return imageOf(header, buf, bodyStart, body);
  } catch {
    return null; // a header whose fields are not what this build writes
  }
}

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

function imageOf(h: Header, buf: Buffer, bodyStart: number, body: number): IndexImage | null {
  if (!Array.isArray(h.arrays) || !Array.isArray(h.slots) || h.slots.length !== LAYOUT.length || !Array.isArray(h.seeds) || h.seeds.length !== 1 + LISTS.length) return null;
  const arrays: Arr[] = [];
  for (const entry of h.arrays) {
    if (!Array.isArray(entry) || entry.length !== 3) return null;
    const [kind, offset, length] = entry;
    if ((kind !== INT32 && kind !== UINT32) || !isCount(offset) || !isCount(length) || offset % 4 !== 0 || offset + length * 4 > body) return null;
    const start = buf.byteOffset + bodyStart + offset;
    arrays.push(kind === INT32 ? new Int32Array(buf.buffer, start, length) : new Uint32Array(buf.buffer, start, length));
  }
  const slots: Array<Arr | null> = [];
  for (let s = 0; s < LAYOUT.length; s++) {
    const n = h.slots[s];
    const [kind, nullable] = LAYOUT[s];
    if (n === -1 && nullable) {
      slots.push(null);
      continue;
    }
    if (!isCount(n) || n >= arrays.length) return null;
    const a = arrays[n];
    if ((kind === UINT32) !== a instanceof Uint32Array) return null;
    slots.push(a);
  }
  if (!h.seeds.every((s) => isCount(s) && s <= 0xffffffff)) return null;
  // The pools are views too: [offset, characters], the two-byte pool at an even offset.
  const pool = (p: [number, number], bytesPerChar: number): [number, number] | null => {
    if (!Array.isArray(p) || !isCount(p[0]) || !isCount(p[1]) || p[0] + p[1] * bytesPerChar > body || p[0] % bytesPerChar !== 0) return null;
    return [buf.byteOffset + bodyStart + p[0], p[1]];
  };
  const narrowAt = pool(h.narrow, 1);
  const wideAt = pool(h.wide, 2);
  if (narrowAt === null || wideAt === null) return null;
  const narrow = new Uint8Array(buf.buffer, narrowAt[0], narrowAt[1]);
  const wide = new Uint16Array(buf.buffer, wideAt[0], wideAt[1]);
  const small = h.small;
  if (!small || typeof small !== 'object' || !Array.isArray(small.projects) || !Array.isArray(small.knownTags) || !Array.isArray(small.aliases) || !Array.isArray(small.teamShared) || !Array.isArray(small.warnings)) return null;

  let next = 0;
  const take = () => slots[next++];
  const table = (slotsArray: Arr | null, seed: number): HashTableImage => ({ seed, slots: slotsArray as Int32Array });
  const strings = { narrowBounds: take() as Uint32Array, wideBounds: take() as Uint32Array, narrow, wide };
  const files: FilesImage = {
    keys: take() as Int32Array,
    table: table(take(), h.seeds[0]),
    written: take() as Int32Array,
    descriptions: take() as Int32Array,
    tagStarts: take() as Uint32Array,
    tags: take() as Int32Array,
    hintStarts: take() as Uint32Array,
    hints: take() as Int32Array,
  };
  const lists = LISTS.map((_, i): ListsImage => ({
    keys: take() as Int32Array,
    table: table(take(), h.seeds[1 + i]),
    starts: take() as Uint32Array,
    items: take() as Int32Array,
    descriptions: take() as Int32Array | null,
  }));
  const image: IndexImage = {
    strings,
    files,
    tagIndex: lists[0],
    otherTags: lists[1],
    hints: lists[2],
    filesByTag: lists[3],
    filesByHint: lists[4],
    normalisedHints: take() as Int32Array,
    small,
  };
  return consistent(image) ? image : null;
}

/**
 * Shapes that must hold between the arrays (O(1) checks: the checksum vouches for the contents,
 * these for a writer whose layout this build reads differently).
 */
function consistent(image: IndexImage): boolean {
  const { strings, files } = image;
  const isTable = (t: HashTableImage, keys: number) => t.slots.length >= 2 && (t.slots.length & (t.slots.length - 1)) === 0 && t.slots.length >= keys;
  const listOk = (l: ListsImage) => l.starts.length === l.keys.length + 1 && l.starts[l.keys.length] === l.items.length && isTable(l.table, l.keys.length) && (l.descriptions === null || l.descriptions.length === l.items.length);
  const n = files.keys.length;
  return (
    strings.narrowBounds.length >= 1 &&
    strings.narrowBounds[strings.narrowBounds.length - 1] === strings.narrow.length &&
    strings.wideBounds.length >= 1 &&
    strings.wideBounds[strings.wideBounds.length - 1] === strings.wide.length &&
    isTable(files.table, n) &&
    files.written.length === n &&
    files.descriptions.length === n &&
    files.tagStarts.length === n + 1 &&
    files.tagStarts[n] === files.tags.length &&
    files.hintStarts.length === n + 1 &&
    files.hintStarts[n] === files.hints.length &&
    [image.tagIndex, image.otherTags, image.hints, image.filesByTag, image.filesByHint].every(listOk) &&
    image.tagIndex.descriptions !== null &&
    image.otherTags.descriptions !== null &&
    image.normalisedHints.length % 2 === 0
  );
}
