// §12.4 The generator's one collation: Unicode's default lower-casing (ECMAScript's toLowerCase, which
// no locale changes), then code points; ties broken by the code points of the text as written.
// Never localeCompare: its order depends on the machine's ICU data and locale.

/** Compares by code point (UTF-16 order differs above U+E000 against surrogate pairs). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (U+D800–U+DFFF) stand for code points above U+FFFF: move them above U+E000–U+FFFF.
    if (x >= 0xd800) x += x < 0xe000 ? 0x2000 : -0x800;
    if (y >= 0xd800) y += y < 0xe000 ? 0x2000 : -0x800;
    return x - y;
  }
  return a.length - b.length;
}

/** The order of tags, hint phrases and paths in a generated index.md. */
export function collate(a: string, b: string): number {
  return compareCodePoints(a.toLowerCase(), b.toLowerCase()) || compareCodePoints(a, b);
}

/** Sorted with collate, de-duplicated (exact text). */
export function collated(values: Iterable<string>): string[] {
  return sortCollated([...new Set(values)], (v) => v);
}

/**
 * `items` in collate's order of their keys (the first key first, then the next), each key
 * lowercased once instead of at every comparison; ties keep their order, as `sort` does.
 */
export function sortCollated<T>(items: readonly T[], ...keys: Array<(item: T) => string>): T[] {
  const keyed = items.map((item) => {
    const texts = keys.map((key) => key(item));
    return { item, texts, lower: texts.map((t) => t.toLowerCase()) };
  });
  keyed.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const c = compareCodePoints(a.lower[i], b.lower[i]) || compareCodePoints(a.texts[i], b.texts[i]);
      if (c) return c;
    }
    return 0;
  });
  return keyed.map((k) => k.item);
}
