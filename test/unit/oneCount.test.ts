// One truth (issue 22): for every tag, alias and project of the example folder, every surface's
// count — the tree's rows, completion, the status bar, Query This Tag's pick list, Copy as
// Context on the node and `aria-context tags --json` (the built CLI) — is what `query --json`
// (the built CLI) returns. The numbers are read back from each surface's rendered text, so a
// surface that recounts (from the index, or counting refused or missing notes) fails here.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';

import { surfacedFiles, type DerivedQuery } from '../../src/core/agentContext/activeFile';

import { TagCounter } from '../../src/core/match/tagCounts';

import { statusBarView } from '../../src/vscode/activeFile/activeFileModel';

import { buildCatalogue, completionRows, queryCountOf } from '../../src/vscode/query/completionModel';

import { pickModel } from '../../src/vscode/query/queryModel';

import { commandItems, queryPaths, requestedPaths } from '../../src/vscode/shared/commandItemsModel';

import { buildTree, expandTree } from '../../src/vscode/tree/treeModel';
import { type TreeNode } from '../../src/vscode/shared/treeRows';

import { parseCounts, queryCounts, TODAY, type Counts, runCliJson } from '../cliRun';
import { fixtureHome, snapshotFor } from '../helpers';

function find(nodes: readonly TreeNode[], group: string, label: string): TreeNode | undefined {
  return nodes.find((n) => n.label === group)?.children?.find((n) => n.label === label);
}

test('every surface shows, for every tag, alias and project of the example folder, what query --json returns', () => {
  const { home } = fixtureHome();
  const snapshot = snapshotFor(home);
  const counter = new TagCounter(snapshot, { today: TODAY });
  const roots = expandTree(buildTree({ snapshot, counter, sort: 'count' }));
  const catalogue = buildCatalogue(snapshot.index);
  const tags = (
    runCliJson(home, ['tags']) as { tags: Array<{ name: string; kind: string; aliases: string[]; counts: Counts }> }
  ).tags;
  const names = new Set(tags.map((t) => t.name.toLowerCase()));
  // Every name the index offers is listed once: project keys, known tags, other tags.
  for (const p of snapshot.index.projects.values()) assert.ok(names.has(p.key.toLowerCase()), p.key);
  for (const t of snapshot.index.knownTags) assert.ok(names.has(t.tag.toLowerCase()), t.tag);
  for (const t of snapshot.index.otherTags.keys()) assert.ok(names.has(t), t);
  assert.equal(names.size, tags.length, 'each name once');

  let checked = 0;
  for (const tag of tags) {
    assert.deepEqual(Object.keys(tag), ['name', 'kind', 'aliases', 'counts']);
    assert.deepEqual(Object.keys(tag.counts), ['files', 'teamShared', 'artifacts', 'missingArtifacts', 'ideas']);
    assert.ok(['known', 'other', 'project'].includes(tag.kind), tag.kind);
    for (const text of [tag.name, ...tag.aliases]) {
      const { counts: want, items } = queryCounts(home, text);
      const at = (surface: string) => `${text} (${tag.kind}): ${surface}`;
      assert.deepEqual(tag.counts, want, at('tags --json'));

      // The tree: the tag's (or, for an alias, its tag's) row and its file rows.
      const group = tag.kind === 'project' ? 'Projects' : tag.kind === 'known' ? 'Known Tags' : 'Other Tags';
      const node = find(roots, group, tag.name);
      assert.ok(node, at('tree row'));
      assert.deepEqual(parseCounts(node.description ?? ''), want, at(`tree description "${node.description}"`));
      if (text !== tag.name) assert.match(node.description ?? '', new RegExp(`aliases: .*\\b${text}\\b`), at('alias'));
      assert.equal(node.count, want.files + want.teamShared, at('the count sorting compares'));
      if (tag.kind !== 'project') {
        const rows = node.children!.filter((c) => c.file);
        const notes = items.filter((i) => i.category !== 'tracked-artifact');
        assert.deepEqual(
          rows.map((r) => r.file!.absPath),
          notes.map((i) => i.absPath),
          at('tree rows'),
        );
        assert.equal(
          rows.filter((r) => r.file!.problem === null).length,
          want.files + want.teamShared,
          at('loadable tree rows'),
        );
      }
      if (tag.kind === 'known' && snapshot.index.projects.has(tag.name)) {
        const project = find(roots, 'Projects', tag.name);
        assert.deepEqual(parseCounts(project?.description ?? ''), want, at('its project row'));
      }

      // Completion: the row offered for the name (the alias row for an alias).
      const rows = completionRows({ catalogue, value: text, recent: [], queryCount: queryCountOf(counter) });
      const label = text === tag.name ? tag.name : `${text} → ${tag.name}`;
      const row = rows.find((r) => r.kind === 'complete' && r.label === label);
      assert.ok(row && row.kind === 'complete', at(`completion row "${label}"`));
      assert.deepEqual(parseCounts(row.description), want, at(`completion "${row.description}"`));

      // The status bar, as the active file's query would show it.
      const result = counter.result(text)!;
      const surfaced = surfacedFiles(result);
      const derived: DerivedQuery = {
        query: text,
        project: null,
        tags: [text],
        aliases: [],
        source: 'tags',
        relPath: 'x.md',
      };
      const view = statusBarView({ derived, files: surfaced.items, total: surfaced.total }, { state: 'ready' }, TODAY);
      const shown = Number(/^\$\(book\) (\d+)/.exec(view.text)?.[1]);
      const more = Number(/…and (\d+) more/.exec(view.tooltip.join('\n'))?.[1] ?? 0);
      assert.equal(shown + more, want.files + want.teamShared, at(`status bar "${view.text}"`));

      // Query This Tag's pick list and Copy as Context on the node: the same set.
      const pick = pickModel(result, text);
      const found = Number(/ — (\d+) files?/.exec(pick.title)?.[1] ?? 0);
      assert.equal(found, want.files + want.teamShared, at(`pick list title "${pick.title}"`));
      const selectable = items.filter((i) => i.n !== null).map((i) => i.absPath);
      const copied = commandItems(snapshot, requestedPaths(node, undefined, [], queryPaths(counter)), TODAY).items;
      const wantCopied =
        text === tag.name
          ? selectable
          : queryCounts(home, tag.name)
              .items.filter((i) => i.n !== null)
              .map((i) => i.absPath);
      assert.deepEqual(
        copied.map((i) => i.absPath),
        wantCopied,
        at('Copy as Context on the node'),
      );
      checked++;
    }
  }
  assert.ok(checked >= tags.length + 5, `${checked} names checked`);
});
