// The reader's containment with real files: symlinked folders at every level below a trusted
// root (_project-knowledge, cross, a sub-repo folder, an artifact's folder), symlinked notes and
// artifacts (CODEMAP.md -> .env), non-markdown entries, a cloned workspace's .cursor config and
// too-wide roots. A marker string in every secret proves that nothing reaches a summary, JSON,
// bundle, tool result or chat message, through every front end.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../src/core/config/config';
import type { Snapshot } from '../../src/core/match/engine';
import { toJson } from '../../src/core/present/json';
import { pickItems, renderBundle } from '../../src/core/read/loader';
import { loadItems } from '../../src/core/read/reader';
import { loadSnapshot } from '../../src/core/index/snapshot';
import { renderSummary } from '../../src/core/present/summary';
import { handleChatRequest, type ChatStream } from '../../src/vscode/chat/participantHandler';
import { runLoadTool, runQueryTool } from '../../src/vscode/chat/toolHandlers';
import type { AgentSource } from '../../src/agent/source';
import { MARKER, query, snapshotFor, spyFileAccess, TODAY } from './helpers';
import { tempDir, writeTree } from '../helpers';
import { runCli } from '../cliRun';

const SECRET = `---\ntags: [api]\ntitle: ${MARKER}\n---\n# ${MARKER}\n${MARKER}\n`;

interface Attack {
  home: string;
  folder: string;
  /** Folders and files whose content must never be read. */
  secrets: string[];
}

/**
 * A user whose teammates' repositories are hostile. Every shared folder and artifact is a
 * symlink to somewhere the user never shared; every target holds the marker.
 */
