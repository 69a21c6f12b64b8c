// Input caps shared by every front end: a huge query, a flood of paths or picks, a load call
// that would return megabytes, and an index.md too large to read. Each answers at once with a
// clear message, and the work done never grows with the input.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { runQuery, type Snapshot } from '../../src/core/match/engine';
import {
  MAX_CONFIG_BYTES,
  MAX_INDEX_BYTES,
  MAX_LOAD_PATHS,
  MAX_PICKS,
  MAX_QUERY_CHARS,
  MAX_QUERY_TOKENS,
} from '../../src/core/limits';
import { pickItems } from '../../src/core/read/loader';
import { loadSnapshot } from '../../src/core/index/snapshot';
import { runLoadTool, runQueryTool } from '../../src/vscode/chat/toolHandlers';
import { MAX_LOAD_CHARS, MAX_PATHS_PER_CALL } from '../../src/agent/limits';
import { makeHome, query, snapshotFor, spyFileAccess, TODAY } from './helpers';
import { runCli } from '../cliRun';
import { bounded } from '../timing';
import { agentSourceFor } from '../helpers';

const source = (snapshot: Snapshot) => agentSourceFor(snapshot, TODAY);

function manyNotes(count: number, bytes: number) {
  const lines = ['## Tag Index', '### api'];
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    lines.push(`- notes/n${i}.md — Note ${i}`);
    files[`knowledge/notes/n${i}.md`] = `# Note ${i}\n${'x'.repeat(bytes)}\n`;
  }
  return makeHome({ index: `${lines.join('\n')}\n`, files });
}

test('a 10,000-word query answers at once with a message, in the core, the CLI and the agent tools', () => {
  const h = manyNotes(3, 10);
  const snapshot = snapshotFor(h.home);
  const words = Array.from({ length: 10_000 }, (_, i) => `tag${i}`);
  const value = bounded('a 10,000-word query refused', 1, () => runQuery(snapshot, words.join(' '), { today: TODAY }));
  assert.ok(!value.ok);
  assert.equal(value.code, 'usage');
  assert.match(value.message, new RegExp(`^The query is too long \\(\\d+ characters; at most ${MAX_QUERY_CHARS}\\)`));
  // Under the character cap but over the word cap.
  const short = Array.from({ length: MAX_QUERY_TOKENS + 1 }, (_, i) => `t${i}`);
  const tooMany = runQuery(snapshot, short, { today: TODAY });
  assert.ok(
    !tooMany.ok &&
      tooMany.message.startsWith(`The query has too many words (${MAX_QUERY_TOKENS + 1}; at most ${MAX_QUERY_TOKENS})`),
  );
  // At the cap it still runs.
  assert.ok(runQuery(snapshot, short.slice(0, MAX_QUERY_TOKENS), { today: TODAY }).ok);

  assert.match(runQueryTool({ query: words.join(' ') }, source(snapshot)), /^The query is too long/);
  assert.match(runLoadTool({ query: words.join(' '), picks: 'all' }, source(snapshot)), /^The query is too long/);
  const cli = runCli(['query', ...words.slice(0, 3000)], h.home);
  assert.equal(cli.code, 2, cli.out);
  assert.match(cli.out, /^The query is too long/);
});

test('the load tool refuses more paths than the cap before looking any up, and more picks than the cap', () => {
  const h = manyNotes(3, 10);
  const snapshot = snapshotFor(h.home);
  const paths = Array.from({ length: 50_000 }, (_, i) => `notes/n${i % 3}.md`);
  const value = bounded('50,000 paths refused', 5, () => spyFileAccess(() => runLoadTool({ paths }, source(snapshot))));
  // the tools' schema allows MAX_PATHS_PER_CALL paths (below the core's MAX_LOAD_PATHS)
  assert.equal(value.value, `"paths" has too many items (50000; at most ${MAX_PATHS_PER_CALL}).`);
  assert.ok(MAX_PATHS_PER_CALL <= MAX_LOAD_PATHS);
  assert.deepEqual(value.opened, [], 'nothing was opened');
  // At the cap, the call works and each file is read once.
  const atCap = runLoadTool({ paths: paths.slice(0, MAX_PATHS_PER_CALL) }, source(snapshot));
  assert.match(atCap, /^Loaded 3 knowledge files into context\.$/m);

  const result = query(snapshot, 'api');
  const picks = pickItems(
    result,
    Array(MAX_PICKS + 1)
      .fill('1')
      .join(' '),
  );
  assert.ok(!picks.ok);
  assert.equal(
    picks.message,
    `Too many picks (${MAX_PICKS + 1}; at most ${MAX_PICKS}). Use \`all\` or ranges like \`2-40\`.`,
  );
  assert.equal(
    runLoadTool({ query: 'api', picks: Array(MAX_PICKS + 1).fill(1) }, source(snapshot)),
    `"picks" has too many items (${MAX_PICKS + 1}; at most ${MAX_PICKS}).`,
  );
});

