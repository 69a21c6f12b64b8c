// §2 A typed word loses surrounding punctuation before it is matched (unless the index knows it as
// written), and a no-match names the nearest known tags; every renderer shows them.
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toJson } from '../../src/core/present/json';
import { matchReasons } from '../../src/agent/itemFacts';
import { renderSummary } from '../../src/core/present/summary';
import { nearestTags, trimToken } from '../../src/core/match/tagSpelling';
import { resultMarkdown } from '../../src/vscode/chat/chatMarkdown';
import { pickModel } from '../../src/vscode/query/queryModel';
import { queryProblem } from '../../src/vscode/query/completionModel';
import { runQuery } from '../../src/core/match/engine';
import { runCli } from '../cliRun';
import { runQueryTool } from '../../src/agent/tools';
import { agentSourceFor, INDEX_HEADER, makeHome, paths, query, snapshotFor } from '../helpers';

const home = makeHome({
  index:
    `${INDEX_HEADER}## Known Tags\nkubernetes [aliases: k8s], stripe, webhooks, c++, .net, react-native\n\n` +
    '## Tag Index\n### kubernetes\n- k.md — K\n### stripe\n- s.md — S\n### webhooks\n- w.md — W\n' +
    '### c++\n- cpp.md — C\n### c\n- c.md — plain C\n### .net\n- net.md — N\n### net\n- n2.md — bare\n' +
    '### react-native\n- rn.md — RN\n\n## Semantic Hints Index\n### invoice retries\n- w.md\n',
});
const index = snapshotFor(home).index;

describe('§2 punctuation around a word', () => {
  test('trailing and leading punctuation is dropped before matching', () => {
    assert.deepEqual(paths(query(home, 'stripe?')), ['s.md']);
    assert.deepEqual(paths(query(home, 'how do we retry failed invoice webhooks?')).sort(), ['w.md']);
    assert.deepEqual(paths(query(home, '"(kubernetes)".')), ['k.md']);
    assert.deepEqual(query(home, 'stripe?!').query.tokens, ['stripe']);
  });

  test('a spelling the index knows keeps its punctuation; only as much is dropped as makes a known word', () => {
    assert.deepEqual(paths(query(home, 'c++')), ['cpp.md']);
    assert.deepEqual(paths(query(home, '.net')), ['net.md']);
    assert.equal(trimToken(index, 'c++?'), 'c++');
    assert.equal(trimToken(index, '.net,'), '.net');
    assert.equal(trimToken(index, 'react-native.'), 'react-native');
    // inner punctuation is the word's own
    assert.equal(trimToken(index, 'e.g.'), 'e.g');
  });

  test('an alias with punctuation resolves; a token of punctuation only stays literal (§F24)', () => {
    const r = query(home, 'k8s?');
    assert.deepEqual(r.query.resolved, [{ alias: 'k8s', canonical: 'kubernetes' }]);
    assert.deepEqual(paths(r), ['k.md']);
    assert.equal(trimToken(index, '?'), '?');
    assert.equal(trimToken(index, '--'), '--');
  });

  test('an unknown word with punctuation still matches a hint phrase', () => {
    assert.deepEqual(paths(query(home, 'invoice?')), ['w.md']);
  });
});

describe('§5 no match: did you mean', () => {
  test('the nearest known tags to a misspelling, nearest first; aliases suggested as their tag', () => {
    assert.deepEqual(nearestTags(index, ['kubernets']), ['kubernetes']);
    assert.deepEqual(nearestTags(index, ['strpie']), ['stripe']);
    assert.deepEqual(nearestTags(index, ['k8z']), ['kubernetes']);
    assert.deepEqual(nearestTags(index, ['stripe']), [], 'a known word needs no suggestion');
    assert.deepEqual(nearestTags(index, ['zzzzzzzz']), []);
  });

  test('a no-match result carries them and every renderer shows them', () => {
    const r = query(home, 'kubernets?');
    assert.equal(r.noMatch, true);
    assert.deepEqual(r.suggestions, ['kubernetes']);
    assert.match(renderSummary(r), /^Did you mean: kubernetes\?$/m);
    assert.match(resultMarkdown(r, { linkFor: (p) => `file://${p}` }), /Did you mean: kubernetes/);
    assert.deepEqual(toJson(r).suggestions, ['kubernetes']);
    const rows = pickModel(r, 'kubernets?').rows;
    const suggestion = rows.find((row) => row.kind === 'action' && row.action === 'query');
    assert.ok(suggestion && suggestion.kind === 'action' && suggestion.action === 'query');
    assert.equal(suggestion.query, 'kubernetes');
    assert.equal(toJson(query(home, 'stripe')).suggestions, undefined, 'no field when something matched');
  });
});

