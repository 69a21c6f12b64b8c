// One summary view, four renderers: the text summary, the chat markdown, the pick list and the
// tree's tooltips all map the core's view, so a change to the view shows in every one of them.
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { renderSummaryView } from '../../src/core/present/summary';
import { summaryView, type ItemView, type SummaryView } from '../../src/core/present/summaryView';
import { escapeMarkdown, escapeSyntax, viewMarkdown } from '../../src/vscode/chat/chatMarkdown';
import { pickRows } from '../../src/vscode/query/queryModel';
import { fileTooltip } from '../../src/vscode/shared/treeRows';
import { query, seerHome } from '../helpers';

const home = seerHome(['- x.md — X (with *stars*)', '- y.md'], {
  'knowledge/projects/ss/p.md': '---\ntags: [api, db]\n---\n# P\n',
  'knowledge/x.md': 'x',
  'knowledge/y.md': 'y',
  'Projects/ss/_project-knowledge/t.md': 't',
  'knowledge/intake/ideas/2026-11-28-a.md': '---\nproject: ss\ntype: feature\n---\n\n# Idea a\n',
});

const linkFor = (p: string) => `file://${p}`;
const rows = (view: SummaryView): ItemView[] => view.flatMap((b) => (b.kind === 'group' ? b.items : []));

function renderAll(view: SummaryView) {
  const picks = pickRows(view, 'ss');
  return {
    text: renderSummaryView(view),
    chat: viewMarkdown(view, { linkFor }),
    pick: picks.rows,
    tooltips: rows(view).map(fileTooltip),
  };
}

describe('summary view and its renderers', () => {
  test("every renderer lists the view's rows in its order, each with the view's annotation parts", () => {
    const view = summaryView(query(home, 'ss'));
    const viewRows = rows(view);
    assert.deepEqual(
      viewRows.map((r) => r.item.category),
      ['team-shared', 'project-specific', 'cross-project', 'cross-project', 'tracked-artifact'],
    );
    const out = renderAll(view);
    const order = (text: string, needles: string[]) => needles.map((n) => text.indexOf(n));
    const textOrder = order(
      out.text,
      viewRows.map((r) => r.path),
    );
    // A link the extension built holds its label with syntax escapes only; other paths are fully escaped.
    const chatOrder = order(
      out.chat,
      viewRows.map((r) => (r.item.selectable ? escapeSyntax(r.path) : escapeMarkdown(r.path))),
    );
    for (const positions of [textOrder, chatOrder]) {
      assert.ok(
        positions.every((p) => p >= 0),
        String(positions),
      );
      assert.deepEqual(
        [...positions].sort((a, b) => a - b),
        positions,
      );
    }
    assert.deepEqual(
      out.pick.flatMap((r) =>
        r.kind === 'item' || (r.kind === 'info' && r.role === 'missing') ? [r.description] : [],
      ),
      viewRows.map((r) => r.path),
    );

    for (const [i, row] of viewRows.entries()) {
      const textLine = out.text.split('\n').find((l) => l.includes(` ${row.path}`)) ?? '';
      const chatPath = row.item.selectable ? escapeSyntax(row.path) : escapeMarkdown(row.path);
      const chatLine = out.chat.split('\n').find((l) => l.includes(chatPath)) ?? '';
      const found = out.pick.find((r) => r.kind !== 'separator' && r.description === row.path);
      const pick = found && found.kind !== 'separator' ? found : undefined;
      assert.ok(row.annotations.length > 0, row.path);
      for (const part of row.annotations.flat()) {
        assert.ok(textLine.includes(part.value), `text ${row.path}: ${part.name}`);
        assert.ok(chatLine.includes(escapeMarkdown(part.value)), `chat ${row.path}: ${part.name}`);
        assert.ok(
          pick?.detail?.includes(`${part.name}: ${part.value}`),
          `pick ${row.path}: ${part.name} in ${pick?.detail}`,
        );
        assert.ok(out.tooltips[i].includes(`${part.name}: ${part.value}`), `tooltip ${row.path}: ${part.name}`);
      }
      if (row.item.selectable) assert.ok(pick?.label.endsWith(row.title), `pick label ${row.path}`);
    }
    // Group headings and the ideas block come from the same blocks.
    for (const b of view) {
      if (b.kind !== 'group') continue;
      assert.ok(out.text.includes(`## ${b.title} (${b.size})`));
      assert.ok(out.chat.includes(`#### ${b.title} (${b.size})`));
      assert.ok(out.pick.some((r) => r.kind === 'separator' && r.label === `${b.title} (${b.items.length})`));
    }
    assert.match(out.text, /Pending ideas \(1\):\n- 2026-11-28 \(2 days ago\) — feature — Idea a\n/);
  });

  test('a change made in the view shows in the text, the chat, the pick list and the tooltip', () => {
    const view = summaryView(query(home, 'ss'));
    const team = rows(view).find((r) => r.item.category === 'team-shared');
    assert.ok(team);
    team.annotations.push([{ name: 'hint', value: 'said-by-the-view', named: true }]);
    team.title = 'Retitled by the view';
    for (const b of view) if (b.kind === 'group') b.heading = false;
    view.push({ kind: 'warnings', warnings: ['warned by the view'] });

    const out = renderAll(view);
    assert.match(
      out.text,
      /^1\. ~\/Projects\/ss\/_project-knowledge\/t\.md — T \[project: ss, scope: repo, tags: api\] \[hint: said-by-the-view\]$/m,
    );
    assert.ok(out.chat.includes(' \\[hint: said\\-by\\-the\\-view\\]\n'), out.chat);
    const pick = out.pick.find((r) => r.kind === 'item' && r.item === team.item);
    assert.equal(pick?.kind === 'item' && pick.detail, 'project: ss, scope: repo · tags: api · hint: said-by-the-view');
    assert.equal(pick?.label, '$(organization) Retitled by the view');
    assert.equal(
      out.tooltips[0],
      '~/Projects/ss/_project-knowledge/t.md — T\nproject: ss, scope: repo\ntags: api\nhint: said-by-the-view',
    );
    assert.doesNotMatch(out.text, /^## /m);
    assert.doesNotMatch(out.chat, /^#### /m);
    assert.match(out.text, /Warning: warned by the view\n$/);
    assert.match(out.chat, /⚠️ warned by the view\n$/);
    assert.ok(
      out.pick.some((r) => r.kind === 'info' && r.role === 'warning' && r.label.endsWith('warned by the view')),
    );
  });
});
