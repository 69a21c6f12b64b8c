// What Open, Open to the Side, Copy as Context and Send to Chat act on: an argument only names
// paths, which are looked up again in the current snapshot. A forged tree node (its own absPath,
// allowedRoots, category) gets the refusal an unknown path gets; a real one works as before.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { checkItems, loadItems } from '../../src/core/read/reader';
import { commandItems, pathRefusals, requestedPaths } from '../../src/vscode/shared/commandItemsModel';
import { buildTree, expandTree } from '../../src/vscode/tree/treeModel';
import { type TreeNode } from '../../src/vscode/shared/treeRows';
import { fixtureHome, snapshotFor } from '../helpers';

const TODAY = '2026-11-30';
const SECRET = 'COMMAND-ARG-SECRET-91f2';

function setup() {
  const { home } = fixtureHome();
  fs.writeFileSync(path.join(home, 'secret.md'), `# ${SECRET}\n`);
  const snapshot = snapshotFor(home);
  const tree = expandTree(
    buildTree({
      snapshot,
      today: '2026-11-30',
    }),
  );
  return { home, snapshot, tree };
}

function fileNodes(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [...(n.file ? [n] : []), ...fileNodes(n.children ?? [])]);
}

test('a forged tree node, URI or object gets the same refusal as an unknown path, whatever allowedRoots it carries', () => {
  const { home, snapshot, tree } = setup();
  const secret = path.join(home, 'secret.md');
  const real = fileNodes(tree)[0];
  const forged: TreeNode = {
    id: 'forged',
    kind: 'file',
    label: 'Looks harmless',
    contextValue: 'ariaContext.file',
    icon: 'file',
    file: { ...real.file!, absPath: secret, allowedRoots: ['/', home], path: 'approaches/api-pagination.md' },
  };
  const asPath = commandItems(snapshot, [secret], TODAY);
  assert.deepEqual(asPath.items, []);
  for (const arg of [
    forged,
    { scheme: 'file', fsPath: secret, path: secret },
    secret,
    { kind: 'tag', id: 't', children: [forged] },
  ]) {
    const got = commandItems(snapshot, requestedPaths(arg, undefined, []), TODAY);
    assert.deepEqual(got, asPath, `refused like the plain path: ${JSON.stringify(arg).slice(0, 80)}`);
  }
  assert.equal(
    pathRefusals(asPath.refused, 'opened'),
    `Refused ${secret}: outside the knowledge folder and the allowed _project-knowledge/ folders (not opened).`,
  );
  // In a multi-selection the real node still works and the forged one is refused.
  const multi = commandItems(snapshot, requestedPaths(forged, [real, forged], []), TODAY);
  assert.deepEqual(
    multi.items.map((i) => i.absPath),
    [real.file!.absPath],
  );
  assert.deepEqual(
    multi.refused.map((r) => r.path),
    [secret],
  );
  // A non-file URI is refused, a cyclic or junk argument ends, and nothing names the secret.
  const cyclic: Record<string, unknown> = { id: 'c', kind: 'tag' };
  cyclic.children = [cyclic, cyclic];
  assert.deepEqual(requestedPaths(cyclic, undefined, []), []);
  assert.deepEqual(requestedPaths(42, undefined, []), []);
  assert.equal(
    commandItems(
      snapshot,
      requestedPaths({ scheme: 'untitled', fsPath: 'x', toString: () => 'untitled:x' }, undefined, []),
      TODAY,
    ).items.length,
    0,
  );
  const everything = loadItems(
    snapshot.config,
    commandItems(snapshot, requestedPaths(forged, [forged], []), TODAY).items,
  );
  assert.ok(!JSON.stringify(everything).includes(SECRET));
});

test("real tree nodes are re-derived from the snapshot: same files, the snapshot's own fields, and they open", () => {
  const { snapshot, tree } = setup();
  const nodes = fileNodes(tree);
  assert.ok(nodes.length > 5);
  for (const node of nodes) {
    const got = commandItems(snapshot, requestedPaths(node, undefined, []), TODAY);
    assert.deepEqual(got.refused, [], node.file!.path);
    assert.deepEqual(
      got.items.map((i) => i.absPath),
      [node.file!.absPath],
    );
  }
  // A tag node acts on every file below it; a node whose argument claims a wider allowedRoots
  // comes back with the snapshot's.
  const tag = tree.find((n) => n.label === 'Known Tags')!.children!.find((n) => n.label === 'api')!;
  const below = commandItems(snapshot, requestedPaths(tag, undefined, []), TODAY);
  assert.equal(below.items.length, fileNodes([tag]).length);
  const claimed = { ...nodes[0], file: { ...nodes[0].file!, allowedRoots: ['/'] } };
  const rederived = commandItems(snapshot, requestedPaths(claimed, undefined, []), TODAY).items[0];
  assert.notDeepEqual(rederived.allowedRoots, ['/']);
  const checked = checkItems(snapshot.config, below.items);
  assert.equal(checked.ok.length, below.items.length, JSON.stringify(checked.refused));
  // No argument: the tree's selection.
  assert.deepEqual(
    commandItems(snapshot, requestedPaths(undefined, undefined, [nodes[1]]), TODAY).items.map((i) => i.absPath),
    [nodes[1].file!.absPath],
  );
});
