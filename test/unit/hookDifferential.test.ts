// The hook's rule (SPEC §10, "The hook's rule and aria-knowledge's") held by a reference written
// from that statement alone: it reads index.md's lines and the config's shared projects itself,
// finds the prompt's tags, the notes that carry them and their order, and the built CLI's hook
// must name exactly the first of those, on generated folders and generated prompts.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { generateHome, prng, type GeneratedHome } from '../../bench/generate';
import { fixtureCopy, repoRoot, tempDir } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });

interface Entry {
  section: string;
  heading: string;
  path: string;
  project: string | null;
}

/** index.md read line by line: every entry under a `### heading`, with its section. */
function readIndex(text: string) {
  const entries: Entry[] = [];
  const known = new Set<string>();
  const aliases = new Map<string, string>();
  let section = '';
  let heading = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) [section, heading] = [line.slice(3).trim(), ''];
    else if (line.startsWith('### ')) heading = line.slice(4).trim().toLowerCase();
    else if (section === 'Known Tags' && line.trim()) {
      for (const m of line.matchAll(/\s*([^,[\]]+?)\s*(?:\[aliases: ([^\]]*)\])?\s*(?:,|$)/g)) {
        if (!m[1]) continue;
        known.add(m[1].toLowerCase());
        for (const a of (m[2] ?? '').split(',').map((x) => x.trim().toLowerCase()))
          if (a) aliases.set(a, m[1].toLowerCase());
      }
    } else if (line.startsWith('- ') && heading) {
      const [p, ...rest] = line.slice(2).split(' — ');
      const project = /\[project: ([^,\]]+)/.exec(rest.join(' — '))?.[1] ?? null;
      entries.push({ section, heading, path: p.trim(), project });
    }
  }
  return { entries, known, aliases };
}

