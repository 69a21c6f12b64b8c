// An index image as bytes and back, for the index cache (indexCache.ts): node:v8's structured
// serialization (typed arrays included) behind a checksum of it. A truncated, corrupt or foreign
// file decodes to null (a miss): the checksum catches damage, the stamp another build's or
// another index.md's file. A forged file that passes both is opened only if its shape is one this
// code can walk (validate.ts), and every value it holds is checked when it is read (view.ts):
// a bad one ends the read with CorruptImageError, never with another index, a hang or a crash.
import { Buffer } from 'node:buffer';
import * as v8 from 'node:v8';
import * as zlib from 'node:zlib';
import type { IndexImage } from './compact';
import { openableImage } from './validate';

/** Bumped whenever the meaning of an image's fields, or the file's layout, changes. */
export const IMAGE_FILE_FORMAT = 4;
const CHECKSUM_BYTES = 8;

/** Both must match: the producing build, and index.md's identity (path, device, inode, size, times). */
export interface ImageFileStamp {
  producer: string;
  key: string;
}

interface Payload extends ImageFileStamp {
  format: number;
  image: IndexImage;
}

/** Null where this Node has no checksum for it (see checksum). */
export function encodeImage(image: IndexImage, stamp: ImageFileStamp): Buffer | null {
  const body = v8.serialize({
    format: IMAGE_FILE_FORMAT,
    producer: stamp.producer,
    key: stamp.key,
    image,
  } satisfies Payload);
  const sum = checksum(body);
  return sum && Buffer.concat([sum, body]);
}

export function readStamp(buf: Buffer): ImageFileStamp | null {
  const p = payloadOf(buf);
  return p && { producer: p.producer, key: p.key };
}

export function decodeImage(buf: Buffer, stamp: ImageFileStamp): IndexImage | null {
  const p = payloadOf(buf);
  return p && p.producer === stamp.producer && p.key === stamp.key && openableImage(p.image) ? p.image : null;
}

function payloadOf(buf: Buffer): Payload | null {
  if (buf.length <= CHECKSUM_BYTES) return null;
  const body = buf.subarray(CHECKSUM_BYTES);
  if (!checksum(body)?.equals(buf.subarray(0, CHECKSUM_BYTES))) return null;
  try {
    const p = v8.deserialize(body) as Payload;
    return p !== null &&
      typeof p === 'object' &&
      p.format === IMAGE_FILE_FORMAT &&
      typeof p.producer === 'string' &&
      typeof p.key === 'string'
      ? p
      : null;
  } catch {
    return null;
  }
}

/**
 * zlib's CRC-32 of the bytes and their length. Damage, not forgery, is what it has to catch (a
 * forger can write any checksum); node:zlib is nearly free once node:v8 has loaded the streams,
 * where node:crypto would cost about 6 ms and a checksum in JavaScript as much on a cold process.
 * Node before 20.15 has no zlib.crc32: the cache is then off (a miss every time, nothing written).
 */
export function checksum(bytes: Uint8Array): Buffer | null {
  if (typeof zlib.crc32 !== 'function') return null;
  const out = Buffer.alloc(CHECKSUM_BYTES);
  out.writeUInt32LE(zlib.crc32(bytes), 0);
  out.writeUInt32LE(bytes.length % 0x1_0000_0000, 4);
  return out;
}