test('one tool load call returns at most its character budget; the files past it are named, not read', () => {
  const perFile = 60 * 1024; // under the 64 KB per-file cap
  const count = Math.ceil(MAX_LOAD_CHARS / perFile) + 5;
  const h = manyNotes(count, perFile);
  const snapshot = snapshotFor(h.home);
  const text = runLoadTool({ query: 'api', picks: 'all', maxChars: MAX_LOAD_CHARS }, source(snapshot));
  assert.ok(text.length <= MAX_LOAD_CHARS, `${text.length} characters returned`);
  const notLoaded = text.slice(text.indexOf('(Not loaded'));
  const named = (notLoaded.match(/^- notes\/n\d+\.md$/gm) ?? []).length;
  assert.ok(named >= 5, text.slice(-2000));
  const loaded = Number(/^Loaded (\d+) knowledge files? into context\.$/m.exec(text)?.[1]);
  assert.equal(loaded + named, count);
});

test('an index.md over the size cap is refused with one message before it is read (a sparse file is never read whole)', () => {
  const h = makeHome({ index: '## Tag Index\n### api\n- a.md — A\n', files: { 'knowledge/a.md': '# A\n' } });
  const index = path.join(h.folder, 'index.md');
  const huge = 2 * 1024 ** 3; // 2 GB, sparse: no disk used; reading it would take seconds and fail
  fs.truncateSync(index, huge);
  const outcome = bounded('a 2 GB index.md refused', 2, () => loadSnapshot({ home: h.home, env: {} }));
  assert.ok(!outcome.ok);
  assert.equal(outcome.code, 'no-index');
  assert.equal(
    outcome.message,
    `${index} is larger than 64 MB (${huge} bytes): it was not read. Check that it is the knowledge index; if it is, delete its generated sections (Tag Index, Other Tags, Semantic Hints Index, Team-Shared Tag Index, Stale Files, Untagged Files) and run aria-context index --write to make them again.`,
  );
  fs.truncateSync(index, MAX_INDEX_BYTES + 1);
  assert.match(
    (loadSnapshot({ home: h.home, env: {} }) as { message: string }).message,
    /is larger than 64 MB \(67108865 bytes\)/,
  );
  const cli = runCli(['query', 'api'], h.home);
  assert.equal(cli.code, 3);
  assert.match(cli.out, /is larger than 64 MB \(67108865 bytes\): it was not read\./);
  // Just under the cap, the file is read.
  fs.truncateSync(index, 0);
  fs.writeFileSync(index, '## Tag Index\n### api\n- a.md — A\n');
  assert.ok(loadSnapshot({ home: h.home, env: {} }).ok);
});

test('a config file over the size cap is refused with a message naming it, before it is read', () => {
  const h = makeHome({ index: '## Tag Index\n### api\n- a.md — A\n' });
  const config = path.join(h.home, '.claude', 'aria-knowledge.local.md');
  fs.truncateSync(config, 2 * 1024 ** 3); // sparse
  const outcome = bounded('a 2 GB config refused', 1, () => loadSnapshot({ home: h.home, env: {} }));
  assert.ok(!outcome.ok);
  assert.equal(outcome.code, 'not-configured');
  assert.ok(
    outcome.message.startsWith(
      `Cannot read ${config}: it is larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MB (${2 * 1024 ** 3} bytes) and was not read.`,
    ),
    outcome.message,
  );
});
