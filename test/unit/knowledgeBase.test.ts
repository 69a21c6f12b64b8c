// The knowledge base's lifecycle with real files: its states, how changed paths are routed
// (snapshot, cache or nothing), the watcher port, and "check on access" for hosts without one.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import type { WatchTargets } from '../../src/core/kb/changeRoute';
import type { ConfigSources } from '../../src/core/config/config';
import { KnowledgeBase, type KnowledgeChange } from '../../src/core/kb/knowledgeBase';
import type { Watcher } from '../../src/core/kb/knowledgeBaseOptions';
import { configText, INDEX_HEADER, makeHome, tempDir, indexWith } from '../helpers';

const TODAY = '2026-11-30';

/** The index of alphaHome: project alpha, api known. */
const ALPHA = { project: 'alpha — Alpha', knownTags: true };

function alphaHome(): { home: string; kf: string } {
  const home = makeHome({
    index: indexWith('X one', ALPHA),
    config: { projects_enabled: 'true', projects_list: 'alpha:alpha' },
    files: {
      'knowledge/notes/x.md': '# X\n',
      'knowledge/projects/alpha/a.md': '# A\n',
      'knowledge/intake/ideas/2026-11-28-a.md': '---\nproject: alpha\n---\n# Idea one\n',
    },
  });
  return { home, kf: path.join(home, 'knowledge') };
}

function base(home: string, options: { checkOnAccess?: boolean; sources?: () => ConfigSources } = {}) {
  const changes: KnowledgeChange[] = [];
  const kb = new KnowledgeBase({
    sources: options.sources ?? (() => ({ home, env: {} })),
    today: () => TODAY,
    checkOnAccess: options.checkOnAccess,
  });
  kb.onDidChange((c) => changes.push(c));
  return { kb, changes };
}

function described(kb: KnowledgeBase, text: string): string[] {
  const outcome = kb.query(text);
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
  return [
    ...outcome.result.items.filter((i) => i.category !== 'tracked-artifact').map((i) => `${i.path}: ${i.description}`),
    ...outcome.result.ideas.map((i) => `idea: ${i.title}`),
  ];
}

/** Rewrites a file so that its size and mtime both change. */
function rewrite(file: string, content: string): void {
  fs.writeFileSync(file, content);
  const later = new Date(Date.now() + 5000);
  fs.utimesSync(file, later, later);
}

describe('knowledge base states', () => {
  test('not configured, no index, ready, and nothing read before the first use', () => {
    const empty = tempDir('aria-kb-empty-');
    const none = base(empty).kb;
    assert.equal(none.loads, 0);
    assert.equal(none.state().kind, 'notConfigured');
    assert.equal(none.watchTargets().knowledgeFolder, null);

    const noIndex = makeHome({});
    const s = base(noIndex).kb.state();
    assert.equal(s.kind, 'noIndex');
    assert.equal(s.kind === 'noIndex' && s.config.knowledgeFolder, path.join(noIndex, 'knowledge'));

    const { home, kf } = alphaHome();
    const kb = base(home).kb;
    assert.equal(kb.state().kind, 'ready');
    assert.equal(kb.loads, 1);
    const targets = kb.watchTargets();
    assert.equal(targets.knowledgeFolder, kf);
    assert.ok(targets.configFiles.includes(path.join(home, '.claude', 'aria-knowledge.local.md')));
    assert.match(targets.knowledgeGlob, /index\.md/);
  });

  test('a query has no side effect on the state: no reload, no change event', () => {
    const { home } = alphaHome();
    const { kb, changes } = base(home);
    assert.deepEqual(described(kb, 'alpha'), ['projects/alpha/a.md: A', 'notes/x.md: X one', 'idea: Idea one']);
    described(kb, 'api');
    assert.equal(kb.loads, 1);
    assert.deepEqual(changes, []);
  });
});