test('the MCP tools say a word typed with punctuation matched as that tag', () => {
  const r = query(home, 'stripe?');
  const item = r.items.find((i) => i.path === 's.md')!;
  assert.deepEqual(matchReasons(item, r, 'stripe?'), [{ kind: 'tag', value: 'stripe' }]);
});

describe('§2 §F37 operators are recognised after punctuation is trimmed', () => {
  test('`(AND)` makes an intersection and `(or)` is dropped, as AND and OR would', () => {
    const and = query(home, '(AND) kubernetes stripe');
    assert.equal(and.query.mode, 'AND');
    assert.deepEqual(and.query.tokens, ['kubernetes', 'stripe']);
    assert.equal(query(home, 'stripe "or" webhooks').query.mode, 'OR');
    assert.deepEqual(query(home, 'stripe, "or", webhooks').query.tokens, ['stripe', 'webhooks']);
    assert.equal(query(home, 'AND?! stripe').query.mode, 'AND');
    // only the letters between the punctuation runs: `+and` and `and-more` are words
    assert.deepEqual(query(home, '+and and-more').query.tokens, ['+and', 'and-more']);
  });

  test('a query of operators only is a usage error on every surface: core, CLI, editor completion', () => {
    const snapshot = snapshotFor(home);
    for (const text of ['(or)', '(AND)', '"and", (OR)?']) {
      const outcome = runQuery(snapshot, text, { today: '2026-11-30' });
      assert.equal(outcome.ok, false, text);
      assert.ok(queryProblem(text), `the editor's input refuses ${text}`);
      const cli = runCli(['query', text, '--no-cache'], home);
      assert.equal(cli.code, 2, `${text}: ${cli.out}`);
      assert.match(cli.out, /^Usage: aria-context query /);
    }
    assert.equal(queryProblem('(api)'), null);
  });
});

describe('§5 did you mean, for short words', () => {
  const short = makeHome({
    index:
      `${INDEX_HEADER}## Known Tags\ndb, go, of, dx, tv, d, dvd, adv, kube\n\n## Tag Index\n` +
      ['db', 'go', 'of', 'dx', 'tv', 'd', 'dvd', 'adv', 'kube'].map((t) => `### ${t}\n- ${t}.md — ${t}\n`).join(''),
  });
  const shortIndex = snapshotFor(short).index;

  test('a 2-letter word: same-length tags one substitution or swap away, fewest edits then code-unit order, at most 3', () => {
    // not `d`, `dvd` or `adv`: a deletion or insertion reaches too many tags from 2 letters
    assert.deepEqual(nearestTags(shortIndex, ['dv']), ['db', 'dx', 'tv']);
    assert.deepEqual(nearestTags(shortIndex, ['og']), ['go', 'of']);
    assert.deepEqual(nearestTags(shortIndex, ['x']), [], 'a 1-letter word gets no suggestion');
    assert.deepEqual(nearestTags(shortIndex, ['kub']), ['kube'], '3 letters: one edit of any kind');
  });

  test('every surface names them: CLI text and --json, the MCP query tool, the pick list, @context', () => {
    const r = query(short, 'dv');
    assert.deepEqual(r.suggestions, ['db', 'dx', 'tv']);
    const text = runCli(['query', 'og', '--no-cache'], short);
    assert.match(text.out, /^Did you mean: go, of\?$/m);
    const json = JSON.parse(runCli(['query', 'dv', '--json', '--no-cache'], short).out) as { suggestions: string[] };
    assert.deepEqual(json.suggestions, ['db', 'dx', 'tv']);
    const tool = runQueryTool(agentSourceFor(snapshotFor(short), '2026-11-30'), { query: 'dv' });
    assert.deepEqual((tool.structuredContent as { suggestions: string[] }).suggestions, ['db', 'dx', 'tv']);
    assert.match((tool.content[0] as { text: string }).text, /^Did you mean: db, dx, tv\?$/m);
    assert.match(resultMarkdown(r, { linkFor: (p) => `file://${p}` }), /Did you mean: db, dx, tv/);
    const rows = pickModel(r, 'dv').rows.filter((row) => row.kind === 'action' && row.action === 'query');
    assert.deepEqual(
      rows.map((row) => (row.kind === 'action' ? row.query : '')),
      ['db', 'dx', 'tv'],
    );
  });
});

test('§2 at most 8 characters of a punctuation run are tried one by one; past that the runs go whole', () => {
  // `?` and `.` are one run before `net`; `.net` and `net` are both tags
  assert.equal(trimToken(index, `${'?'.repeat(8)}.net`), '.net', '8 removed: a form tried');
  assert.equal(trimToken(index, `${'?'.repeat(9)}.net`), 'net', '.net lies 9 removals in: the run goes whole');
  assert.equal(trimToken(index, `${'?'.repeat(9)}c++`), 'c++', '`+` is a symbol, not punctuation: it stays');
});
