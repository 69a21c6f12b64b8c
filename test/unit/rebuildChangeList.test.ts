// §12.6 and §12.8 for the editor's rebuild: promoted tags join a Known Tags tag list, never a prose
// line, and move their sections in the same rebuild; the change list says per section what is
// added, removed, moved, dropped as dead and which hand-written lines go, each at its line.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { parseIndex } from '../../src/core/index/parse';
import { changeList } from '../../src/core/indexGen/changeList';
import { generateIndex, IndexScan } from '../../src/core/indexGen/generate';
import { addKnownTags, isTagListLine } from '../../src/core/indexGen/knownTags';
import { lineOf, makeHome, snapshotFor } from '../helpers';

const TODAY = '2026-12-04';
const note = (tags: string, title: string) => `---\ntags: [${tags}]\n---\n# ${title}\n`;

describe('§12.6 promoted tags in Known Tags', () => {
  test('a prose line under Known Tags is never written into: the tags join the tag list line', () => {
    const text =
      '# Knowledge Index\n\n## Known Tags\n\napi, css\n\nThese are our lasting topics, added with care.\n\n## Tag Index\n';
    const out = addKnownTags(text, ['retries']);
    assert.match(out, /\napi, css, retries\n/);
    assert.match(out, /\nThese are our lasting topics, added with care\.\n/);
    assert.deepEqual(
      parseIndex(out).knownTags.map((k) => k.tag),
      ['api', 'css', 'retries'],
    );
  });

  test('the last line is prose that declares a tag: the tags go on a new line after it, the prose untouched', () => {
    const text = '## Known Tags\n\n- api [aliases: rest]\nOur words, api\n';
    assert.equal(isTagListLine('Our words, api'), false);
    assert.equal(isTagListLine('- api [aliases: rest],'), true);
    const out = addKnownTags(text, ['retries', 'webhooks']);
    assert.equal(out, '## Known Tags\n\n- api [aliases: rest], retries, webhooks\nOur words, api\n');
    const only = addKnownTags('## Known Tags\n\nWe list tags here, api and more.\n', ['retries']);
    assert.equal(only, '## Known Tags\n\nWe list tags here, api and more.\nretries\n');
    assert.deepEqual(
      parseIndex(only).knownTags.map((k) => k.tag),
      ['retries'],
    );
    assert.equal(addKnownTags('## Known Tags\n\napi\n', ['api']), '## Known Tags\n\napi\n', 'already known');
  });
});

describe('§12.8 the change list', () => {
  const files = {
    'knowledge/guides/a.md': note('api, retries', 'A'),
    'knowledge/guides/b.md': note('retries', 'B'),
    'knowledge/guides/c.md': note('retries', 'C'),
    'knowledge/guides/d.md': note('api', 'D'),
  };
  const index = [
    '# Knowledge Index',
    '',
    'Last rebuilt: 2026-11-02',
    '',
    '## Known Tags',
    '',
    'api, css',
    '',
    'Hand-written: keep this list short, please.',
    '',
    '## Tag Index',
    '',
    'A note to myself inside a generated section.',
    '',
    '### api',
    '- guides/a.md — A',
    '- guides/gone.md — Gone',
    '',
    '### css',
    '- guides/d.md — D',
    '',
    '## Other Tags',
    '',
    '### retries',
    '- guides/a.md — A',
    '',
  ].join('\n');

  test('added, removed, dead and hand-written rows with their lines; the diff size counted', () => {
    const home = makeHome({ index, files });
    const config = snapshotFor(home).config;
    const build = generateIndex(new IndexScan(config), index, { today: TODAY });
    const list = changeList(config, index, build);
    const kinds = list.groups.map((g) => `${g.section}/${g.kind}:${g.total}`);
    assert.deepEqual(kinds, [
      'Tag Index/added:1',
      'Tag Index/removed:1',
      'Tag Index/dead:1',
      'Tag Index/hand-written:1',
      'Other Tags/added:2',
    ]);
    const at = (section: string, kind: string) => list.groups.find((g) => g.section === section && g.kind === kind)!;
    const indexFile = path.join(config.knowledgeFolder, 'index.md');
    assert.deepEqual(at('Tag Index', 'dead').rows, [
      {
        label: 'guides/gone.md',
        detail: 'api · the file is gone',
        file: indexFile,
        line: lineOf(index, '- guides/gone.md — Gone'),
      },
    ]);
    assert.deepEqual(at('Tag Index', 'removed').rows[0], {
      label: 'guides/d.md',
      detail: 'css · the note no longer has the tag',
      file: indexFile,
      line: lineOf(index, '- guides/d.md — D'),
    });
    assert.deepEqual(at('Tag Index', 'added').rows[0], {
      label: 'guides/d.md',
      detail: 'api',
      file: path.join(config.knowledgeFolder, 'guides/d.md'),
      line: null,
    });
    assert.deepEqual(
      at('Tag Index', 'hand-written').rows.map((r) => [r.label, r.line]),
      [['A note to myself inside a generated section.', lineOf(index, 'A note to myself inside a generated section.')]],
    );
    assert.equal(list.moved, 0);
    assert.ok(list.changedLines > 0 && list.changedLines < 20, String(list.changedLines));
    assert.equal(changeList(config, index, build, 0).groups[0].rows.length, 0, 'rows capped, totals kept');
  });

  test('a promoted tag moves its section from Other Tags to Tag Index in the same rebuild, and the move is counted', () => {
    const home = makeHome({ index, files });
    const config = snapshotFor(home).config;
    const scan = new IndexScan(config);
    const promoted = generateIndex(scan, addKnownTags(index, ['retries']), { today: TODAY });
    assert.match(promoted.text, /\napi, css, retries\n\nHand-written: keep this list short, please\.\n/);
    const tagIndex = promoted.text.slice(promoted.text.indexOf('## Tag Index'));
    assert.match(tagIndex, /### retries\n- guides\/a\.md — A\n- guides\/b\.md — B\n/);
    assert.doesNotMatch(promoted.text, /## Other Tags/);
    const list = changeList(config, index, promoted);
    assert.equal(list.moved, 1);
    const moved = list.groups.find((g) => g.kind === 'moved')!;
    assert.equal(moved.section, 'Tag Index');
    assert.deepEqual(moved.rows[0], {
      label: 'retries',
      detail: 'from Other Tags · 3 notes',
      file: path.join(config.knowledgeFolder, 'index.md'),
      line: lineOf(index, '### retries'),
    });
  });
});
