// §9 Text from others is data at every exit: one escaping step at each front end's output
// boundary. A teammate's index.md, notes and file names carry every kind of control and format
// character (terminal sequences by C0 and by C1, DEL, bidi marks, embeddings, overrides and
// isolates, zero-width and invisible tag characters, lone surrogates, line separators); no
// byte of them reaches a terminal, an agent or the editor raw, whatever the command.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, test } from 'node:test';
import { escapeControls, escapeOutput, escapeOutputDeep } from '../../src/core/present/outputText';
import { toJson } from '../../src/core/present/json';
import { summaryMarkdown } from '../../src/vscode/query/summaryModel';
import { connect, connectV2, textOf } from '../mcp/client';
import { makeHome, query, snapshotFor, TODAY } from './helpers';
import { ensureCli, runCli } from '../cliRun';

/** What may never leave raw: every C0 but tab and newline, DEL, C1, U+2028/9, every Cf, lone surrogates. */
// eslint-disable-next-line no-control-regex -- these are what the test looks for
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\p{Cs}]/u;

const C0 = Array.from({ length: 32 }, (_, c) => String.fromCharCode(c)).filter((c) => c !== '\n');
const C1 = Array.from({ length: 32 }, (_, c) => String.fromCharCode(0x80 + c));
const FORMAT = [
  '\u00ad',
  '\u061c',
  '\u180e',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2060',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\ufeff',
  '\ufff9',
  '\u{e0001}',
  '\u{e0041}',
];
/** Sequences a terminal acts on: OSC 52 (clipboard) by ESC and by C1, clear screen, cursor up and erase line. */
const SEQUENCES = ['\x1b]52;c;ZXZpbA==\x07', '\x9d52;c;ZXZpbA==\x9c', '\x1b[2J\x1b[H', '\x9b1A\x9b2K', '\x1bc'];
const ALL = [...C0, '\x7f', ...C1, ...FORMAT, '\u2028', '\u2029', '\ud800', '\udfff', ...SEQUENCES];

function hostile(i: number): string {
  return ALL.slice(i % ALL.length)
    .concat(ALL.slice(0, i % ALL.length))
    .join('');
}

function assertClean(what: string, text: string) {
  const m = RAW.exec(text);
  assert.equal(
    m,
    null,
    `${what}: raw U+${m?.[0].codePointAt(0)?.toString(16).padStart(4, '0')} at ${m?.index}: ${JSON.stringify(text.slice(Math.max(0, (m?.index ?? 0) - 40), (m?.index ?? 0) + 20))}`,
  );
}

function hostileHome() {
  const files: Record<string, string> = {};
  const tagIndex: string[] = [];
  for (let i = 0; i < 12; i++) {
    // file names on disk holding ESC, C1, bidi overrides and tag characters
    const name = `notes/n${i}${['\x1b[31m', '\u202e', '\x9b', '\u{e0041}', '\u2066', '\x7f'][i % 6]}x.md`;
    files[`knowledge/${name}`] = `---\ntags: [api]\n---\n# Note ${i} ${hostile(i)}\n\nbody ${hostile(i + 3)} end\n`;
    tagIndex.push(`- ${name} — ${hostile(i)} description ${i}`);
  }
  files['knowledge/projects/evil/deep.md'] = `---\ntags: ["api", "x${'\u202e'}y"]\n---\n# Deep ${hostile(5)}\n`;
  files['knowledge/intake/ideas/2026-11-28-evil.md'] =
    `---\nproject: evil\ntype: feature\n---\n\n# Idea ${hostile(7)}\n`;
  files['Projects/repo/_project-knowledge/team.md'] = `# Team ${hostile(9)}\n`;
  const index = [
    '# Knowledge Index',
    '',
    '> Last rebuilt: 2026-11-01',
    '',
    '## Projects',
    '',
    `### evil — ${hostile(2)}`,
    `Relevant tags: api, ${hostile(4).replace(/[,\n]/g, '')}`,
    '',
    '## Known Tags',
    '',
    `api [aliases: a${'\x1b'}[2Jb, c${'\u202e'}d, e${'\x9b'}1Af]`,
    `web${'\u2067'}x [aliases: q${'\u{e0041}'}]`,
    '',
    '## Tag Index',
    '',
    '### api',
    ...tagIndex,
    `- notes/missing${'\x1b'}]52;c;eA==${'\x07'}.md — ${hostile(6)} gone`,
    `### web${'\u2067'}x`,
    `- notes/n1\u202ex.md — ${hostile(1)}`,
    `* a line the parser cannot use ${hostile(8)}`,
    '',
    '## Team-shared',
    '',
    `### [evil] api`,
    `- team.md — ${hostile(10)}`,
    '',
  ].join('\n');
  const h = makeHome({
    index,
    config: {
      projects_enabled: 'true',
      projects_list: 'evil:repo',
      projects_shared_knowledge: 'evil',
    },
    files,
  });
  return h;
}

