// Open-addressing hash tables over string ids, built on the worker side and read on the
// receiving side with the same hash: a lookup by key needs no Map of every key.
import { CorruptImageError, type StringsView } from './strings';

// 2^k slots at most half full, each 0 (empty) or 1 + a key's position; linear probing. A seed per
// image: an index written to collide cannot make lookups slow (§9).
export interface HashTableImage {
  seed: number;
  slots: Int32Array;
}

/** FNV-1a over UTF-16 code units from `seed`, then a final mix so the low bits depend on every character. */
export function hashString(s: string, seed: number): number {
  let h = seed | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export function newSeed(): number {
  return (Math.random() * 0x100000000) >>> 0;
}

export function buildHashTable(keys: readonly string[], seed: number): HashTableImage {
  let size = 2;
  while (size < keys.length * 2) size *= 2;
  const slots = new Int32Array(size);
  const mask = size - 1;
  for (let k = 0; k < keys.length; k++) {
    let at = hashString(keys[k], seed) & mask;
    while (slots[at] !== 0) at = (at + 1) & mask;
    slots[at] = k + 1;
  }
  return { seed, slots };
}

export function lookup(table: HashTableImage, keyIds: Int32Array, strings: StringsView, key: string): number {
  if (typeof key !== 'string') return -1; // what a Map of string keys answers for any other key
  const { slots } = table;
  const mask = slots.length - 1;
  // At most one probe per slot. A table this code builds always has an empty slot (more slots
  // than keys), so a pass with none, or a slot naming no key, is a forged cache file.
  for (let at = hashString(key, table.seed) & mask, probes = 0; probes < slots.length; at = (at + 1) & mask, probes++) {
    const slot = slots[at];
    if (slot === 0) return -1;
    if (slot < 0 || slot > keyIds.length) throw new CorruptImageError();
    if (strings.equals(keyIds[slot - 1], key)) return slot - 1;
  }
  throw new CorruptImageError();
}
