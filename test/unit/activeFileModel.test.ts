// The active file's knowledge as the editor shows it (status bar text and tooltip, the tree's
// top rows), and an empty @context prompt or tool query answered with the active file's query,
// on the shared fixture with real files.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { deriveActiveFileQuery, surfacedFiles } from '../../src/core/agentContext/activeFile';
import { runQuery, type Snapshot } from '../../src/core/match/engine';
import { checkIndex } from '../../src/core/health/indexHealth';
import { readIndexText } from '../../src/core/index/snapshot';
import {
  escapeMd,
  indexStateLine,
  statusBarView,
  topSection,
  type ActiveFileKnowledge,
  type IndexStateFacts,
} from '../../src/vscode/activeFile/activeFileModel';
import { handleChatRequest, type ChatStream } from '../../src/vscode/chat/participantHandler';
import { runQueryTool } from '../../src/vscode/chat/toolHandlers';
import type { AgentSource } from '../../src/agent/source';
import { buildTree } from '../../src/vscode/tree/treeModel';
import { fixtureHome, snapshotFor } from '../helpers';

function knowledgeFor(snapshot: Snapshot, file: string, today: string): ActiveFileKnowledge | undefined {
  const derived = deriveActiveFileQuery(snapshot, file);
  if (!derived) return undefined;
  const outcome = runQuery(snapshot, derived.query, { today });
  assert.ok(outcome.ok);
  const s = surfacedFiles(outcome.result);
  return { derived, files: s.items, total: s.total };
}

function factsFor(snapshot: Snapshot): IndexStateFacts {
  const text = readIndexText(snapshot.config);
  assert.ok(text.ok);
  return {
    state: 'ready',
    files: snapshot.index.files.size,
    staleArtifacts: 1,
    warnings: snapshot.index.warnings.length,
    health: checkIndex(snapshot, text.text),
  };
}

describe('the active file in the status bar and the tree', () => {
  const { home, golden } = fixtureHome();
  const snapshot = snapshotFor(home);
  const file = path.join(home, 'Projects/proj-a/CODEMAP.md');

  test('a project file shows its count, its files and its query; the click runs that query', () => {
    const knowledge = knowledgeFor(snapshot, file, golden.today);
    assert.ok(knowledge);
    assert.equal(knowledge.derived.query.split(' ')[0], 'proj-a');
    const view = statusBarView(knowledge, factsFor(snapshot), golden.today);
    assert.match(view.text, new RegExp(`^\\$\\(book\\) ${Math.min(5, knowledge.total)}\\+?`));
    assert.equal(view.query, knowledge.derived.query);
    const tooltip = view.tooltip.join('\n');
    assert.match(tooltip, /For the active file:\*\* `proj-a/);
    for (const f of knowledge.files) assert.ok(tooltip.includes(escapeMd(f.path)), f.path);
    assert.match(tooltip, /index: \d+ problems?, rebuilt 28 days ago/);
    assert.match(tooltip, /Context: Rebuild Index…/);
  });

  test('the tree section lists at most five files under For the Active File, then the index row', () => {
    const knowledge = knowledgeFor(snapshot, file, golden.today)!;
    const nodes = topSection(knowledge, factsFor(snapshot), golden.today);
    assert.deepEqual(
      nodes.map((n) => n.label),
      ['For the Active File', nodes[1].label],
    );
    assert.match(nodes[1].label, /^index: /);
    const files = nodes[0].children!.filter((c) => c.kind === 'file');
    assert.ok(files.length > 0 && files.length <= 5);
    assert.equal(nodes[0].query, knowledge.derived.query);
  });

  test('each row of the section, handed out by the tree, has the one node that holds it as parent, so Reveal can walk up to a root', () => {
    const nodes = topSection(knowledgeFor(snapshot, file, golden.today), factsFor(snapshot), golden.today);
    const tree = buildTree({ snapshot, today: golden.today });
    for (const root of nodes) {
      assert.equal(tree.parent(root), undefined, `${root.id}: a root`);
      for (const c of tree.children(root)) assert.equal(tree.parent(c), root, `${c.id}: parent`);
    }
    assert.ok(nodes[0].children!.length > 0);
  });

  test('a file outside everything shows no section and a plain item that opens Context: Query', () => {
    const knowledge = knowledgeFor(snapshot, '/usr/share/dict/stripe-api.txt', golden.today);
    assert.equal(knowledge, undefined);
    const view = statusBarView(undefined, factsFor(snapshot), golden.today);
    assert.equal(view.query, undefined);
    assert.match(view.text, /^\$\(book\)/);
    assert.deepEqual(
      topSection(undefined, factsFor(snapshot), golden.today).map((n) => n.id),
      ['indexHealth'],
    );
  });

  test('the index line names files, stale artifacts and warnings; not ready says why', () => {
    const facts = factsFor(snapshot);
    assert.match(indexStateLine(facts, golden.today), /^index: .* · \d+ indexed files · 1 stale artifact/);
    assert.equal(
      indexStateLine({ state: 'noIndex', message: 'No knowledge index found.' }, golden.today),
      'No knowledge index found.',
    );
  });
});

describe('an empty query uses the active file', () => {
  const { home, golden } = fixtureHome();
  const snapshot = snapshotFor(home);
  const derived = deriveActiveFileQuery(snapshot, path.join(home, 'Projects/proj-a/CODEMAP.md'))!;
  const source: AgentSource = {
    query: (text) => {
      const o = runQuery(snapshot, text, { today: golden.today });
      return o.ok ? { ok: true, result: o.result } : { ok: false, message: o.message };
    },
    state: () => ({ kind: 'ready', snapshot }),
    today: () => golden.today,
  };

  test('@context with no prompt answers for the active file and says so', async () => {
    const parts: string[] = [];
    const stream: ChatStream = {
      markdown: (t) => parts.push(t),
      reference: () => {},
      button: () => {},
      progress: () => {},
    };
    const result = await handleChatRequest(
      { prompt: '  ', command: undefined, activeFileQuery: () => derived },
      { lastQuery: null },
      source,
      stream,
      undefined,
      (a) => a,
      () => false,
    );
    assert.equal(result.metadata.query, derived.query);
    assert.match(parts[0], /No query given: using the active file's query/);
    assert.match(parts.join(''), /proj\\-a|proj-a/);
  });

  test("the query tool with an empty query answers for the active file and says so; without one it says how to give one, in the agent's terms", () => {
    const text = runQueryTool({ query: '' }, source, () => derived);
    assert.match(text, /^No query given: used the query derived from the user's active file \(CODEMAP\.md\): "proj-a/);
    assert.match(text, /Found \d+ files? matching: \[proj-a/);
    assert.match(
      runQueryTool({ query: '' }, source, () => undefined),
      /^Give "query" as one or more tags/,
    );
  });
});
