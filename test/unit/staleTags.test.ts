// A note's front-matter tags saved unlike its index.md entries: the hint says the Tags view keeps
// the old tags until index.md is updated, with Check Index and whatever other features add.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { noteFacts } from '../../src/core/read/noteFacts';
import { addStaleTagsAction, STALE_TAGS_ACTIONS, staleTagsHint } from '../../src/vscode/health/staleTagsModel';
import { INDEX_HEADER, makeHome, snapshotFor, writeTree } from '../helpers';

const home = makeHome({
  index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n### stripe\n- a.md — A\n`,
  files: { 'knowledge/a.md': '---\ntags: [api, stripe]\n---\n# A\n' },
});
const snapshot = snapshotFor(home);
const factsOf = (rel: string) => {
  const facts = noteFacts(snapshot.config, path.join(home, 'knowledge', rel));
  assert.ok(facts.ok);
  return facts.facts;
};

test('tags as index.md lists them: no hint', () => {
  assert.equal(staleTagsHint(snapshot.index, factsOf('a.md')), null);
});

test('tags edited in the note: the hint names what changed and why the view still shows the old ones', () => {
  writeTree(home, { 'knowledge/a.md': '---\ntags: [api, webhooks]\n---\n# A\n' });
  const hint = staleTagsHint(snapshot.index, factsOf('a.md'));
  assert.ok(hint);
  assert.equal(
    hint.message,
    'a.md: its front matter adds webhooks and no longer has stripe. The Tags view is built from index.md, so it shows the old tags until index.md is updated.',
  );
  // The same tag set is one hint (the key), a further edit another.
  writeTree(home, { 'knowledge/a.md': '---\ntags: [api]\n---\n# A\n' });
  assert.notEqual(staleTagsHint(snapshot.index, factsOf('a.md'))?.key, hint.key);
});

test('a tagged note index.md does not list; an untagged one needs no hint', () => {
  writeTree(home, { 'knowledge/b.md': '---\ntags: [api]\n---\n# B\n', 'knowledge/c.md': '# C\n' });
  assert.match(
    staleTagsHint(snapshot.index, factsOf('b.md'))?.message ?? '',
    /^b\.md is tagged api but index\.md does not list it/,
  );
  assert.equal(staleTagsHint(snapshot.index, factsOf('c.md')), null);
});

test('the hint offers Check Index, and another feature can add its action once', () => {
  assert.deepEqual(STALE_TAGS_ACTIONS[0], { label: 'Check Index', command: 'ariaContext.checkIndex' });
  addStaleTagsAction({ label: 'Rebuild Index…', command: 'ariaContext.rebuildIndex' });
  addStaleTagsAction({ label: 'Rebuild Index…', command: 'ariaContext.rebuildIndex' });
  assert.deepEqual(
    STALE_TAGS_ACTIONS.map((a) => a.label),
    ['Check Index', 'Rebuild Index…'],
  );
});
