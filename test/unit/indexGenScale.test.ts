// The index generator's work at scale (§12.10): what the scan asks of the file system per note,
// and the per-heading section changes (§12.8) and line split against the plain rules they replace.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { generateIndex, IndexScan } from '../../src/core/indexGen/generate';
import { sectionChanges } from '../../src/core/indexGen/sectionChanges';
import { splitRaw } from '../../src/core/indexGen/splice';
import { homeConfig, makeHome, tempDir } from '../helpers';

const TODAY = '2026-12-04';

function scanOf(home: string): IndexScan {
  return new IndexScan(homeConfig(home));
}

/** Runs `fn` counting the real-path resolutions it asks for. */
function countingRealpaths<T>(fn: () => T): { value: T; calls: number } {
  const realpath = fs.realpathSync as typeof fs.realpathSync & { native: (p: fs.PathLike) => string };
  const native = realpath.native;
  let calls = 0;
  realpath.native = ((p: fs.PathLike) => {
    calls++;
    return native(p);
  }) as typeof native;
  try {
    return { value: fn(), calls };
  } finally {
    realpath.native = native;
  }
}

describe('§12.10 the scan resolves each folder once, every note still verified (§9)', () => {
  test('200 notes in 2 folders: a handful of resolutions, not one per note; the same notes read', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 100; i++) {
      files[`knowledge/approaches/a${i}.md`] = `---\ntags: [api]\n---\n# A ${i}\n`;
      files[`knowledge/guides/deep/g${i}.md`] = `---\ntags: [web]\n---\n# G ${i}\n`;
    }
    const home = makeHome({ files });
    const { value: scan, calls } = countingRealpaths(() => scanOf(home).runAll());
    assert.equal(scan.notes.length, 200);
    assert.deepEqual(scan.refused, []);
    assert.ok(calls < 20, `${calls} real-path resolutions for 200 notes in 2 folders`);
  });

  test('a symlinked note inside is read; one leading out is refused', () => {
    const outside = tempDir('aria-outside-');
    fs.writeFileSync(path.join(outside, 'secret.md'), '---\ntags: [secret]\n---\n# Secret\n');
    const home = makeHome({
      files: {
        'knowledge/approaches/real.md': '---\ntags: [api]\n---\n# Real\n',
        'knowledge/references/inner/target.md': '---\ntags: [web]\n---\n# Target\n',
      },
    });
    const kf = path.join(home, 'knowledge');
    fs.symlinkSync(path.join(kf, 'references', 'inner', 'target.md'), path.join(kf, 'approaches', 'inside.md'));
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(kf, 'approaches', 'out.md'));
    const scan = scanOf(home).runAll();
    const read = scan.notes.map((n) => `${n.path} ${n.tags.join(',')}`).sort();
    assert.deepEqual(read, ['approaches/inside.md web', 'approaches/real.md api', 'references/inner/target.md web']);
    assert.deepEqual(
      scan.refused.map((r) => r.path),
      ['approaches/out.md'],
    );
    assert.match(scan.refused[0].reason, /real path/);
  });
});