describe('change routing', () => {
  test('index.md → snapshot: re-read on next use', () => {
    const { home, kf } = alphaHome();
    const { kb, changes } = base(home);
    assert.deepEqual(described(kb, 'api'), ['notes/x.md: X one']);
    fs.writeFileSync(path.join(kf, 'index.md'), indexWith('X two', ALPHA));
    assert.deepEqual(described(kb, 'api'), ['notes/x.md: X one'], 'no watcher event, no re-read');
    assert.equal(kb.changed([path.join(kf, 'index.md')]), 'snapshot');
    assert.equal(kb.isLoaded, false);
    assert.deepEqual(described(kb, 'api'), ['notes/x.md: X two']);
    assert.equal(kb.loads, 2);
    assert.deepEqual(changes, ['snapshot']);
  });

  test("a project's note → cache: only that project's listing is re-read, not the index", () => {
    const { home, kf } = alphaHome();
    const { kb, changes } = base(home);
    assert.deepEqual(described(kb, 'alpha'), ['projects/alpha/a.md: A', 'notes/x.md: X one', 'idea: Idea one']);
    // An edit in place leaves the folder's mtime alone: only the routed event clears the listing.
    fs.writeFileSync(path.join(kf, 'projects/alpha/a.md'), '# A edited\n');
    fs.writeFileSync(path.join(kf, 'intake/ideas/2026-11-28-a.md'), '---\nproject: alpha\n---\n# Idea edited\n');
    assert.deepEqual(described(kb, 'alpha'), ['projects/alpha/a.md: A', 'notes/x.md: X one', 'idea: Idea one']);
    assert.equal(kb.changed([path.join(kf, 'projects/alpha/a.md')]), 'cache');
    assert.deepEqual(described(kb, 'alpha'), ['projects/alpha/a.md: A edited', 'notes/x.md: X one', 'idea: Idea one']);
    assert.equal(kb.changed([path.join(kf, 'intake/ideas/2026-11-28-a.md')]), 'cache');
    assert.deepEqual(described(kb, 'alpha'), [
      'projects/alpha/a.md: A edited',
      'notes/x.md: X one',
      'idea: Idea edited',
    ]);
    assert.equal(kb.loads, 1, 'the index was never re-read');
    assert.deepEqual(changes, ['cache', 'cache']);
  });

  test('an unrelated file → none: no event; a config file → snapshot; a batch takes its widest route', () => {
    const { home, kf } = alphaHome();
    const { kb, changes } = base(home);
    kb.state();
    assert.equal(kb.changed([path.join(kf, 'notes/unlisted.md'), path.join(kf, 'intake/ideas/sub/y.md')]), 'none');
    assert.deepEqual(changes, []);
    assert.equal(kb.isLoaded, true);
    assert.equal(
      kb.changed([
        path.join(kf, 'notes/x.md'),
        path.join(kf, 'projects/alpha/a.md'),
        path.join(home, '.claude', 'aria-knowledge.local.md'),
      ]),
      'snapshot',
    );
    assert.deepEqual(changes, ['snapshot']);
    assert.equal(kb.isLoaded, false);
  });

  test('a note the index lists, created or deleted → files: listeners hear it, nothing is re-read', () => {
    const { home, kf } = alphaHome();
    const { kb, changes } = base(home);
    kb.state();
    fs.rmSync(path.join(kf, 'notes/x.md'));
    assert.equal(kb.changed([path.join(kf, 'notes/x.md')]), 'files');
    assert.deepEqual(changes, ['files']);
    assert.equal(kb.isLoaded, true);
    assert.equal(kb.loads, 1);
    assert.equal(
      kb.changed([path.join(kf, 'notes/x.md'), path.join(kf, 'projects/alpha/a.md')]),
      'cache',
      'a batch takes its widest route',
    );
    assert.equal(kb.watchTargets().notesGlob, '**/*.md');
  });

  test('a config file appearing turns "not configured" into ready', () => {
    const home = tempDir('aria-kb-late-');
    fs.mkdirSync(path.join(home, 'knowledge'));
    fs.writeFileSync(path.join(home, 'knowledge', 'index.md'), indexWith('X one', ALPHA));
    const { kb } = base(home);
    assert.equal(kb.state().kind, 'notConfigured');
    const config = path.join(home, '.claude', 'aria-knowledge.local.md');
    assert.ok(kb.watchTargets().configFiles.includes(config), 'a config location is watched before it exists');
    fs.mkdirSync(path.dirname(config));
    fs.writeFileSync(config, configText({ knowledge_folder: '~/knowledge' }));
    assert.equal(kb.changed([config]), 'snapshot');
    assert.equal(kb.state().kind, 'ready');
  });
});

describe('watcher port', () => {
  /** A host watcher that records what it was asked to watch and lets the test report changes. */
  class RecordingWatcher implements Watcher {
    readonly watched: WatchTargets[] = [];
    disposed = 0;
    report: (paths: string[]) => void = () => assert.fail('not watching');
    watch(targets: WatchTargets, onChange: (paths: string[]) => void) {
      this.watched.push(targets);
      this.report = onChange;
      return { dispose: () => this.disposed++ };
    }
  }

  test('the watcher starts at the first load, follows new targets, and its reports are routed', () => {
    const one = alphaHome();
    const two = alphaHome();
    let home = one.home;
    const { kb, changes } = base(home, { sources: () => ({ home, env: {} }) });
    const watcher = new RecordingWatcher();
    const connection = kb.connect(watcher);
    assert.equal(watcher.watched.length, 0, 'nothing is read or watched before the first use');
    kb.state();
    assert.deepEqual(
      watcher.watched.map((t) => t.knowledgeFolder),
      [one.kf],
    );
    kb.reload('Refresh');
    kb.state();
    assert.equal(watcher.watched.length, 1, 'same targets: the watchers stay');
    watcher.report([path.join(one.kf, 'index.md')]);
    assert.deepEqual(changes, ['reload', 'snapshot']);
    home = two.home;
    kb.reload('settings changed');
    kb.state();
    assert.deepEqual(
      watcher.watched.map((t) => t.knowledgeFolder),
      [one.kf, two.kf],
    );
    assert.equal(watcher.disposed, 1, 'the old watchers are disposed');
    connection.dispose();
    assert.equal(watcher.disposed, 2);
  });
});

