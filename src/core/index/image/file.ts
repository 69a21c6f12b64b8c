// An index image as bytes and back, for the index cache (indexCache.ts). The typed arrays are
// stored as they lie in memory and opened as views on the file's own buffer (no copy, no
// deserializer); everything else is a small JSON header. A CRC-32 of the whole file catches
// damage, the stamp another build's or another index.md's file: either is a miss (null). A forged
// file that passes both is opened only if its shape is one this code can walk (validate.ts), and
// every value it holds is checked when it is read (view.ts): a bad one ends the read with
// CorruptImageError, never with another index, a hang or a crash.
//
// Layout, in this machine's byte order (a file from another is a miss): "ARIAIMG\0", the format,
// 0x01020304, the CRC-32 and length of bytes 24 to the end, the header's length, where the arrays
// start; at 32 the header: JSON {producer, key, image}, each typed array of the image written
// {"$": kind, "o": offset from the arrays' start, "n": length}; then the arrays, each 8-aligned.
import { Buffer } from 'node:buffer';
import * as zlib from 'node:zlib';
import type { IndexImage } from './compact';
import { openableImage } from './validate';

/** Bumped whenever the meaning of an image's fields, or the file's layout, changes. */
export const IMAGE_FILE_FORMAT = 6;
const MAGIC = Buffer.from('ARIAIMG\0', 'latin1');
const BYTE_ORDER = 0x01020304;
const CHECKED_FROM = 24;
const HEADER_AT = 32;

/** Both must match: the producing build, and index.md's identity (path, device, inode, size, times). */
export interface ImageFileStamp {
  producer: string;
  key: string;
}

type ArrayKind = 'u8' | 'u16' | 'u32' | 'i32';
type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array;
const KINDS: Record<ArrayKind, { make: new (b: ArrayBuffer, o: number, n: number) => TypedArray; size: number }> = {
  u8: { make: Uint8Array, size: 1 },
  u16: { make: Uint16Array, size: 2 },
  u32: { make: Uint32Array, size: 4 },
  i32: { make: Int32Array, size: 4 },
};

function kindOf(a: unknown): ArrayKind | null {
  if (a instanceof Uint8Array) return 'u8';
  if (a instanceof Uint16Array) return 'u16';
  if (a instanceof Uint32Array) return 'u32';
  if (a instanceof Int32Array) return 'i32';
  return null;
}

const align8 = (n: number) => (n + 7) & ~7;

/** Null where this Node has no checksum for it (zlib.crc32: Node 20.15+). */
export function encodeImage(image: IndexImage, stamp: ImageFileStamp): Buffer | null {
  if (typeof zlib.crc32 !== 'function') return null;
  const arrays: TypedArray[] = [];
  const offsets: number[] = [];
  let end = 0;
  const marked = (v: unknown): unknown => {
    const kind = kindOf(v);
    if (kind !== null) {
      const a = v as TypedArray;
      arrays.push(a);
      offsets.push(end);
      end = align8(end + a.byteLength);
      return { $: kind, o: offsets[offsets.length - 1], n: a.length };
    }
    if (Array.isArray(v)) return v.map(marked);
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, marked(x)]));
    return v;
  };
  const { small, ...tables } = image;
  const header = JSON.stringify({
    producer: stamp.producer,
    key: stamp.key,
    image: { ...(marked(tables) as object), small },
  });
  const headerBytes = Buffer.byteLength(header, 'utf8');
  const dataAt = align8(HEADER_AT + headerBytes);
  const out = Buffer.alloc(dataAt + end); // a buffer of its own, at offset 0: aligned
  MAGIC.copy(out, 0);
  out.writeUInt32LE(IMAGE_FILE_FORMAT, 8);
  new Uint32Array(out.buffer, out.byteOffset + 12, 1)[0] = BYTE_ORDER;
  out.writeUInt32LE(headerBytes, 24);
  out.writeUInt32LE(dataAt, 28);
  out.write(header, HEADER_AT, 'utf8');
  arrays.forEach((a, i) => out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), dataAt + offsets[i]));
  out.writeUInt32LE(zlib.crc32(out.subarray(CHECKED_FROM)), 16);
  out.writeUInt32LE((out.length - CHECKED_FROM) % 0x1_0000_0000, 20);
  return out;
}

