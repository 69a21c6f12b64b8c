// The strings of an index image, in two pools (one-byte and two-byte), so a description with
// an em dash does not double the size of every path. A file's path and description are stored
// once however often it is listed; tags and phrases once each (fileTables.ts).
import { Buffer } from 'node:buffer';

/**
 * Two pool strings and where each string starts in them. A string id is even in the one-byte
 * pool (`narrow`, id 2i) and odd in the two-byte pool (`wide`, id 2j+1); -1 stands for null.
 * String i of a pool is pool.slice(bounds[i], bounds[i + 1]).
 */
export interface StringsImage {
  narrow: string;
  narrowBounds: Uint32Array;
  wide: string;
  wideBounds: Uint32Array;
}

/** Gives each distinct string one id (worker side). */
export class StringsBuilder {
  private readonly ids = new Map<string, number>();
  private readonly narrow: string[] = [];
  private readonly wide: string[] = [];

  /** The id of `s`, the same for every equal string. */
  id(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.add(s);
      this.ids.set(s, id);
    }
    return id;
  }

  /** A new id for `s`, for a string known to be new (a file's path): no lookup. */
  add(s: string): number {
    if (isNarrow(s)) {
      this.narrow.push(s);
      return 2 * this.narrow.length - 2;
    }
    this.wide.push(s);
    return 2 * this.wide.length - 1;
  }

  /** id(s), or -1 for null. */
  idOrNull(s: string | null | undefined): number {
    return s === null || s === undefined ? -1 : this.id(s);
  }

  finish(): StringsImage {
    return {
      narrow: oneByte(this.narrow.join('')),
      narrowBounds: bounds(this.narrow),
      wide: this.wide.join(''),
      wideBounds: bounds(this.wide),
    };
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

/** Below Node's threshold for external strings: each chunk decodes to a string on the heap. */
const CHUNK = 256 * 1024;

/**
 * `s` (every character ≤ U+00FF) as a one-byte string. Pieces sliced from a text that holds
 * any wider character are stored two bytes per character, and so is their join: decoding its
 * latin1 bytes gives one byte per character, half the heap and half the copy on a postMessage.
 */
function oneByte(s: string): string {
  if (s.length < CHUNK) return Buffer.from(s, 'latin1').toString('latin1');
  const bytes = Buffer.from(s, 'latin1');
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK) parts.push(bytes.toString('latin1', at, Math.min(bytes.length, at + CHUNK)));
  return parts.join('');
}

/** The receiving side: strings by id, made on demand (slices of the pools). */
export class StringsView {
  constructor(private readonly image: StringsImage) {}

  get(id: number): string {
    const { image } = this;
    const i = id >> 1;
    if ((id & 1) === 0) return image.narrow.slice(image.narrowBounds[i], image.narrowBounds[i + 1]);
    return image.wide.slice(image.wideBounds[i], image.wideBounds[i + 1]);
  }

  orNull(id: number): string | null {
    return id < 0 ? null : this.get(id);
  }

  /** Whether string `id` is `s`, without making it. */
  equals(id: number, s: string): boolean {
    const { image } = this;
    const i = id >> 1;
    const pool = (id & 1) === 0 ? image.narrow : image.wide;
    const b = (id & 1) === 0 ? image.narrowBounds : image.wideBounds;
    const start = b[i];
    return b[i + 1] - start === s.length && pool.startsWith(s, start);
  }
}

export function stringsTransferables(image: StringsImage): ArrayBuffer[] {
  return [image.narrowBounds.buffer as ArrayBuffer, image.wideBounds.buffer as ArrayBuffer];
}
