// §1 No index to read, told apart: a knowledge folder that does not exist (naming the config file
// that named it), a folder without index.md, and an index.md that cannot be read. The core says
// it once; the CLI prints it and the editor's state carries the reason for its view.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { stateOf } from '../../src/core/kb/knowledgeState';
import { loadSnapshot } from '../../src/core/index/snapshot';
import {
  CHOOSE_FOLDER,
  configToOpen,
  notReadyActions,
  OPEN_CONFIG,
  OPEN_SETTINGS,
  stateRows,
  MESSAGE_ROW_CHARS,
  wrapText,
} from '../../src/vscode/shared/knowledgeStateModel';
import { INDEX_HEADER, makeHome } from '../helpers';
import { runCli } from '../cliRun';

const configOf = (home: string) => path.join(home, '.claude', 'aria-knowledge.local.md');

test('a mistyped knowledge_folder: which folder does not exist, and which config file named it', () => {
  const home = makeHome({ config: { knowledge_folder: '~/nope' } });
  const outcome = loadSnapshot({ home, env: {} });
  assert.ok(!outcome.ok);
  assert.equal(outcome.reason, 'noFolder');
  assert.equal(
    outcome.message,
    `The knowledge folder ${path.join(home, 'nope')} does not exist (named by knowledge_folder in ${configOf(home)}). Correct the path there, or point it at the folder that holds index.md.`,
  );
  const state = stateOf(outcome);
  assert.ok(state.kind === 'noIndex' && state.reason === 'noFolder');
  assert.equal(state.config.folderFrom, configOf(home));
  const run = runCli(['query', 'stripe'], home);
  assert.equal(run.code, 3);
  assert.equal(run.out, `${outcome.message}\n`);
  assert.doesNotMatch(run.out, /\/index\b/, 'a terminal user is not told to run a slash command');
});

test('a folder named by --folder that does not exist says so, naming the override', () => {
  const home = makeHome({ index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md\n` });
  const run = runCli(['query', 'api', '--folder', path.join(home, 'elsewhere')], home);
  assert.equal(run.code, 3);
  assert.match(
    run.out,
    /^The knowledge folder .*elsewhere does not exist \(named by the knowledge folder setting or --folder\)/,
  );
});

test("the folder exists without index.md: how to build one, in the product's own words", () => {
  const home = makeHome({ files: { 'knowledge/a.md': '# A\n' } });
  const outcome = loadSnapshot({ home, env: {} });
  assert.ok(!outcome.ok);
  assert.equal(outcome.reason, 'noIndex');
  assert.equal(
    outcome.message,
    `No index.md in the knowledge folder ${path.join(home, 'knowledge')}. Build it from your notes with: aria-context index --write`,
  );
  const run = runCli(['query', 'api', '--json'], home);
  assert.equal(run.code, 3);
  assert.deepEqual(JSON.parse(run.out), { error: { code: 'no-index', message: outcome.message } });
});

test('index.md that cannot be read is neither a missing folder nor a missing index', () => {
  const home = makeHome({ files: { 'knowledge/a.md': '# A\n' } });
  fs.mkdirSync(path.join(home, 'knowledge', 'index.md'));
  const outcome = loadSnapshot({ home, env: {} });
  assert.ok(!outcome.ok);
  assert.equal(outcome.reason, 'unreadable');
  assert.equal(outcome.message, `Cannot read ${path.join(home, 'knowledge', 'index.md')}: it is not a regular file.`);
});

test('the editor offers the fix for each: the config file that named a missing folder, else the settings', () => {
  const mistyped = stateOf(loadSnapshot({ home: makeHome({ config: { knowledge_folder: '~/nope' } }), env: {} }));
  assert.ok(mistyped.kind === 'noIndex');
  assert.deepEqual(notReadyActions(mistyped), [OPEN_CONFIG, CHOOSE_FOLDER]);
  assert.equal(configToOpen(mistyped.config), mistyped.config.configFile);
  const rows = stateRows(mistyped);
  const messageRows = rows.filter((r) => r.id.startsWith('state:message'));
  assert.equal(
    messageRows.map((r) => r.label).join(' '),
    mistyped.message,
    'the view names the folder and the config file, over as many rows as it takes',
  );
  assert.ok(messageRows.length > 1, "not one row cut at the view's width");
  for (const r of messageRows)
    assert.ok(r.label.length <= MESSAGE_ROW_CHARS || !r.label.includes(' '), `a row that fits: ${r.label}`);
  assert.ok(messageRows.every((r) => r.tooltip === mistyped.message));
  assert.deepEqual(
    rows.slice(messageRows.length).map((r) => [r.label, r.command?.id, r.description]),
    [
      [OPEN_CONFIG, 'ariaContext.openConfigFile', mistyped.config.configFile],
      [CHOOSE_FOLDER, 'ariaContext.chooseKnowledgeFolder', undefined],
    ],
  );

  const home = makeHome({});
  const bySetting = stateOf(loadSnapshot({ home, env: {}, folder: path.join(home, 'typo') }));
  assert.ok(bySetting.kind === 'noIndex' && bySetting.reason === 'noFolder');
  assert.equal(configToOpen(bySetting.config), null, 'the setting named it, not the config file');
  assert.deepEqual(notReadyActions(bySetting), [OPEN_SETTINGS, CHOOSE_FOLDER]);
  assert.match(bySetting.message, /named by the knowledge folder setting or --folder/);
  assert.equal(stateRows(bySetting).find((r) => r.command)?.command?.id, 'ariaContext.openSettings');

  const ready = stateOf(loadSnapshot({ home: makeHome({ index: INDEX_HEADER }), env: {} }));
  assert.deepEqual(stateRows(ready), []);
  // No index.md yet: the view's welcome text (it offers to build one), so no rows.
  const noIndexYet = stateOf(loadSnapshot({ home: makeHome({ files: { 'knowledge/a.md': '# A\n' } }), env: {} }));
  assert.ok(noIndexYet.kind === 'noIndex' && noIndexYet.reason === 'noIndex');
  assert.deepEqual(stateRows(noIndexYet), []);
  // index.md unreadable: named, with the fixes.
  const home2 = makeHome({ files: { 'knowledge/a.md': '# A\n' } });
  fs.mkdirSync(path.join(home2, 'knowledge', 'index.md'));
  const unreadable = stateOf(loadSnapshot({ home: home2, env: {} }));
  const unreadableText = stateRows(unreadable)
    .filter((r) => r.id.startsWith('state:message'))
    .map((r) => r.label)
    .join(' ');
  assert.match(unreadableText, /^Cannot read .*index\.md: it is not a regular file\.$/);
});

test('a long message wraps at spaces; a word longer than a row (a path) keeps a row of its own, whole', () => {
  const long = '/home/someone/a/very/long/path/to/the/knowledge/folder/that/is/missing';
  assert.deepEqual(wrapText(`The knowledge folder ${long} does not exist.`, 20), [
    'The knowledge folder',
    long,
    'does not exist.',
  ]);
  assert.deepEqual(wrapText('  short  ', 20), ['short']);
  assert.deepEqual(wrapText('', 20), []);
});
