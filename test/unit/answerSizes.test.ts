// The MCP answer's sizes (kbSource.sizes) complete the answer its query just gave: they reuse that
// query's availability round, so no folder the query stamped is stamped (lstat'ed) again; only
// the notes themselves are looked at, once each.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { test } from 'node:test';
import { KnowledgeBase } from '../../src/core/kb/knowledgeBase';
import { kbSource } from '../../src/agent/source';
import { INDEX_HEADER, makeHome } from '../helpers';

test("an answer's sizes stamp no folder a second time: only each note is looked at", () => {
  const notes = ['a/one.md', 'a/two.md', 'b/deep/three.md'];
  const home = makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n${notes.map((n) => `- ${n} — ${n}`).join('\n')}\n`,
    files: Object.fromEntries(notes.map((n) => [`knowledge/${n}`, `# ${n}\n`])),
  });
  const kb = new KnowledgeBase({ sources: () => ({ home, env: {} }), today: () => '2026-11-30', checkOnAccess: true });
  const source = kbSource(kb);
  const answer = source.query('api');
  assert.ok(answer.ok);
  const files = answer.result.items.map((i) => i.absPath);
  assert.equal(files.length, 3);

  // node:fs itself (the core's namespace reads through to it), so every lstat is seen
  const nodeFs = createRequire(__filename)('node:fs') as typeof fs;
  const looked: string[] = [];
  const lstat = nodeFs.lstatSync;
  (nodeFs as { lstatSync: unknown }).lstatSync = (p: fs.PathLike, o?: fs.StatSyncOptions) => {
    looked.push(path.resolve(String(p)));
    return lstat(p, o);
  };
  let sizes: (number | undefined)[];
  try {
    const sizeOf = source.sizes!()!;
    sizes = files.map((f) => sizeOf(f));
  } finally {
    (nodeFs as { lstatSync: unknown }).lstatSync = lstat;
  }
  assert.deepEqual(
    sizes,
    files.map((f) => fs.statSync(f).size),
  );
  assert.deepEqual(looked.sort(), [...files].sort(), 'no folder stamped again, each note once');
});
