// Bad input, the aria-knowledge config file: missing or relative knowledge_folder, Windows
// line endings, unknown keys, tabs, broken YAML, hostile sizes.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { loadConfig, type ConfigOutcome } from '../../src/core/config/config';
import { NOT_CONFIGURED } from '../../src/core/present/messages';
import type { Config } from '../../src/core/types';
import { fixturesHome, query, snapshotFor } from './helpers';
import { tempDir, writeTree } from '../helpers';
import { bounded } from '../timing';

const fixtureConfig = fs.readFileSync(path.join(fixturesHome, '.claude', 'aria-knowledge.local.md'), 'utf8');

/** A HOME whose `.claude/aria-knowledge.local.md` is exactly `text`. */
function homeWithConfig(text: string | Buffer): string {
  const home = tempDir('aria-rel-config-');
  writeTree(home, {
    '.claude/aria-knowledge.local.md': text,
    'knowledge/index.md': '## Tag Index\n### api\n- a.md — A\n',
    'knowledge/a.md': '# A\n',
  });
  return home;
}

function load(home: string): ConfigOutcome {
  return loadConfig({ home, env: {}, trustedWorkspaceFolders: [] });
}

function ok(home: string): Config {
  const outcome = load(home);
  assert.ok(outcome.ok, `expected a config, got: ${outcome.ok ? '' : outcome.message}`);
  return outcome.config;
}

/** The config of a home whose config file holds `lines`, read there with its knowledge folder at ~/knowledge. */
function okFromLines(lines: string[]): { home: string; config: Config } {
  const home = homeWithConfig(lines.join('\n'));
  const config = ok(home);
  assert.equal(config.knowledgeFolder, path.join(home, 'knowledge'));
  return { home, config };
}

/** Config without the parts that legitimately differ between two homes. */
function comparable(config: Config, home: string) {
  const rel = (p: string) => path.relative(home, p);
  return {
    knowledgeFolder: rel(config.knowledgeFolder),
    projectsEnabled: config.projectsEnabled,
    projectsList: [...config.projectsList].map(([k, v]) => [k, v.tag, rel(v.root)]),
    sharedKnowledge: config.sharedKnowledge,
    projectGroups: [...config.projectGroups],
    thresholds: config.thresholds,
    warnings: config.warnings.length,
  };
}

test('missing knowledge_folder: not configured, with the setup message', () => {
  for (const text of [
    '---\nprojects_enabled: true\n---\n',
    '---\nknowledge_folder:\n---\n',
    '---\nknowledge_folder: ""\n---\n',
    '# No front matter at all\nknowledge_folder: /somewhere\n',
    '',
    '---\n---\n',
  ]) {
    const outcome = load(homeWithConfig(text));
    assert.equal(outcome.ok, false, JSON.stringify(text));
    if (outcome.ok) continue;
    assert.equal(outcome.code, 'not-configured');
    assert.ok(outcome.message.endsWith(NOT_CONFIGURED), outcome.message);
  }
  // No config file anywhere and no folder setting: exactly the §0 message.
  const empty = tempDir('aria-rel-nohome-');
  assert.deepEqual(load(empty), { ok: false, code: 'not-configured', message: NOT_CONFIGURED });
});

test('relative knowledge_folder is refused with a clear message naming the value', () => {
  for (const value of ['knowledge', './knowledge', '../knowledge', '~user/knowledge', 'C:knowledge']) {
    const outcome = load(homeWithConfig(`---\nknowledge_folder: ${value}\n---\n`));
    assert.equal(outcome.ok, false, value);
    if (outcome.ok) continue;
    assert.equal(outcome.code, 'not-configured');
    assert.equal(outcome.message, `knowledge_folder must be an absolute path (got "${value}"). ${NOT_CONFIGURED}`);
  }
  // `~` and `~/…` are expanded; quotes and trailing spaces do not matter.
  for (const value of ['~/knowledge', '"~/knowledge"', "'~/knowledge'   ", '~/knowledge/']) {
    const home = homeWithConfig(`---\nknowledge_folder: ${value}\n---\n`);
    assert.equal(ok(home).knowledgeFolder, path.join(home, 'knowledge'), value);
  }
});

test('Windows line endings (CRLF), CR-only endings and a BOM read exactly like LF', () => {
  const lfHome = homeWithConfig(fixtureConfig);
  const expected = comparable(ok(lfHome), lfHome);
  assert.equal(expected.projectGroups.length, 1, 'the nested projects_groups is read');
  for (const [name, text] of Object.entries({
    crlf: fixtureConfig.replace(/\n/g, '\r\n'),
    cr: fixtureConfig.replace(/\n/g, '\r'),
    'bom+crlf': `\ufeff${fixtureConfig.replace(/\n/g, '\r\n')}`,
  })) {
    const home = homeWithConfig(text);
    assert.deepEqual(comparable(ok(home), home), expected, name);
  }
  // And the whole pipeline works from a CRLF config: no stray \r in paths or tags.
  const home = homeWithConfig(
    `---\r\nknowledge_folder: ~/knowledge\r\nprojects_enabled: true\r\nprojects_list: p1:~/Projects/p1\r\n---\r\n`,
  );
  const config = ok(home);
  assert.equal(config.knowledgeFolder, path.join(home, 'knowledge'));
  assert.deepEqual([...config.projectsList.keys()], ['p1']);
  assert.equal(config.projectsList.get('p1')!.root, path.join(home, 'Projects', 'p1'));
  assert.deepEqual(
    query(snapshotFor(home), 'api').items.map((i) => i.path),
    ['a.md'],
  );
});