describe('check on access (no watcher)', () => {
  test('an index.md edit is seen on the next query, and nothing is re-read while nothing changed', () => {
    const { home, kf } = alphaHome();
    const { kb, changes } = base(home, { checkOnAccess: true });
    assert.deepEqual(described(kb, 'api'), ['notes/x.md: X one']);
    described(kb, 'api');
    assert.equal(kb.loads, 1);
    rewrite(path.join(kf, 'index.md'), indexWith('X changed on disk', ALPHA));
    assert.deepEqual(described(kb, 'api'), ['notes/x.md: X changed on disk']);
    assert.equal(kb.loads, 2);
    assert.deepEqual(changes, ['snapshot']);
  });

  test('a new project note is seen through the cached listing\'s folder stamps; a removed index gives "no index"', () => {
    const { home, kf } = alphaHome();
    const { kb } = base(home, { checkOnAccess: true });
    assert.deepEqual(described(kb, 'alpha'), ['projects/alpha/a.md: A', 'notes/x.md: X one', 'idea: Idea one']);
    fs.mkdirSync(path.join(kf, 'projects/alpha/more'));
    fs.writeFileSync(path.join(kf, 'projects/alpha/more/b.md'), '# B\n');
    assert.deepEqual(described(kb, 'alpha'), [
      'projects/alpha/a.md: A',
      'projects/alpha/more/b.md: B',
      'notes/x.md: X one',
      'idea: Idea one',
    ]);
    fs.rmSync(path.join(kf, 'index.md'));
    assert.equal(kb.state().kind, 'noIndex');
    assert.equal(kb.query('api').ok, false);
  });

  test('without the option, a changed file is not noticed until a change is reported', () => {
    const { home, kf } = alphaHome();
    const { kb } = base(home);
    described(kb, 'api');
    rewrite(path.join(kf, 'index.md'), indexWith('X changed on disk', ALPHA));
    assert.deepEqual(described(kb, 'api'), ['notes/x.md: X one']);
  });
});

describe('loadable files (what a server may offer as resources)', () => {
  const teamIndex = `${INDEX_HEADER}## Tag Index
### api
- notes/x.md — X one
- notes/x.md — X listed twice
- projects/alpha/a.md — A through the index
## Team-Shared Tag Index
### api
- ~/Projects/alpha/_project-knowledge/t.md — Team note [project: alpha, scope: repo]
- ~/Projects/alpha/_project-knowledge/../../../.ssh/id_rsa — escape [project: alpha, scope: repo]
- ~/Projects/gamma/_project-knowledge/g.md — not enabled [project: gamma, scope: repo]
`;
  function teamHome(): { home: string; kf: string } {
    const home = makeHome({
      index: teamIndex,
      config: {
        projects_enabled: 'true',
        projects_list: 'alpha:alpha,gamma:gamma',
        projects_shared_knowledge: 'alpha',
      },
      files: {
        'knowledge/notes/x.md': '# X\n',
        'knowledge/projects/alpha/a.md': '# A\n',
        'Projects/alpha/_project-knowledge/t.md': '# T\n',
        'Projects/alpha/CODEMAP.md': '# map\n',
        'Projects/gamma/_project-knowledge/g.md': '# G\n',
      },
    });
    return { home, kf: path.join(home, 'knowledge') };
  }

  test('lists index, project-tier, allowed team-shared and existing artifact files once each, in that order', () => {
    const { home } = teamHome();
    const { kb } = base(home);
    const files = kb.loadableFiles().map((f) => [f.path.replace(home, '~'), f.description]);
    assert.deepEqual(files, [
      ['notes/x.md', 'X one'],
      ['projects/alpha/a.md', 'A'],
      ['~/Projects/alpha/_project-knowledge/t.md', 'Team note'],
      ['~/Projects/alpha/CODEMAP.md', 'CODEMAP.md of alpha (today — fresh)'],
    ]);
    assert.equal(kb.today(), TODAY);
  });

  test('follows the disk on access: a new project note is listed, a removed index lists nothing', () => {
    const { home, kf } = teamHome();
    const { kb } = base(home, { checkOnAccess: true });
    assert.ok(!kb.loadableFiles().some((f) => f.path === 'projects/alpha/b.md'));
    fs.writeFileSync(path.join(kf, 'projects/alpha/b.md'), '# B\n');
    assert.ok(kb.loadableFiles().some((f) => f.path === 'projects/alpha/b.md'));
    fs.rmSync(path.join(kf, 'index.md'));
    assert.deepEqual(kb.loadableFiles(), []);
    assert.deepEqual(base(tempDir('aria-kb-none-')).kb.loadableFiles(), []);
  });
});
