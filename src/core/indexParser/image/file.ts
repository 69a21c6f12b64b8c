// An index image as bytes and back, for the index cache (indexCache.ts): node:v8's structured
// serialization (typed arrays included) behind a SHA-256 of it. A truncated, corrupt, foreign or
// forged file decodes to null (a miss), never to an exception, a hang or another index: the
// checksum catches damage, and validImage every shape a forged payload could take.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import * as v8 from 'node:v8';
import type { IndexImage } from './compact';
import { validImage } from './validate';

/** Bumped whenever the meaning of an image's fields changes. */
export const IMAGE_FILE_FORMAT = 3;
const DIGEST = 32;

/** Both must match: the producing build, and index.md's identity (path, device, inode, size, times). */
export interface ImageFileStamp {
  producer: string;
  key: string;
}

interface Payload extends ImageFileStamp {
  format: number;
  image: IndexImage;
}

export function encodeImage(image: IndexImage, stamp: ImageFileStamp): Buffer {
  const body = v8.serialize({
    format: IMAGE_FILE_FORMAT,
    producer: stamp.producer,
    key: stamp.key,
    image,
  } satisfies Payload);
  return Buffer.concat([createHash('sha256').update(body).digest(), body]);
}

export function readStamp(buf: Buffer): ImageFileStamp | null {
  const p = payloadOf(buf);
  return p && { producer: p.producer, key: p.key };
}

export function decodeImage(buf: Buffer, stamp: ImageFileStamp): IndexImage | null {
  const p = payloadOf(buf);
  return p && p.producer === stamp.producer && p.key === stamp.key && validImage(p.image) ? p.image : null;
}

function payloadOf(buf: Buffer): Payload | null {
  if (buf.length <= DIGEST) return null;
  const body = buf.subarray(DIGEST);
  if (!createHash('sha256').update(body).digest().equals(buf.subarray(0, DIGEST))) return null;
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
