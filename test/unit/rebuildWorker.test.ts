// The editor's rebuild in a process of its own (SPEC §7, §12): progress while the notes are read,
// the facts and change list made there, Apply and Promote's rebuild with the tags in Known Tags,
// and a cancel that kills it. The process runs the bundled src/indexWorker/main.ts, as the editor does.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { IndexWorker } from '../../src/indexWorker/client';
import { madeFromOf } from '../../src/indexWorker/rebuildJob';
import { rebuildText } from '../../src/vscode/rebuild/rebuildModel';
import { bundledIndexWorker, makeHome, snapshotFor } from '../helpers';

const TODAY = '2026-12-04';
const note = (tags: string, title: string) => `---\ntags: [${tags}]\n---\n# ${title}\n`;
const index =
  '# Knowledge Index\n\n## Known Tags\n\napi\n\nOur topics, chosen with care.\n\n## Other Tags\n\n### retries\n- guides/n0.md — N0\n';

function home(notes: number): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < notes; i++)
    files[`knowledge/guides/n${i}.md`] = note(i % 2 ? 'api, retries' : 'retries', `N${i}`);
  return makeHome({ index, files });
}

test('a rebuild in its own process: progress, then the facts with the change list; the host reads no note', async () => {
  const h = home(450);
  const config = snapshotFor(h).config;
  const worker = new IndexWorker(await bundledIndexWorker());
  const progress: Array<[number, number]> = [];
  const run = worker.rebuild({ job: 'rebuild', config, today: TODAY }, (s, t) => progress.push([s, t]));
  const facts = await run.result;
  assert.ok(facts);
  assert.deepEqual(progress[0], [0, 450]);
  assert.deepEqual(progress.at(-1), [400, 450]);
  assert.deepEqual(facts.madeFrom, madeFromOf(index), 'made from index.md as read by the worker');
  assert.ok(facts.text instanceof Uint8Array, 'the text moved as bytes');
  assert.match(rebuildText(facts), /^## Other Tags\n\n### retries\n- guides\/n0\.md — N0\n- guides\/n1\.md — N1\n/m);
  assert.equal(facts.notes, 450);
  assert.equal(facts.added, 450 + 224);
  assert.deepEqual(
    facts.promotions.map((p) => [p.tag, p.notes, p.first.length]),
    [['retries', 450, 3]],
  );
  assert.deepEqual(
    facts.changes.groups.map((g) => `${g.section}/${g.kind}:${g.total}`),
    ['Tag Index/added:225', 'Other Tags/added:449'],
  );
  assert.equal(fs.readFileSync(path.join(h, 'knowledge', 'index.md'), 'utf8'), index, 'nothing written');

  // Apply and Promote: the same base text, the tag added to the tag list line and its section moved.
  const promoted = await worker.rebuild(
    { job: 'rebuild', config, today: TODAY, text: index, promote: ['retries'] },
    () => undefined,
  ).result;
  assert.ok(promoted);
  const text = rebuildText(promoted);
  assert.match(text, /\napi, retries\n\nOur topics, chosen with care\.\n/);
  assert.match(text.slice(text.indexOf('## Tag Index')), /^## Tag Index\n\n### api\n[^#]*\n### retries\n/);
  assert.doesNotMatch(text, /## Other Tags/);
  assert.equal(promoted.changes.moved, 1);
  assert.deepEqual(promoted.promoted, ['retries']);
  assert.deepEqual(promoted.promotions, []);
});

test('cancel ends the rebuild at once: no facts, and a new rebuild still runs', async () => {
  const h = home(3_000);
  const config = snapshotFor(h).config;
  const worker = new IndexWorker(await bundledIndexWorker());
  let cancelled = false;
  const run = worker.rebuild({ job: 'rebuild', config, today: TODAY }, (scanned) => {
    if (scanned > 0 && !cancelled) {
      cancelled = true;
      run.cancel();
    }
  });
  assert.equal(await run.result, null);
  const again = await worker.rebuild({ job: 'rebuild', config, today: TODAY, text: '' }, () => undefined).result;
  assert.equal(again?.notes, 3_000);
});

test('an index.md that cannot be read fails the rebuild with a message, not a stack', async () => {
  const h = home(1);
  fs.rmSync(path.join(h, 'knowledge', 'index.md'));
  fs.mkdirSync(path.join(h, 'knowledge', 'index.md'));
  const config = snapshotFor(makeHome({ index })).config;
  const worker = new IndexWorker(await bundledIndexWorker());
  await assert.rejects(
    worker.rebuild(
      { job: 'rebuild', config: { ...config, knowledgeFolder: path.join(h, 'knowledge') }, today: TODAY },
      () => undefined,
    ).result,
    /^Error: index\.md cannot be read: /,
  );
});