describe('one output boundary: no control or format character leaves raw', () => {
  const h = hostileHome();
  ensureCli();

  test('escapeOutput keeps newlines and tabs, escapes every other member as JSON-compatible \\uXXXX, idempotently', () => {
    const text = `a\tb\n${hostile(0)}`;
    const once = escapeOutput(text);
    assertClean('escapeOutput', once);
    assert.equal(escapeOutput(once), once);
    assert.ok(once.startsWith('a\tb\n'));
    assert.equal(JSON.parse(`"${escapeOutput('\u202e\u{e0041}\x1b\x9b')}"`), '\u202e\u{e0041}\x1b\x9b');
    assert.equal(escapeControls('a\nb\tc'), 'a\\u000ab\\u0009c');
    const deep = escapeOutputDeep({ ['__proto__']: 'x\x1b', list: [{ k: '\u202e' }] } as Record<string, unknown>);
    assert.equal(Object.getPrototypeOf(deep), Object.prototype);
    assert.deepEqual(Object.keys(deep), ['__proto__', 'list']);
    assertClean('escapeOutputDeep', JSON.stringify(deep).replace(/\\u[0-9a-f]{4}/g, ''));
  });

  test('an emoji sequence’s joiner stays readable; a joiner anywhere else is escaped', () => {
    for (const joined of ['👩\u200d💻', '👨\u200d👩\u200d👧', '❤\ufe0f\u200d🔥', '👍🏽\u200d🔥']) {
      assert.equal(escapeOutput(joined), joined);
      assert.equal(escapeControls(`x ${joined} y`), `x ${joined} y`);
    }
    for (const [text, want] of [
      ['a\u200db', 'a\\u200db'],
      ['\u200d👩', '\\u200d👩'],
      ['👩\u200d', '👩\\u200d'],
      ['👩\u200d\u200d💻', '👩\\u200d\\u200d💻'],
      ['👩\u200e\u200d💻', '👩\\u200e\\u200d💻'],
    ])
      assert.equal(escapeOutput(text), want);
  });

  test('the editor’s summary document (Context: Show Query Summary)', () => {
    const text = summaryMarkdown({ text: `api evil\u202e`, result: query(snapshotFor(h.home), 'api evil') });
    assertClean('summaryMarkdown', text);
    assert.match(text, /notes\/n0/);
  });

  const commands: Array<[string, string[]]> = [
    ['query --text', ['query', 'api', 'evil', 'web\u2067x']],
    ['query --json', ['query', 'api', 'evil', '--json']],
    ['query --load all', ['query', 'api', 'evil', '--load', 'all']],
    ['query --load all --json', ['query', 'api', 'evil', '--load', 'all', '--json']],
    ['a no-match query', ['query', `nothing\u202eat-all`]],
    ['a usage error quoting the argument', ['query', 'api', '--today', `x\x1b]52;c;eA==\x07`]],
    ['check', ['check']],
    ['check --drift', ['check', '--drift']],
    ['check --json', ['check', '--drift', '--json']],
    ['tags', ['tags']],
    ['tags --json', ['tags', '--json']],
  ];
  for (const [what, args] of commands) {
    test(`aria-context ${what}`, () => {
      const r = runCli(args, h.home);
      assert.ok(r.out.length > 0, `${what} printed nothing: ${r.err}`);
      assertClean(what, r.out);
      if (args.includes('--json')) JSON.parse(r.out); // still JSON, the values unchanged
    });
  }

  test('query --json keeps every value exact: the escapes are JSON’s own', () => {
    const r = runCli(['query', 'api', 'evil', '--json', '--today', TODAY], h.home);
    assert.deepEqual(
      JSON.parse(r.out),
      JSON.parse(JSON.stringify(toJson(query(snapshotFor(h.home), 'api evil'), 'cli'))),
    );
  });

  test('the hook’s context (Claude Code and Codex)', () => {
    for (const client of ['claude-code', 'codex']) {
      const r = spawnSync(process.execPath, [ensureCli(), 'hook', client], {
        env: { PATH: process.env.PATH, HOME: h.home },
        input: JSON.stringify({
          session_id: `boundary-${client}-${process.pid}`,
          transcript_path: '/tmp/t.jsonl',
          cwd: path.join(h.home, 'Projects', 'repo'),
          hook_event_name: 'SessionStart',
          source: 'startup',
        }),
        encoding: 'utf8',
      });
      assert.ok(r.stdout.length > 0, `${client}: no context (${r.stderr})`);
      assertClean(`hook ${client} bytes`, r.stdout);
      const parsed = JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } };
      assertClean(`hook ${client} context`, parsed.hookSpecificOutput.additionalContext);
    }
  });

  for (const [revision, open] of [
    ['2025 revision (v1 client)', connect],
    ['2026-07-28 revision (v2 client)', connectV2],
  ] as const) {
    test(`MCP server, ${revision}: tools, resources and prompts`, async () => {
      const c = await open(h.home);
      try {
        const client = c.client as unknown as {
          callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
          listResources(): Promise<{ resources: Array<{ uri: string; name: string }> }>;
          readResource(p: { uri: string }): Promise<{ contents: Array<{ text?: string }> }>;
          getPrompt(p: { name: string; arguments: Record<string, string> }): Promise<unknown>;
        };
        const q = await client.callTool({ name: 'knowledge_query', arguments: { query: 'api evil' } });
        assertClean('knowledge_query text', textOf(q));
        assertClean(
          'knowledge_query structured',
          JSON.stringify((q as { structuredContent?: unknown }).structuredContent ?? {}).replace(/\\u[0-9a-f]{4}/g, ''),
        );
        assertClean(
          'knowledge_query structured values',
          collectStrings((q as { structuredContent?: unknown }).structuredContent),
        );
        const l = await client.callTool({ name: 'knowledge_load', arguments: { query: 'api evil', picks: 'all' } });
        assertClean('knowledge_load text', textOf(l));
        assert.match(textOf(l), /body /);
        const bad = await client.callTool({
          name: 'knowledge_load',
          arguments: { paths: [`notes/x\x1b[2J\u202e.md`] },
        });
        assertClean('knowledge_load refusal', textOf(bad));
        const list = await client.listResources();
        assertClean('resources/list', collectStrings(list));
        for (const r of list.resources.slice(0, 20)) {
          const read = await client.readResource({ uri: r.uri });
          assertClean(`resources/read ${r.name}`, collectStrings(read));
        }
        const prompt = await client.getPrompt({ name: 'context', arguments: { query: 'api' } });
        assertClean('prompts/get', collectStrings(prompt));
      } finally {
        await c.close();
      }
    });
  }

  after(() => fs.rmSync(path.dirname(h.folder), { recursive: true, force: true }));
});

function collectStrings(value: unknown, out: string[] = []): string {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      collectStrings(v, out);
    }
  return out.join('\n');
}