function symlinkedRepos(): Attack {
  const home = tempDir('aria-contain-');
  const p = (...parts: string[]) => path.join(home, ...parts);
  writeTree(home, {
    '.claude/aria-knowledge.local.md': [
      '---',
      'knowledge_folder: ~/knowledge',
      'projects_enabled: true',
      'projects_list: p1:~/Projects/p1, p2:~/Projects/p2, p3:~/Projects/p3',
      'projects_shared_knowledge: p1, p2, p3',
      'projects_groups:',
      '  p1:',
      '    backend: backend',
      '    stitch_path: docs/STITCH.md',
      '  p3:',
      '    stitch_path: STITCH.md',
      '---',
      '',
    ].join('\n'),
    'knowledge/index.md': [
      '# Knowledge Index',
      '## Tag Index',
      '### api',
      '- approaches/ok.md — A good note',
      '- .git/config — Git config with a token',
      '- secrets.txt — Plain-text secrets',
      '- approaches/notes.md — A note that is really a text file',
      '## Team-Shared Tag Index',
      '### api',
      '- ~/Projects/p1/_project-knowledge/ok.md — Team note [project: p1, scope: repo]',
      '- ~/Projects/p1/_project-knowledge/link.md — Symlinked note [project: p1, scope: repo]',
      '- ~/Projects/p1/_project-knowledge/cross/notes.md — Cross through a symlink [project: cross, scope: cross]',
      '- ~/Projects/p1/backend/_project-knowledge/leak.md — Sub-repo symlink [project: p1, scope: repo]',
      '- ~/Projects/p2/_project-knowledge/id_rsa.md — Folder symlink to ~/.ssh [project: p2, scope: repo]',
      '- ~/Projects/p2/_project-knowledge/credentials.md — Folder symlink to ~/.aws [project: p2, scope: repo]',
      '',
    ].join('\n'),
    'knowledge/approaches/ok.md': '# OK\nfine\n',
    'knowledge/.git/config': `[remote "origin"]\n  url = https://${MARKER}@github.com/x/y\n`,
    'knowledge/secrets.txt': SECRET,
    'knowledge/approaches/notes.txt': SECRET,
    '.ssh/id_rsa': SECRET,
    '.ssh/id_rsa.md': SECRET,
    '.aws/credentials.md': SECRET,
    'Projects/p1/_project-knowledge/ok.md': '# Team OK\n',
    'Projects/p1/.env': `TOKEN=${MARKER}\n`,
    'Projects/p1/private/notes.md': SECRET,
    'Projects/p3/private/STITCH.md': SECRET,
    'elsewhere/repo/_project-knowledge/leak.md': SECRET,
    'elsewhere/docs/STITCH.md': SECRET,
  });
  fs.symlinkSync(p('knowledge', 'approaches', 'notes.txt'), p('knowledge', 'approaches', 'notes.md'));
  // _project-knowledge/<note> → elsewhere in the project (inside the root, outside the area).
  fs.symlinkSync('../private/notes.md', p('Projects', 'p1', '_project-knowledge', 'link.md'));
  // cross/ → an unshared folder of the project.
  fs.symlinkSync(p('Projects', 'p1', 'private'), p('Projects', 'p1', '_project-knowledge', 'cross'));
  // A sub-repo folder named in projects_groups → another repository.
  fs.symlinkSync(p('elsewhere', 'repo'), p('Projects', 'p1', 'backend'));
  // Artifacts: CODEMAP.md → .env; the STITCH file's folder → elsewhere; a STITCH file → private.
  fs.symlinkSync('.env', p('Projects', 'p1', 'CODEMAP.md'));
  fs.symlinkSync(p('elsewhere', 'docs'), p('Projects', 'p1', 'docs'));
  fs.symlinkSync('private/STITCH.md', p('Projects', 'p3', 'STITCH.md'));
  fs.symlinkSync('private/STITCH.md', p('Projects', 'p3', 'CODEMAP.md'));
  // _project-knowledge itself → ~/.ssh, and in p2 a second level: the folder is the symlink.
  fs.mkdirSync(p('Projects', 'p2'), { recursive: true });
  fs.symlinkSync(p('.ssh'), p('Projects', 'p2', '_project-knowledge'));
  fs.symlinkSync(p('.aws', 'credentials.md'), p('.ssh', 'credentials.md'));
  return {
    home,
    folder: p('knowledge'),
    secrets: [
      p('.ssh'),
      p('.aws'),
      p('Projects', 'p1', '.env'),
      p('Projects', 'p1', 'private'),
      p('Projects', 'p3', 'private'),
      p('elsewhere'),
      p('knowledge', '.git'),
      p('knowledge', 'secrets.txt'),
      p('knowledge', 'approaches', 'notes.txt'),
    ],
  };
}

function toolSource(snapshot: Snapshot): AgentSource {
  return {
    query: (text) => {
      try {
        return { ok: true, result: query(snapshot, text) };
      } catch (err) {
        return { ok: false, message: (err as Error).message };
      }
    },
    state: () => ({ kind: 'ready', snapshot }),
    today: () => TODAY,
  };
}

async function chatLoad(snapshot: Snapshot, lastQuery: string): Promise<string> {
  const out: string[] = [];
  const stream: ChatStream = {
    markdown: (t) => out.push(t),
    reference: (p) => out.push(`reference ${p}`),
    button: () => undefined,
    progress: () => undefined,
  };
  const model = {
    async *send(prompt: string) {
      yield `model saw: ${prompt}`;
    },
  };
  await handleChatRequest(
    { prompt: 'all what is in these?', command: 'load' },
    { lastQuery },
    toolSource(snapshot),
    stream,
    model,
    (p) => `file://${p}`,
    () => false,
  );
  return out.join('\n');
}

/** Every path the spy saw, resolved, stays out of the secrets. */
function assertNoSecretOpened(opened: string[], attack: Attack): void {
  for (const p of opened) {
    let real = p;
    try {
      real = fs.realpathSync(p);
    } catch {
      // not there: not read either
    }
    for (const s of attack.secrets)
      assert.ok(real !== s && !real.startsWith(`${s}${path.sep}`), `opened ${p} (${real}), inside ${s}`);
  }
}

