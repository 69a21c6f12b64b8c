// The strings of an index image, in two pools (one-byte and two-byte), so a description with
// an em dash does not double the size of every path. A file's path and description are stored
// once however often it is listed; tags and phrases once each (fileTables.ts).
import { Buffer } from 'node:buffer';

// Id 2i: narrow string i, 2j+1: wide string j, -1: null; string i is pool[bounds[i], bounds[i + 1]).
// Bytes, not strings: postMessage moves them, and the receiver decodes only what it reads.
export interface StringsImage {
  narrow: Uint8Array;
  narrowBounds: Uint32Array;
  wide: Uint16Array;
  wideBounds: Uint32Array;
}

export class StringsBuilder {
  private readonly ids = new Map<string, number>();
  private readonly narrow: string[] = [];
  private readonly wide: string[] = [];

  id(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.add(s);
      this.ids.set(s, id);
    }
    return id;
  }

  /** For a string known to be new (a file's path): no lookup. */
  add(s: string): number {
    if (isNarrow(s)) {
      this.narrow.push(s);
      return 2 * this.narrow.length - 2;
    }
    this.wide.push(s);
    return 2 * this.wide.length - 1;
  }

  finish(): StringsImage {
    const narrowBounds = bounds(this.narrow);
    const wideBounds = bounds(this.wide);
    // Own buffers (never Buffer's shared pool): a transfer detaches the whole ArrayBuffer.
    const narrow = new Uint8Array(narrowBounds[this.narrow.length]);
    writeChunked(Buffer.from(narrow.buffer), this.narrow, 'latin1', 1);
    const wide = new Uint16Array(wideBounds[this.wide.length]);
    writeChunked(Buffer.from(wide.buffer), this.wide, 'utf16le', 2);
    return { narrow, narrowBounds, wide, wideBounds };
  }
}

function isNarrow(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0xff) return false;
  return true;
}

function bounds(list: readonly string[]): Uint32Array {
  const out = new Uint32Array(list.length + 1);
  let at = 0;
  for (let i = 0; i < list.length; i++) {
    at += list[i].length;
    out[i + 1] = at;
  }
  return out;
}

/** Joined a chunk at a time: a join of the whole pool would be one more copy of it on the heap. */
const CHUNK = 4096;

function writeChunked(target: Buffer, list: readonly string[], encoding: 'latin1' | 'utf16le', width: number): void {
  let at = 0;
  for (let i = 0; i < list.length; i += CHUNK) {
    const piece = list.slice(i, i + CHUNK).join('');
    at += target.write(piece, at, piece.length * width, encoding);
  }
}

export class StringsView {
  private readonly narrow: Buffer;
  private readonly wide: Buffer;

  constructor(private readonly image: StringsImage) {
    this.narrow = Buffer.from(image.narrow.buffer, image.narrow.byteOffset, image.narrow.byteLength);
    this.wide = Buffer.from(image.wide.buffer, image.wide.byteOffset, image.wide.byteLength);
  }

  get(id: number): string {
    const { image } = this;
    const i = checkedIndex(image, id);
    if ((id & 1) === 0) return this.narrow.toString('latin1', image.narrowBounds[i], image.narrowBounds[i + 1]);
    return this.wide.toString('utf16le', 2 * image.wideBounds[i], 2 * image.wideBounds[i + 1]);
  }

  /** -1 is "none"; any other id must name a string. */
  orNull(id: number): string | null {
    return id === -1 ? null : this.get(id);
  }

  equals(id: number, s: string): boolean {
    const { image } = this;
    const i = checkedIndex(image, id);
    const narrow = (id & 1) === 0;
    const b = narrow ? image.narrowBounds : image.wideBounds;
    const start = b[i];
    if (b[i + 1] - start !== s.length) return false;
    const pool = narrow ? image.narrow : image.wide;
    for (let k = 0; k < s.length; k++) if (pool[start + k] !== s.charCodeAt(k)) return false;
    return true;
  }
}

/**
 * An image read from a file holds a value this code never writes (a string id or file number out
 * of range): the read stops here, and the caller answers from index.md instead (cache files only;
 * an image built in this process is never wrong).
 */
export class CorruptImageError extends Error {
  constructor() {
    super('the index cache file holds a value out of range');
    this.name = 'CorruptImageError';
  }
}

/** The string's index in its pool's bounds (even ids: one-byte pool, odd: two-byte), or a throw. */
function checkedIndex(image: StringsImage, id: number): number {
  const i = id >> 1;
  const count = ((id & 1) === 0 ? image.narrowBounds.length : image.wideBounds.length) - 1;
  if (!(id >= 0 && i < count)) throw new CorruptImageError();
  return i;
}