/** §12.8's rule as first written: every line of a section keyed by its heading, counted over the whole section. */
function referenceChanges(before: string, after: string): string[] {
  const lines = (text: string) => {
    const out = new Map<string, string[]>();
    let section: string | null = null;
    let heading = '';
    for (const { text: line } of splitRaw(text).lines) {
      if (/^## /.test(line)) {
        section = line.slice(3).trim().toLowerCase();
        heading = '';
        out.set(section, out.get(section) ?? []);
        continue;
      }
      if (section === null || line.trim() === '') continue;
      if (/^### /.test(line)) heading = line.slice(4).trim();
      out.get(section)!.push(`${heading}\u0000${line}`);
    }
    return out;
  };
  const old = lines(before);
  const now = lines(after);
  const titles: Record<string, string> = { 'tag index': 'Tag Index', 'other tags': 'Other Tags' };
  const out: string[] = [];
  for (const name of ['tag index', 'other tags']) {
    const counts = new Map<string, number>();
    for (const l of old.get(name) ?? []) counts.set(l, (counts.get(l) ?? 0) + 1);
    const added = (now.get(name) ?? []).filter((l) => {
      const n = counts.get(l) ?? 0;
      if (n > 0) counts.set(l, n - 1);
      return n === 0;
    });
    const removed = (old.get(name) ?? []).filter((l) => {
      const n = counts.get(l) ?? 0;
      if (n > 0) counts.set(l, n - 1);
      return n > 0;
    });
    const shown = (sign: string) => (l: string) => {
      const [heading, line] = l.split('\u0000');
      return `${titles[name]}${heading && !line.startsWith('###') ? ` (${heading})` : ''}: ${sign}: ${line}`;
    };
    const all = [...removed.map(shown('removed')), ...added.map(shown('added'))];
    out.push(...all.slice(0, 10));
    if (all.length > 10) out.push(`${titles[name]}: and ${all.length - 10} more changed lines`);
  }
  return out;
}

function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('§12.8 section changes, heading by heading', () => {
  test('the same lines as counting each whole section, on random edits (moves, repeats, renames)', () => {
    const r = random(39);
    const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
    const section = (name: string) => {
      const out = [`## ${name}`, ''];
      for (let h = 0, n = 1 + Math.floor(r() * 4); h < n; h++) {
        out.push(`### ${pick(['api', 'web', 'db', 'api'])}`);
        for (let k = 0, m = Math.floor(r() * 4); k < m; k++)
          out.push(`- ${pick(['a.md', 'b.md', 'c.md'])} — ${pick(['A', 'B'])}`);
        out.push('');
      }
      return out;
    };
    for (let i = 0; i < 2000; i++) {
      const before = ['# I', '', ...section('Tag Index'), ...section('Other Tags')].join('\n');
      const after = ['# I', '', ...section('Tag Index'), ...section('Other Tags')].join('\n');
      const mine = sectionChanges(before, after, new Map());
      assert.deepEqual(mine, referenceChanges(before, after), `${before}\n----\n${after}`);
    }
  });
});

describe('§F1 index.md split into lines once, with each line ending', () => {
  test('the same lines and endings as the line-ending regex, on random text', () => {
    const r = random(7);
    const alphabet = ['a', 'bc', '\r', '\n', '\r\n', '\n\r', '\ufeff', ' '];
    const reference = (raw: string) => {
      const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
      const lines: Array<{ text: string; eol: string }> = [];
      const re = /([^\r\n]*)(\r\n|\r|\n|$)/g;
      for (let m = re.exec(text); m && m.index < text.length; m = re.exec(text)) {
        lines.push({ text: m[1], eol: m[2] });
        if (m[2] === '') break;
      }
      return lines;
    };
    for (let i = 0; i < 20000; i++) {
      let s = '';
      for (let k = Math.floor(r() * 10); k > 0; k--) s += alphabet[Math.floor(r() * alphabet.length)];
      assert.deepEqual(splitRaw(s).lines, reference(s), JSON.stringify(s));
    }
  });
});

describe('§12.8 unchanged: index.md but for its date', () => {
  test('compared in place: the date alone is no change, one other byte is', () => {
    const home = makeHome({ files: { 'knowledge/approaches/a.md': '---\ntags: [api]\n---\n# A\n' } });
    const first = generateIndex(scanOf(home), '\ufeff# Index\r\n\r\nLast rebuilt: 2020-01-01\r\n', { today: TODAY });
    const again = generateIndex(scanOf(home), first.text.replace(TODAY, '2021-02-03'), { today: TODAY });
    assert.equal(again.diff.unchanged, true);
    // A generated line edited: the rebuild writes it back, so index.md is not up to date.
    const edited = first.text.replace('approaches/a.md — A', 'approaches/a.md — B');
    assert.notEqual(edited, first.text);
    assert.equal(generateIndex(scanOf(home), edited, { today: TODAY }).diff.unchanged, false);
    // A carried line edited: the rebuild carries it, so it is still up to date but for the date.
    const carried = again.text.replace('# Index', '# Index!');
    assert.equal(generateIndex(scanOf(home), carried, { today: TODAY }).diff.unchanged, true);
  });
});