interface Header extends ImageFileStamp {
  image: unknown;
  /** Where the arrays start (8-aligned, after the header). */
  dataAt: number;
}

/**
 * The header, when the file is whole (magic, format, byte order, length and CRC-32 all match);
 * `buf` 8-aligned (a buffer of its own, as readPrivateFile reads it).
 */
function headerOf(buf: Buffer): Header | null {
  if (buf.length < HEADER_AT || !buf.subarray(0, 8).equals(MAGIC) || buf.readUInt32LE(8) !== IMAGE_FILE_FORMAT)
    return null;
  if (new Uint32Array(buf.buffer, buf.byteOffset + 12, 1)[0] !== BYTE_ORDER) return null;
  if (buf.readUInt32LE(20) !== (buf.length - CHECKED_FROM) % 0x1_0000_0000) return null;
  if (typeof zlib.crc32 !== 'function' || zlib.crc32(buf.subarray(CHECKED_FROM)) !== buf.readUInt32LE(16)) return null;
  const headerBytes = buf.readUInt32LE(24);
  const dataAt = buf.readUInt32LE(28);
  if (dataAt !== align8(HEADER_AT + headerBytes) || dataAt > buf.length) return null;
  try {
    const h = JSON.parse(buf.toString('utf8', HEADER_AT, HEADER_AT + headerBytes)) as Header;
    return h !== null && typeof h === 'object' && typeof h.producer === 'string' && typeof h.key === 'string'
      ? { ...h, dataAt }
      : null;
  } catch {
    return null;
  }
}

export function readStamp(buf: Buffer): ImageFileStamp | null {
  const h = headerOf(aligned(buf));
  return h && { producer: h.producer, key: h.key };
}

/** Views need their element size's alignment: a buffer of its own (readPrivateFile's) has it, others are copied. */
function aligned(buf: Buffer): Buffer {
  if (buf.byteOffset % 8 === 0) return buf;
  const own = Buffer.alloc(buf.length);
  buf.copy(own);
  return own;
}

export function decodeImage(buf: Buffer, stamp: ImageFileStamp): IndexImage | null {
  const bytes = aligned(buf);
  const h = headerOf(bytes);
  if (!h || h.producer !== stamp.producer || h.key !== stamp.key) return null;
  const image = h.image as Record<string, unknown> | null;
  if (image === null || typeof image !== 'object') return null;
  try {
    const opened: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(image)) opened[k] = k === 'small' ? v : views(v, bytes, h.dataAt);
    return openableImage(opened) ? opened : null;
  } catch {
    return null;
  }
}

/** The markers of `v` as views on `bytes`; a marker pointing outside the arrays (or misaligned) throws: a miss. */
function views(v: unknown, bytes: Buffer, dataAt: number): unknown {
  if (Array.isArray(v)) return v.map((x) => views(x, bytes, dataAt));
  if (v === null || typeof v !== 'object') return v;
  const m = v as { $?: unknown; o?: unknown; n?: unknown };
  if (typeof m.$ === 'string' && Object.prototype.hasOwnProperty.call(KINDS, m.$)) {
    const { make, size } = KINDS[m.$ as ArrayKind];
    const o = m.o;
    const n = m.n;
    if (typeof o !== 'number' || typeof n !== 'number' || !Number.isSafeInteger(o) || !Number.isSafeInteger(n))
      throw new RangeError('not an array marker');
    if (o < 0 || n < 0 || o % 8 !== 0 || dataAt + o + n * size > bytes.length)
      throw new RangeError('array out of the file');
    return new make(bytes.buffer as ArrayBuffer, bytes.byteOffset + dataAt + o, n);
  }
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, views(x, bytes, dataAt)]));
}
