import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { configCandidates, loadConfig } from '../../src/core/config/config';
import { NOT_CONFIGURED } from '../../src/core/present/messages';
import { configText, tempDir, writeTree } from '../helpers';

describe('config (§0)', () => {
  test('the not-configured message, exactly', () => {
    const home = tempDir();
    const outcome = loadConfig({ home, env: {} });
    assert.deepEqual(outcome, {
      ok: false,
      code: 'not-configured',
      message: 'aria-knowledge is not configured. Run /setup to get started.',
    });
    assert.equal(NOT_CONFIGURED, 'aria-knowledge is not configured. Run /setup to get started.');
  });

  test('sources are tried in the §0 order and the first that exists wins', () => {
    const home = tempDir();
    const ws = tempDir();
    const sources = {
      home,
      env: { KT_CONFIG: '~/kt.md', ARIA_KNOWLEDGE_CONFIG: '/etc/aria.md' },
      configFile: '~/setting.md',
      trustedWorkspaceFolders: [ws],
    };
    assert.deepEqual(configCandidates(sources), [
      path.join(home, 'setting.md'),
      path.join(home, 'kt.md'),
      '/etc/aria.md',
      path.join(home, '.claude/aria-knowledge.local.md'),
      path.join(home, '.gemini/antigravity/aria-knowledge.local.md'),
      path.join(home, '.codex/aria-knowledge.local.md'),
      path.join(ws, '.cursor/aria-knowledge.local.md'),
    ]);
    writeTree(home, {
      '.codex/aria-knowledge.local.md': configText({ knowledge_folder: '/from/codex' }),
      '.gemini/antigravity/aria-knowledge.local.md': configText({ knowledge_folder: '/from/gemini' }),
    });
    const outcome = loadConfig({ home, env: {} });
    assert.ok(outcome.ok);
    assert.equal(outcome.config.knowledgeFolder, '/from/gemini');
    writeTree(home, { 'kt.md': configText({ knowledge_folder: '~/kt-knowledge' }) });
    const viaEnv = loadConfig({ home, env: { KT_CONFIG: '~/kt.md' } });
    assert.ok(viaEnv.ok);
    assert.equal(viaEnv.config.knowledgeFolder, path.join(home, 'kt-knowledge'));
  });

  test('a workspace .cursor config is read only when the caller passes trusted folders', () => {
    const home = tempDir();
    const ws = tempDir();
    writeTree(ws, { '.cursor/aria-knowledge.local.md': configText({ knowledge_folder: '/ws/knowledge' }) });
    assert.equal(loadConfig({ home, env: {} }).ok, false);
    const trusted = loadConfig({ home, env: {}, trustedWorkspaceFolders: [ws] });
    assert.ok(trusted.ok);
    assert.equal(trusted.config.knowledgeFolder, '/ws/knowledge');
  });

  test('keys, defaults, ~ expansion, legacy shared-knowledge, nested groups', () => {
    const home = tempDir();
    writeTree(home, {
      '.claude/aria-knowledge.local.md': [
        '---',
        'knowledge_folder: ~/kb',
        'projects_enabled: true',
        'projects_list: alpha:alpha-repo,beta:~/code/beta,gamma:/abs/gamma,broken',
        'projects_shared_knowledge: Alpha, beta',
        'ideas_staleness_threshold_days: soon',
        'codemap_staleness_threshold_days: 3',
        'projects_groups:',
        '  alpha:',
        '    backend: server',
        '    web: client',
        '    stitch_path: docs/STITCH.md',
        '---',
        'free text',
        '---',
        'knowledge_folder: /ignored',
      ].join('\n'),
    });
    const outcome = loadConfig({ home, env: {} });
    assert.ok(outcome.ok);
    const c = outcome.config;
    assert.equal(c.knowledgeFolder, path.join(home, 'kb'));
    assert.equal(c.projectsEnabled, true);
    assert.deepEqual(
      [...c.projectsList.entries()],
      [
        // repo: the repository folder (§9), the first folder below the projects root, else home, else /.
        [
          'alpha',
          {
            tag: 'alpha',
            root: path.join(home, 'Projects', 'alpha-repo'),
            repo: path.join(home, 'Projects', 'alpha-repo'),
          },
        ],
        ['beta', { tag: 'beta', root: path.join(home, 'code', 'beta'), repo: path.join(home, 'code') }],
        ['gamma', { tag: 'gamma', root: '/abs/gamma', repo: '/abs' }],
      ],
    );
    assert.deepEqual(c.sharedKnowledge, ['alpha', 'beta']);
    assert.deepEqual(c.thresholds, { ideas: 7, codemap: 3, stitch: 30 });
    assert.deepEqual(c.projectGroups.get('alpha'), { subRepos: ['server', 'client'], stitchPath: 'docs/STITCH.md' });

    writeTree(home, {
      '.claude/aria-knowledge.local.md': configText({
        knowledge_folder: '/kb',
        projects_shared_knowledge: 'true',
        projects_enabled: 'yes',
      }),
    });
    const legacy = loadConfig({ home, env: {} });
    assert.ok(legacy.ok);
    assert.deepEqual(legacy.config.sharedKnowledge, []);
    assert.equal(legacy.config.projectsEnabled, false, 'anything but true is false');
  });

  test('projects root setting places relative project paths', () => {
    const home = tempDir();
    writeTree(home, {
      '.claude/aria-knowledge.local.md': configText({ knowledge_folder: '/kb', projects_list: 'a:a' }),
    });
    const outcome = loadConfig({ home, env: {}, projectsRoot: '~/src' });
    assert.ok(outcome.ok);
    assert.equal(outcome.config.projectsList.get('a')?.root, path.join(home, 'src', 'a'));
  });

  test('the folder setting overrides knowledge_folder and works without a config file', () => {
    const home = tempDir();
    const alone = loadConfig({ home, env: {}, folder: '~/notes' });
    assert.ok(alone.ok);
    assert.equal(alone.config.knowledgeFolder, path.join(home, 'notes'));
    assert.equal(alone.config.configFile, null);
    assert.equal(alone.config.projectsEnabled, false);
    writeTree(home, {
      '.claude/aria-knowledge.local.md': configText({ knowledge_folder: '/elsewhere', projects_enabled: 'true' }),
    });
    const both = loadConfig({ home, env: {}, folder: '/override' });
    assert.ok(both.ok);
    assert.equal(both.config.knowledgeFolder, '/override');
    assert.equal(both.config.projectsEnabled, true);
  });

  test('an explicit --config that does not exist is an error, not a fall-through', () => {
    const home = tempDir();
    writeTree(home, { '.claude/aria-knowledge.local.md': configText({ knowledge_folder: '/kb' }) });
    const outcome = loadConfig({ home, env: {}, configFile: '/nope.md', configFileMustExist: true });
    assert.equal(outcome.ok, false);
    assert.equal(!outcome.ok && outcome.code, 'config-not-found');
    const setting = loadConfig({ home, env: {}, configFile: '/nope.md' });
    assert.ok(setting.ok, 'the editor setting falls through to the next source');
  });
});