test('unknown keys are ignored and the known ones still read', () => {
  const { config } = okFromLines([
    '---',
    'knowledge_folder: ~/knowledge',
    'audit_cadence_knowledge: 7',
    'some_future_key: [1, 2, {nested: true}]',
    'another:',
    '  deeply:',
    '    nested: [a, b]',
    '"quoted key with spaces": x',
    '__proto__: {polluted: true}',
    'constructor: evil',
    'projects_enabled: true',
    'projects_list: p1:~/Projects/p1',
    'ideas_staleness_threshold_days: 3',
    '---',
    '# Notes after the front matter are ignored',
    'knowledge_folder: /not/this/one',
  ]);
  assert.equal(config.projectsEnabled, true);
  assert.deepEqual([...config.projectsList.keys()], ['p1']);
  assert.equal(config.thresholds.ideas, 3);
  assert.deepEqual(config.warnings, []);
  assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype pollution');
});

test('tabs: after the colon, as indentation of projects_groups, and in a list', () => {
  const withTabs = [
    '---',
    'knowledge_folder:\t~/knowledge',
    'projects_enabled:\ttrue',
    'projects_list:\tp1:~/Projects/p1,\tproj-c:proj-c',
    'projects_shared_knowledge: p1,\tproj-c',
    'projects_groups:',
    '\tproj-c:',
    '\t\tbackend:\tbackend',
    '\t\tstitch_path:\tdocs/STITCH.md',
    'codemap_staleness_threshold_days:\t21\t',
    '---',
  ];
  const { config } = okFromLines(withTabs);
  assert.equal(config.projectsEnabled, true);
  assert.deepEqual([...config.projectsList.keys()], ['p1', 'proj-c']);
  assert.deepEqual(config.sharedKnowledge, ['p1', 'proj-c']);
  assert.deepEqual(config.projectGroups.get('proj-c'), { subRepos: ['backend'], stitchPath: 'docs/STITCH.md' });
  assert.equal(config.thresholds.codemap, 21);
  assert.ok(!config.projectGroups.has('backend') && !config.projectsList.has('backend'), 'not flattened');
});

test('a config that is not valid YAML still yields its simple key: value lines, with a warning naming the file', () => {
  const { home, config } = okFromLines([
    '---',
    'knowledge_folder: ~/knowledge',
    'knowledge_folder: ~/knowledge',
    'projects_enabled: true',
    'projects_list: [p1:~/Projects/p1',
    'stitch_staleness_threshold_days: "45"',
    'broken: "unterminated',
    '---',
  ]);
  assert.equal(config.projectsEnabled, true);
  assert.equal(config.thresholds.stitch, 45);
  assert.equal(config.warnings.length, 1);
  assert.ok(config.warnings[0].startsWith(path.join(home, '.claude', 'aria-knowledge.local.md')), config.warnings[0]);
  assert.match(config.warnings[0], /read its simple key: value lines only/);
  // The warning reaches the user with every query.
  assert.ok(query(snapshotFor(home), 'api').warnings.includes(config.warnings[0]));
});

test('non-numeric thresholds and odd booleans fall back to their defaults', () => {
  const home = homeWithConfig(
    '---\nknowledge_folder: ~/knowledge\nprojects_enabled: yes please\nideas_staleness_threshold_days: soon\ncodemap_staleness_threshold_days: -3\nstitch_staleness_threshold_days: 1.5\n---\n',
  );
  const config = ok(home);
  assert.equal(config.projectsEnabled, false);
  assert.deepEqual(config.thresholds, { ideas: 7, codemap: 14, stitch: 30 });
});

test('a hostile config (alias bomb, 1 MB line, binary bytes) is read in bounded time', (t) => {
  let bomb = 'l0: &l0 ["x","x","x","x","x","x","x","x","x","x"]\n';
  for (let i = 1; i <= 9; i++)
    bomb += `l${i}: &l${i} [${Array(10)
      .fill(`*l${i - 1}`)
      .join(', ')}]\n`;
  const variants: Array<string | Buffer> = [
    `---\nknowledge_folder: ~/knowledge\n${bomb}projects_list: *l9\nprojects_shared_knowledge: *l9\nprojects_groups: {p1: *l9}\n---\n`,
    `---\nknowledge_folder: ~/knowledge\nprojects_list: ${'p:x,'.repeat(250_000)}\n---\n`,
    `---\nknowledge_folder: ~/knowledge\nbroken: [\nk: a${' '.repeat(1 << 20)}b\n---\n`,
    Buffer.concat([
      Buffer.from('---\nknowledge_folder: ~/knowledge\n'),
      Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x0a]),
      Buffer.from('---\n'),
    ]),
  ];
  for (const [i, text] of variants.entries()) {
    const home = homeWithConfig(text);
    const config = bounded(`hostile config ${i}`, 500, () => ok(home), t.diagnostic.bind(t));
    assert.equal(config.knowledgeFolder, path.join(home, 'knowledge'), `variant ${i}`);
    assert.deepEqual(
      query(snapshotFor(home), 'api').items.map((x) => x.path),
      ['a.md'],
      `variant ${i}`,
    );
  }
});