/** The stated rule, from scratch: the notes the hook names for `prompt`, best first (all of them). */
function referenceNotes(g: Folder, index: ReturnType<typeof readIndex>, shared: string[], prompt: string) {
  const headings = new Set(index.entries.filter((e) => e.section === 'Tag Index').map((e) => e.heading));
  const lookup = (s: string) => (headings.has(s) || index.known.has(s) ? s : (index.aliases.get(s) ?? null));
  const words = prompt
    .slice(0, 20_000)
    .toLowerCase()
    .split(/[^\p{L}\p{N}#+]+/u)
    .filter(Boolean);
  const tags: string[] = [];
  for (let i = 0; i < words.length;) {
    let hit: string | null = null;
    let width = 1;
    for (let k = Math.min(4, words.length - i); k >= 1 && !hit; k--)
      for (const joiner of k === 1 ? [''] : ['-', ' ', '_', '.', '']) {
        hit = lookup(words.slice(i, i + k).join(joiner));
        if (hit) {
          width = k;
          break;
        }
      }
    if (hit && !tags.includes(hit)) tags.push(hit);
    i += hit ? width : 1;
  }
  if (tags.length < 2) return { tags, notes: [] as string[] };
  const home = g.home;
  const absOf = (e: Entry) =>
    e.section === 'Team-Shared Tag Index' ? path.join(home, e.path.slice(2)) : path.join(g.knowledgeFolder, e.path);
  const eligible = (e: Entry) => {
    if (e.section === 'Tag Index' || e.section === 'Other Tags') return !e.path.startsWith('projects/');
    if (e.section !== 'Team-Shared Tag Index' || !e.project) return false;
    if (e.project === 'cross')
      return shared.some((p) =>
        absOf(e).startsWith(path.join(home, 'Projects', p, '_project-knowledge', 'cross') + '/'),
      );
    return shared.includes(e.project);
  };
  const kind = (e: Entry) => (e.section === 'Team-Shared Tag Index' ? 'team' : 'index');
  // Each note: the prompt's tags it carries (headings it is listed under, in its own kind of section).
  const carried = new Map<string, Set<string>>();
  const listed = index.entries.filter((e) => eligible(e) && fs.existsSync(absOf(e)));
  for (const e of listed) {
    const key = `${kind(e)} ${absOf(e)}`;
    if (!tags.includes(e.heading)) continue;
    if (!carried.has(key)) carried.set(key, new Set());
    carried.get(key)!.add(e.heading);
  }
  // aria's walk: tags longest first (ties: the prompt's order); each tag's notes in file order.
  const walk = tags.map((t, i) => ({ t, i })).sort((a, b) => b.t.length - a.t.length || a.i - b.i);
  const place = new Map<string, number>();
  for (const { t } of walk)
    for (const e of listed) {
      const key = `${kind(e)} ${absOf(e)}`;
      if (e.heading === t && !place.has(key)) place.set(key, place.size);
    }
  const ordered = [...carried.keys()].sort(
    (a, b) => carried.get(b)!.size - carried.get(a)!.size || place.get(a)! - place.get(b)!,
  );
  return { tags, notes: ordered.map((k) => k.slice(k.indexOf(' ') + 1)) };
}

function hookPaths(home: string, session: string, prompt: string): { text: string; paths: string[] } {
  const r = spawnSync(process.execPath, [cli, 'hook', 'claude-code'], {
    env: { PATH: process.env.PATH, HOME: home },
    input: JSON.stringify({ session_id: session, hook_event_name: 'UserPromptSubmit', cwd: '/tmp', prompt }),
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  if (!r.stdout) return { text: '', paths: [] };
  const text = (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
    .additionalContext;
  return { text, paths: [...text.matchAll(/^ {2}path: (.*)$/gm)].map((m) => m[1]) };
}

/** What the reference reads: a HOME, its knowledge folder, index.md and the config. */
type Folder = Pick<GeneratedHome, 'home' | 'knowledgeFolder' | 'indexFile' | 'configFile'>;

const exampleFolder = (): Folder => {
  const home = fixtureCopy('aria-hook-diff-example-');
  const knowledgeFolder = path.join(home, 'knowledge');
  return {
    home,
    knowledgeFolder,
    indexFile: path.join(knowledgeFolder, 'index.md'),
    configFile: path.join(home, '.claude', 'aria-knowledge.local.md'),
  };
};

const FILLER = ['how', 'do', 'we', 'handle', 'the', 'with', 'for', 'please', 'fix', 'our', 'and', 'in', 'when'];

const FOLDERS: Array<[string, number, () => Folder]> = [
  ['the bundled example', 21, exampleFolder],
  ['400 generated notes', 11, () => generateHome(tempDir('aria-hook-diff-'), 400, 11)],
  [
    '1,500 generated notes, three tags each of 60',
    12,
    () => generateHome(tempDir('aria-hook-diff-'), 1_500, 12, 10_000, { tagsPerNote: 3, tags: 60 }),
  ],
  [
    '2,000 generated notes, two tags each',
    13,
    () => generateHome(tempDir('aria-hook-diff-'), 2_000, 13, 10_000, { tagsPerNote: 2 }),
  ],
];

for (const [name, seed, make] of FOLDERS) {
  describe(`the hook against the reference of its stated rule (${name})`, () => {
    test('same notes, same order, for generated prompts', () => {
      const g = make();
      const index = readIndex(fs.readFileSync(g.indexFile, 'utf8'));
      const config = fs.readFileSync(g.configFile, 'utf8');
      const shared = (/^projects_shared_knowledge: (.*)$/m.exec(config)?.[1] ?? '').split(',').map((s) => s.trim());
      const rand = prng(seed * 7919);
      const vocabulary = [
        ...new Set(index.entries.filter((e) => e.section === 'Tag Index').map((e) => e.heading)),
        ...index.known,
        ...index.aliases.keys(),
      ];
      const filler = FILLER.filter((w) => !vocabulary.includes(w));
      let spoke = 0;
      for (let i = 0; i < 40; i++) {
        const words: string[] = [];
        const named = 1 + Math.floor(rand() * 4);
        for (let k = 0; k < named; k++) {
          let tag = vocabulary[Math.floor(rand() * vocabulary.length)];
          if (rand() < 0.3) tag = tag.replace(/-/g, ' ');
          if (rand() < 0.3) tag = tag.toUpperCase();
          words.push(tag, filler[Math.floor(rand() * filler.length)]);
        }
        const prompt = `${words.join(' ')}?`;
        const expected = referenceNotes(g, index, shared, prompt);
        const got = hookPaths(g.home, `diff-${seed}-${i}`, prompt);
        const want = expected.notes.slice(0, 5);
        assert.deepEqual(got.paths, want.slice(0, got.paths.length), `prompt "${prompt}" (tags ${expected.tags})`);
        // fewer than five only when the next note would not fit in 2,000 characters
        if (got.paths.length < want.length)
          assert.ok(got.text.length > 2_000 - 500, `prompt "${prompt}": ${got.paths.length} of ${want.length}`);
        if (got.paths.length) spoke++;
      }
      assert.ok(spoke >= 10, `the hook spoke for only ${spoke} of 40 prompts`);
    });
  });
}