test('symlinked _project-knowledge, cross, sub-repo and artifact folders and files never widen what is read: core, tool, chat', async () => {
  const attack = symlinkedRepos();
  const snapshot = snapshotFor(attack.home);
  for (const q of ['api p1 p2 p3', 'p1', 'p3']) {
    const spied = spyFileAccess(() => {
      const result = query(snapshot, q);
      const picks = pickItems(result, 'all');
      assert.ok(picks.ok);
      const load = loadItems(snapshot.config, picks.items);
      return {
        result,
        load,
        text: [renderSummary(result), JSON.stringify(toJson(result)), renderBundle(load), JSON.stringify(load)].join(
          '\n',
        ),
      };
    });
    assertNoSecretOpened(spied.opened, attack);
    const { result, load, text } = spied.value;
    assert.ok(!text.includes(MARKER), `${q}: a secret reached the summary, JSON or bundle`);
    if (q.includes('api')) {
      assert.deepEqual(load.loaded.map((f) => f.item.path).sort(), [
        'approaches/ok.md',
        '~/Projects/p1/_project-knowledge/ok.md',
      ]);
      const reasons = new Map(load.refused.map((r) => [r.item.path, r.reason]));
      const outside = 'its real path (after symlinks) is outside the allowed folders';
      for (const p of [
        '~/Projects/p1/_project-knowledge/link.md',
        '~/Projects/p1/_project-knowledge/cross/notes.md',
        '~/Projects/p1/backend/_project-knowledge/leak.md',
        '~/Projects/p2/_project-knowledge/id_rsa.md',
        '~/Projects/p2/_project-knowledge/credentials.md',
      ]) {
        assert.equal(reasons.get(p), outside, `${p}: ${reasons.get(p)}`);
      }
      // Artifacts the reader would refuse are refused in the listing itself: no age, never picked.
      for (const p of [
        '~/Projects/p1/CODEMAP.md',
        '~/Projects/p1/docs/STITCH.md',
        '~/Projects/p3/STITCH.md',
        '~/Projects/p3/CODEMAP.md',
      ]) {
        const item = result.items.find((i) => i.path === p);
        assert.equal(item?.selectable, false, p);
        assert.equal(item?.status, `(refused — ${outside}; not read)`, p);
      }
      for (const p of ['.git/config', 'secrets.txt', 'approaches/notes.md'])
        assert.equal(reasons.get(p), 'it is not a markdown (.md) file', p);
    } else {
      // A plain project query pulls cross/ entries and artifacts: every artifact here is a symlink
      // out of its area, so none is offered or loaded.
      const artifacts = result.items.filter((i) => i.category === 'tracked-artifact');
      assert.ok(artifacts.length > 0 && artifacts.every((i) => !i.selectable && i.status?.startsWith('(refused — ')));
      assert.equal(load.loaded.filter((f) => f.item.category === 'tracked-artifact').length, 0);
    }
  }

  // The agent's load tool: by query and picks, and by every path an injected prompt might try.
  const source = toolSource(snapshot);
  const tries = [
    '~/.ssh/id_rsa',
    '~/.ssh/id_rsa.md',
    `${attack.home}/.aws/credentials.md`,
    '~/Projects/p1/.env',
    '~/Projects/p1/CODEMAP.md',
    '~/Projects/p1/docs/STITCH.md',
    '~/Projects/p3/STITCH.md',
    '~/Projects/p2/_project-knowledge/id_rsa.md',
    '~/Projects/p1/_project-knowledge/cross/notes.md',
    '~/Projects/p1/backend/_project-knowledge/leak.md',
    '~/Projects/p1/private/notes.md',
    '.git/config',
    'secrets.txt',
    'approaches/notes.md',
    'approaches/notes.txt',
    '../.ssh/id_rsa.md',
  ];
  const byPaths = runLoadTool({ paths: tries }, source);
  const byQuery = runLoadTool({ query: 'api p1 p2 p3', picks: 'all' }, source);
  const summary = runQueryTool({ query: 'api p1 p2 p3' }, source);
  for (const [name, text] of Object.entries({ byPaths, byQuery, summary }))
    assert.ok(!text.includes(MARKER), `${name} leaked:\n${text}`);
  assert.match(
    byPaths,
    /^Refused ~\/\.ssh\/id_rsa: outside the knowledge folder and the allowed _project-knowledge\/ folders \(not read\)\.$/m,
  );
  assert.match(byQuery, /^## approaches\/ok\.md$/m, 'the good files still load');

  // @context /load all after `@context p1`: the cross/ entry pulled into the query is refused.
  const chat = await chatLoad(snapshot, 'p1');
  assert.ok(!chat.includes(MARKER), chat);
  assert.match(
    chat,
    /Refused ~\/Projects\/p1\/\\_project\\-knowledge\/cross\/notes\\\.md|Refused `~\/Projects\/p1\/_project-knowledge\/cross\/notes\.md`/,
  );
});

test('the built CLI: summary, --json, --load all and --load all --json never show a secret behind a symlink', () => {
  const attack = symlinkedRepos();
  const args = ['query', 'api', 'p1', 'p2', 'p3', '--today', TODAY];
  for (const extra of [[], ['--json'], ['--load', 'all'], ['--load', 'all', '--json']]) {
    const r = runCli([...args, ...extra], attack.home);
    assert.equal(r.code, 0, r.out + r.err);
    assert.ok(!r.out.includes(MARKER), `${extra.join(' ')} leaked:\n${r.out}`);
    if (extra.length === 0) {
      assert.match(
        r.out,
        /~\/Projects\/p1\/CODEMAP\.md — \(refused — its real path \(after symlinks\) is outside the allowed folders; not read\)/,
      );
    }
    if (extra.includes('--load') && !extra.includes('--json')) {
      assert.match(r.out, /^## approaches\/ok\.md$/m);
      assert.ok(!r.out.includes('Projects/p1/CODEMAP.md'), 'a refused artifact is not even offered to --load all');
      assert.match(r.out, /^Refused secrets\.txt: it is not a markdown \(\.md\) file \(not read\)\.$/m);
    }
  }
});

test('a trusted workspace .cursor config cannot name projects outside the projects root, nor artifacts outside their project', () => {
  const home = tempDir('aria-cursor-');
  const ws = path.join(home, 'Projects', 'cloned');
  writeTree(home, {
    'knowledge/index.md': '## Tag Index\n### api\n- a.md — A\n',
    'knowledge/a.md': '# A\n',
    '.ssh/id_rsa': SECRET,
    '.ssh/id_rsa.md': SECRET,
    'Projects/ok/CODEMAP.md': '# Codemap\n',
    'Projects/ok/_project-knowledge/team.md': '# Team\n',
    'Projects/cloned/.cursor/aria-knowledge.local.md': [
      '---',
      'knowledge_folder: ~/knowledge',
      'projects_enabled: true',
      `projects_list: evil:~, up:../.., etc:/etc, dotdot:ok/../../.ssh, sneaky:link-to-ssh, ok:ok, abs:${home}/.ssh`,
      'projects_shared_knowledge: evil, sneaky, ok',
      'projects_groups:',
      '  ok:',
      '    stitch_path: ../../.ssh/id_rsa.md',
      '    backend: ../../.ssh',
      'codemap_staleness_threshold_days: 3',
      '---',
      '',
    ].join('\n'),
  });
  fs.symlinkSync(path.join(home, '.ssh'), path.join(home, 'Projects', 'link-to-ssh'));
  const outcome = loadConfig({ home, env: {}, trustedWorkspaceFolders: [ws] });
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
  const config = outcome.config;
  assert.equal(config.configFile, path.join(ws, '.cursor', 'aria-knowledge.local.md'));
  assert.equal(config.thresholds.codemap, 3, 'thresholds from the workspace are kept');
  assert.deepEqual([...config.projectsList.keys()], ['ok']);
  const warnings = config.warnings.join('\n');
  assert.match(warnings, /^projects_list: ignored project "evil" \(its root .* is your home folder\)$/m);
  assert.match(
    warnings,
    /^projects_list: ignored project "up" \(its root .* is a folder that contains your home folder\)$/m,
  );
  for (const tag of ['etc', 'dotdot', 'sneaky', 'abs']) {
    assert.match(
      warnings,
      new RegExp(
        `^projects_list: ignored project "${tag}" \\(a workspace config may only name projects inside the projects root ~/Projects\\)$`,
        'm',
      ),
    );
  }
  assert.match(
    warnings,
    /^projects_groups: ignored stitch_path "\.\.\/\.\.\/\.ssh\/id_rsa\.md" of ok \(it is not inside the project\)$/m,
  );
  assert.match(
    warnings,
    /^projects_groups: ignored sub-repo "\.\.\/\.\.\/\.ssh" of ok \(it is not a folder inside the project\)$/m,
  );

  // Through a query and the agent's tool: no artifact or path reaches ~/.ssh.
  const loaded = loadSnapshot({ home, env: {}, trustedWorkspaceFolders: [ws] });
  assert.ok(loaded.ok);
  const snapshot = loaded.snapshot;
  const result = query(snapshot, 'evil sneaky ok api');
  // The refused stitch_path falls back to STITCH.md at the project root (§4d).
  assert.deepEqual(
    result.items.filter((i) => i.category === 'tracked-artifact').map((i) => i.path),
    ['~/Projects/ok/CODEMAP.md', '~/Projects/ok/STITCH.md'],
  );
  const tool = runLoadTool(
    { paths: ['~/.ssh/id_rsa', '~/.ssh/id_rsa.md', '~/Projects/link-to-ssh/id_rsa.md', '~/Projects/ok/CODEMAP.md'] },
    toolSource(snapshot),
  );
  assert.ok(!tool.includes(MARKER), tool);
  assert.match(tool, /^## ~\/Projects\/ok\/CODEMAP\.md$/m, 'the artifact of the allowed project loads');
  const all = loadItems(config, result.items);
  assert.ok(!JSON.stringify(all).includes(MARKER));
});

test('/, the home folder and any folder above it are refused as knowledge folder (fatal, named) and as project root (dropped, warned)', () => {
  const home = path.join(tempDir('aria-wide-'), 'users', 'me');
  writeTree(home, { 'knowledge/index.md': '## Tag Index\n### api\n- a.md — A\n', 'knowledge/a.md': '# A\n' });
  fs.symlinkSync(home, path.join(home, 'home-link'));
  const cases: Array<[folder: string, cause: string]> = [
    ['/', 'the file system root'],
    ['~', 'your home folder'],
    [path.dirname(home), 'a folder that contains your home folder'],
    [path.dirname(path.dirname(home)), 'a folder that contains your home folder'],
    ['~/home-link', 'your home folder'],
    ['~/knowledge/..', 'your home folder'],
  ];
  for (const [folder, cause] of cases) {
    const outcome = loadConfig({ home, env: {}, folder });
    assert.ok(!outcome.ok, folder);
    assert.match(
      outcome.message,
      new RegExp(`^The knowledge folder .* is ${cause}: aria-context never reads`),
      `${folder}: ${outcome.message}`,
    );
    const cli = runCli(['query', 'api', '--folder', folder], home);
    assert.equal(cli.code, 3, cli.out);
    assert.ok(cli.out.includes(cause), cli.out);
  }
  writeTree(home, {
    '.claude/aria-knowledge.local.md': `---\nknowledge_folder: ~/knowledge\nprojects_enabled: true\nprojects_list: root:/, me:~, up:${path.dirname(home)}, link:~/home-link, fine:~/Projects/fine\n---\n`,
  });
  const outcome = loadConfig({ home, env: {} });
  assert.ok(outcome.ok);
  assert.deepEqual([...outcome.config.projectsList.keys()], ['fine']);
  for (const tag of ['root', 'me', 'up', 'link'])
    assert.ok(
      outcome.config.warnings.some((w) => w.startsWith(`projects_list: ignored project "${tag}" (its root`)),
      tag,
    );
});
