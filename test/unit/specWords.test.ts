// SPEC §M quotes the words each front end says; they are the product's texts (SPEC's preamble:
// tests compare them), so each quote of its table is matched here against what the built CLI
// prints and the MCP server's source answers, on real folders (issue 44: the "no index" row
// still quoted a message §1 had replaced).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { kbSource } from '../../src/agent/source';
import { runQueryTool } from '../../src/agent/tools';
import { knowledgeBase } from '../../src/mcp/main';
import { adviceText, LEGACY_IDEAS_PLAIN } from '../../src/core/present/messages';
import { INDEX_HEADER, makeHome, repoRoot, tempDir } from '../helpers';
import { runCli } from '../cliRun';

const spec = fs.readFileSync(path.join(repoRoot, 'docs', 'SPEC.md'), 'utf8');
const section = spec.slice(spec.indexOf('## \u00a7M '), spec.indexOf('## Fine print'));

/** The §M table: row name → [CLI cell, MCP cell]. */
const rows = new Map(
  section
    .split('\n')
    .filter((line) => /^\| [a-z]/.test(line))
    .map((line) => line.slice(2, -2).split(' | '))
    // `the same`: the CLI's words serve both
    .map(([name, cli, mcp]) => [name, [cli, mcp === 'the same' ? cli : mcp]] as const),
);

/** A cell's backticked quotes as patterns: `<folder>`-style placeholders stand for any text. */
function quotes(cell: string): RegExp[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map(
    (m) =>
      new RegExp(
        m[1]
          .split(/<[^>]+>/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+'),
      ),
  );
}

function mcpState(home: string): string {
  const state = kbSource(knowledgeBase({}, { HOME: home })).state();
  assert.notEqual(state.kind, 'ready');
  return 'message' in state ? state.message : '';
}

test('§M: every quote of the table is what the CLI prints and the MCP server says', () => {
  const empty = tempDir('aria-words-none-');
  const noIndex = makeHome({ files: { 'knowledge/a.md': '# A\n' } });
  const ready = makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n`,
    files: { 'knowledge/a.md': '# A\n' },
  });
  const mcpQuery = (query: string) =>
    (runQueryTool(kbSource(knowledgeBase({}, { HOME: ready })), { query }).content[0] as { text: string }).text;
  const said: Record<string, [string, string]> = {
    'not configured': [runCli(['query', 'api'], empty).out, mcpState(empty)],
    'no index': [runCli(['query', 'api'], noIndex).out, mcpState(noIndex)],
    usage: [runCli(['query', 'AND'], ready).out, mcpQuery('AND')],
    'no-match hint': [runCli(['query', 'zzz', '--no-cache'], ready).out, mcpQuery('zzz')],
  };
  assert.deepEqual([...rows.keys()].sort(), Object.keys(said).sort(), 'the rows of §M');
  for (const [name, [cli, mcp]] of rows) {
    assert.ok(quotes(cli).length > 0 && quotes(mcp).length > 0, `${name}: each cell quotes the words`);
    for (const q of quotes(cli)) assert.match(said[name][0], q, `§M ${name}, CLI`);
    for (const q of quotes(mcp)) assert.match(said[name][1], q, `§M ${name}, MCP`);
  }
});

test("§M: outside the chat aria's skills are named without a slash, as quoted", () => {
  const prose = section.replace(/\s+/g, ' ');
  assert.ok(prose.includes(`\`${LEGACY_IDEAS_PLAIN}\``), 'the legacy ideas note');
  assert.ok(
    prose.includes(`\`${adviceText({ skill: 'codemap', action: 'create', project: 'x' }, 'cli')}\``),
    "a missing CODEMAP's advice",
  );
});

test("§10: check --drift is said to compare the generator's scan (§12.1), as the code does", () => {
  const check = spec.slice(spec.indexOf('- `aria-context check'), spec.indexOf('- `aria-context tags'));
  const drift = check.slice(check.indexOf('With `--drift`')).replace(/\s+/g, ' ');
  assert.match(
    drift,
    /^With `--drift`, the notes the index generator scans are compared with the index: exactly §12\.1's list/,
  );
  assert.doesNotMatch(drift, /outside `projects\/`/);
});
