// Index health you can act on: the quick fixes' edits (src/vscode/health/quickFixModel.ts) on a
// buffer's text, the note facts they are built from (src/core/read/noteFacts.ts, through the
// reader), and the summary's true totals (src/core/health/indexReport.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { checkSummary, healthTotals, kindTotals } from '../../src/core/health/indexReport';
import { healthSummary } from '../../src/core/health/indexHealth';
import { driftOf } from '../../src/core/health/indexDrift';
import { plural } from '../../src/core/present/plural';
import { noteFacts } from '../../src/core/read/noteFacts';
import {
  addNoteFix,
  applyLineEdit,
  fixDelivery,
  removeEntryFix,
  updateEntryFix,
} from '../../src/vscode/health/quickFixModel';
import {
  checkMessage,
  keepFindings,
  noticeStands,
  restoredFindings,
  warningTarget,
} from '../../src/vscode/health/healthModel';
import { topSection } from '../../src/vscode/activeFile/activeFileModel';
import type { IndexProblem } from '../../src/core/health/indexHealth';
import { makeHome, snapshotFor, tempDir, lineOf } from '../helpers';

const INDEX = [
  '# Knowledge Index',
  '',
  'Last rebuilt: 2026-11-02',
  '',
  '## Known Tags',
  '',
  'api, stripe, testing',
  '',
  '## Tag Index',
  '',
  '### api',
  '- guides/a.md — A',
  '- guides/b.md — B',
  '- guides/a.md — A again',
  '',
  '### testing',
  '- guides/b.md — B',
  '',
  '## Other Tags',
  '',
  '### misc',
  '- guides/c.md — C',
  '',
].join('\n');

/** A note with these tags (`api, web`) in its front matter, headed `heading`. */
const note = (tags: string, heading: string) => `---\ntags: [${tags}]\n---\n# ${heading}\n`;

/** A home with index.md `INDEX` and these files beside it. */
const homeWithNotes = (files: Record<string, string>) => makeHome({ index: INDEX, files });

const fixed = (text: string, fix: { edit: Parameters<typeof applyLineEdit>[1] } | null) => {
  assert.ok(fix, 'a fix is offered');
  return applyLineEdit(text, fix.edit);
};

describe('index.md quick fixes edit the buffer text', () => {
  test('removing a duplicate listing drops that line only; the first listing stays', () => {
    const after = fixed(INDEX, removeEntryFix(INDEX, lineOf(INDEX, '- guides/a.md — A again'), 'duplicate'));
    assert.equal(after, INDEX.replace('- guides/a.md — A again\n', ''));
  });

  test('a line that is no longer a duplicate (edited since) gets no fix', () => {
    const edited = INDEX.replace('- guides/a.md — A\n', '');
    assert.equal(removeEntryFix(edited, lineOf(edited, '- guides/a.md — A again'), 'duplicate'), null);
    assert.equal(removeEntryFix(INDEX, lineOf(INDEX, '### api'), 'missing'), null, 'a heading is not a listing');
    // A line removed above: the problem's line number now holds another listing, which stays.
    const shifted = INDEX.replace('- guides/a.md — A\n', '');
    const line = lineOf(INDEX, '- guides/b.md — B');
    assert.equal(removeEntryFix(shifted, line, 'missing', '- guides/b.md — B'), null);
    assert.ok(removeEntryFix(INDEX, line, 'missing', '- guides/b.md — B'));
  });

  test('removing the listing of a missing file, also on the last line without a line break', () => {
    assert.equal(
      fixed(INDEX, removeEntryFix(INDEX, lineOf(INDEX, '- guides/c.md — C'), 'missing')),
      INDEX.replace('- guides/c.md — C\n', ''),
    );
    const noEol = INDEX.trimEnd();
    assert.equal(
      fixed(noEol, removeEntryFix(noEol, lineOf(noEol, '- guides/c.md — C'), 'missing')),
      noEol.replace('\n- guides/c.md — C', ''),
    );
    const crlf = INDEX.replace(/\n/g, '\r\n');
    assert.equal(fixed(crlf, removeEntryFix(crlf, 12, 'missing')), crlf.replace('- guides/a.md — A\r\n', ''));
  });

  test('a note that is not indexed is added under each tag: an existing heading, a new known-tag heading in name order, a new Other Tags heading', () => {
    const after = fixed(
      INDEX,
      addNoteFix(INDEX, { rel: 'guides/new.md', tags: ['api', 'extra', 'stripe'], description: 'New' }),
    );
    assert.equal(
      after,
      INDEX.replace('- guides/a.md — A again\n', '- guides/a.md — A again\n- guides/new.md — New\n')
        .replace('### testing', '### stripe\n- guides/new.md — New\n\n### testing')
        .replace('### misc', '### extra\n- guides/new.md — New\n\n### misc'),
    );
  });

  test('a note without tags, or already listed under all its tags, gets no add fix', () => {
    assert.equal(addNoteFix(INDEX, { rel: 'guides/new.md', tags: [], description: 'New' }), null);
    assert.equal(addNoteFix(INDEX, { rel: 'guides/b.md', tags: ['api', 'testing'], description: 'B' }), null);
  });

  test('updating an entry from its front matter removes the tags it lost and adds those it gained', () => {
    const fix = updateEntryFix(INDEX, lineOf(INDEX, '- guides/b.md — B'), {
      rel: 'guides/b.md',
      tags: ['misc', 'testing'],
      description: 'ignored',
    });
    assert.match(fix!.title, /add misc, remove api/);
    const after = fixed(INDEX, fix);
    assert.equal(
      after,
      INDEX.replace('- guides/b.md — B\n- guides/a.md — A again', '- guides/a.md — A again').replace(
        '- guides/c.md — C\n',
        '- guides/c.md — C\n- guides/b.md — B\n',
      ),
    );
    assert.equal(
      updateEntryFix(INDEX, lineOf(INDEX, '- guides/b.md — B'), {
        rel: 'guides/b.md',
        tags: ['api', 'testing'],
        description: 'B',
      }),
      null,
      'nothing to update',
    );
    assert.equal(
      updateEntryFix(INDEX, lineOf(INDEX, '- guides/c.md — C'), {
        rel: 'guides/b.md',
        tags: ['api'],
        description: 'B',
      }),
      null,
      'the line names another note',
    );
  });
});

describe('note facts for a quick fix come through the reader', () => {
  test('tags lowercased and sorted, the title from the front matter or the first heading', () => {
    const home = homeWithNotes({
      'knowledge/guides/t.md': note('Stripe, api', 'Heading'),
      'knowledge/guides/u.md': '---\ntags: [api]\ntitle: "Two\nlines"\n---\n# H\n',
    });
    const config = snapshotFor(home).config;
    assert.deepEqual(noteFacts(config, path.join(config.knowledgeFolder, 'guides', 't.md')), {
      ok: true,
      facts: { rel: 'guides/t.md', tags: ['api', 'stripe'], description: 'Heading' },
    });
    const u = noteFacts(config, path.join(config.knowledgeFolder, 'guides', 'u.md'));
    assert.ok(u.ok && !u.facts.description.includes('\n'));
  });

  test('a symlink out of the folder is refused, never read', () => {
    const outside = path.join(tempDir(), 'secret.md');
    fs.writeFileSync(outside, '---\ntags: [api]\n---\n# Secret\n');
    const home = makeHome({ index: INDEX });
    const config = snapshotFor(home).config;
    fs.mkdirSync(path.join(config.knowledgeFolder, 'refs'), { recursive: true });
    fs.symlinkSync(outside, path.join(config.knowledgeFolder, 'refs', 'evil.md'));
    const facts = noteFacts(config, path.join(config.knowledgeFolder, 'refs', 'evil.md'));
    assert.equal(facts.ok, false);
  });
});

describe('health totals', () => {
  const many = (kind: IndexProblem['kind'], n: number): IndexProblem[] => [
    ...Array.from({ length: Math.min(n, 200) }, (_, i): IndexProblem => ({
      kind,
      line: i + 1,
      severity: 'info',
      message: 'm',
    })),
    ...(n > 200 ? [{ kind, line: 1, severity: 'info' as const, message: 'more', omitted: n - 200 }] : []),
  ];

  test("a kind past the cap says its true total and how many are listed; the plural is the phrase's", () => {
    assert.equal(
      kindTotals([...many('missing-file', 3), ...many('newer-than-index', 10_000)]),
      '3 missing files, 10,000 notes newer than the index (200 listed)',
    );
    assert.equal(kindTotals(many('newer-than-index', 3)), '3 notes newer than the index');
  });

  test("Check Index's message counts every problem, with one pluralizer", () => {
    const problems = [...many('newer-than-index', 10_000), ...many('duplicate', 1)];
    const text = checkMessage(
      { problems, lastRebuilt: null, driftChecked: true, notesScanned: 10_000 },
      { notes: 10_000, cancelled: false },
    );
    assert.match(
      text,
      /^The knowledge index has 10,001 problems: 10,000 notes newer than the index \(200 listed\), 1 duplicate entry\. 10,000 notes compared with the index\./,
    );
    assert.doesNotMatch(text, /indexs|201/);
    assert.equal(
      checkMessage(
        { problems: [], lastRebuilt: null, driftChecked: true, notesScanned: 1 },
        { notes: 1, cancelled: false },
      ),
      'The knowledge index has no problems. 1 note compared with the index.',
    );
  });
  test("Check Index's notice stands while Problems says the same total and closes once a later report differs (a rebuild fixed them)", () => {
    const report = (problems: IndexProblem[]) => ({
      problems,
      lastRebuilt: null,
      driftChecked: true,
      notesScanned: 28,
    });
    const shown = healthTotals(many('newer-than-index', 28)).total;
    assert.equal(noticeStands(shown, report(many('newer-than-index', 28))), true, 'the same findings checked again');
    assert.equal(noticeStands(shown, report([])), false, 'fixed: the notice closes');
    assert.equal(noticeStands(shown, report(many('newer-than-index', 30))), false, 'more: its count is out of date');
  });
  test('every surface says the same true total with the same pluralizer: the index row, `aria-context check`, severities', () => {
    const problems = [...many('newer-than-index', 10_000), ...many('duplicate', 1)];
    const health = { problems, lastRebuilt: '2026-11-02', driftChecked: true, notesScanned: 10_000 };
    assert.equal(healthSummary(health, '2026-11-03'), 'index: 10,001 problems, rebuilt yesterday');
    assert.equal(
      checkSummary(health, '2026-11-03'),
      'index.md: 10,001 problems (10,001 info): 10,000 notes newer than the index (200 listed), 1 duplicate entry; rebuilt yesterday; 10,000 notes compared with the index',
    );
    assert.equal(plural(1, 'refused entry', 'refused entries'), '1 refused entry');
    assert.equal(plural(3, 'refused entry', 'refused entries'), '3 refused entries');
    assert.equal(plural(1234, 'file'), '1,234 files');
  });
});

describe("the tree's health rows lead somewhere", () => {
  test("a Warnings row goes to its line of index.md (numbered, or the entry it names) or to the config key's line", () => {
    const home = makeHome({ index: INDEX });
    const entries = snapshotFor(home).index.lines.entries;
    const config = {
      ...snapshotFor(home).config,
      configFile: '/cfg/aria-knowledge.local.md',
      warnings: ['projects_list: ignored project tag "x y" (not a plain name)'],
    };
    const configText = '---\nknowledge_folder: /k\nprojects_list:\n  x y: /p\n---\n';
    assert.deepEqual(warningTarget('index.md line 7: something', config, '/k/index.md', entries, null), {
      file: '/k/index.md',
      line: 7,
    });
    assert.deepEqual(
      warningTarget(
        'Index entry `guides/c.md` under `misc` is not shown: refused.',
        config,
        '/k/index.md',
        entries,
        null,
      ),
      { file: '/k/index.md', line: lineOf(INDEX, '- guides/c.md — C') },
    );
    assert.deepEqual(
      warningTarget(
        'Index entry `guides/b.md` under `testing` is not shown: refused.',
        config,
        '/k/index.md',
        entries,
        null,
      ),
      { file: '/k/index.md', line: lineOf(INDEX, '### testing') + 1 },
    );
    assert.deepEqual(warningTarget(config.warnings[0], config, '/k/index.md', entries, configText), {
      file: '/cfg/aria-knowledge.local.md',
      line: 3,
    });
    assert.deepEqual(warningTarget('something else', config, '/k/index.md', entries, null), {
      file: '/k/index.md',
      line: 1,
    });
  });

  test('the index row says "reloading…" while index.md is re-read, and clicks to index.md\'s problems', () => {
    const health = { problems: [], lastRebuilt: '2026-11-02', driftChecked: false, notesScanned: 0 };
    const [row] = topSection(undefined, { state: 'ready', health, reading: true }, '2026-11-03');
    assert.equal(row.label, 'index: reloading…');
    assert.equal(row.command?.id, 'ariaContext.showIndexProblems');
    const [done] = topSection(undefined, { state: 'ready', health }, '2026-11-03');
    assert.equal(done.label, 'index: no problems, rebuilt yesterday');
    assert.equal(done.command?.id, 'ariaContext.showIndexProblems');
  });
});

describe('a fixed problem clears itself', () => {
  test("Check Index's findings looked at again after the quick fixes are saved: the fixed notes have none left, the others keep theirs", () => {
    const home = homeWithNotes({
      'knowledge/guides/a.md': note('api', 'A'),
      'knowledge/guides/b.md': note('api', 'B'),
      'knowledge/guides/c.md': note('misc', 'C'),
      'knowledge/guides/new.md': '---\ntags: [stripe]\ntitle: New one\n---\n',
      'knowledge/guides/other.md': note('testing', 'Other'),
    });
    const before = snapshotFor(home);
    const kf = before.config.knowledgeFolder;
    const notes = ['guides/b.md', 'guides/new.md', 'guides/other.md'].map((n) => path.join(kf, n));
    const beforeRebuild = new Date('2026-11-01T12:00:00');
    for (const note of notes) fs.utimesSync(note, beforeRebuild, beforeRebuild); // not newer than the index
    const found = driftOf(before, notes)
      .map((p) => `${p.kind} ${path.basename(p.file ?? '')}`)
      .sort();
    assert.deepEqual(found, ['not-indexed new.md', 'not-indexed other.md', 'tags-differ b.md']);
    const b = noteFacts(before.config, notes[0]);
    const added = noteFacts(before.config, notes[1]);
    assert.ok(b.ok && added.ok);
    let text = fixed(INDEX, updateEntryFix(INDEX, lineOf(INDEX, '- guides/b.md — B'), b.facts));
    text = fixed(text, addNoteFix(text, added.facts));
    fs.writeFileSync(path.join(kf, 'index.md'), text); // what the user's save does
    const after = snapshotFor(home);
    assert.deepEqual(
      driftOf(after, notes).map((p) => `${p.kind} ${path.basename(p.file ?? '')}`),
      ['not-indexed other.md'],
    );
  });
});

test('under any auto-save a quick fix is a preview the user applies; with auto-save off it edits the buffer', () => {
  for (const autoSave of ['afterDelay', 'onFocusChange', 'onWindowChange']) {
    const d = fixDelivery(autoSave);
    assert.equal(d.review, true, autoSave);
    assert.match(d.titleNote, /preview first: auto-save is on/);
  }
  assert.deepEqual(fixDelivery('off'), { review: false, titleNote: '' });
  assert.deepEqual(fixDelivery(undefined), { review: false, titleNote: '' });
});

test('Check Index findings are kept across a reload as the notes to check again, for the same index.md only', () => {
  const file = '/k/index.md';
  const health = {
    problems: [
      { kind: 'tags-differ', line: 5, severity: 'warning', message: 'a', file: '/k/a.md' },
      { kind: 'not-indexed', line: 1, severity: 'warning', message: 'b', file: '/k/b.md' },
      { kind: 'newer-than-index', line: 5, severity: 'info', message: 'a newer', file: '/k/a.md' },
      { kind: 'newer-than-index', line: 1, severity: 'info', message: '300 more', omitted: 300 },
      { kind: 'duplicate', line: 9, severity: 'warning', message: 'dup' },
    ] as IndexProblem[],
    lastRebuilt: '2026-11-02',
    driftChecked: true,
    notesScanned: 1200,
  };
  const kept = keepFindings(health, file);
  assert.deepEqual(kept?.notes, ['/k/a.md', '/k/b.md'], 'each note once; the cheap check’s own problems are not kept');
  assert.equal(kept?.omitted.length, 1);
  const restored = restoredFindings(JSON.parse(JSON.stringify(kept)), file);
  assert.equal(restored?.driftChecked, true);
  assert.equal(restored?.notesScanned, 1200);
  assert.deepEqual(
    restored?.problems.map((p) => p.file ?? p.omitted),
    ['/k/a.md', '/k/b.md', 300],
  );
  assert.equal(restoredFindings(kept, '/other/index.md'), undefined, 'another folder’s findings are not taken up');
  assert.equal(restoredFindings({ index: file, notes: 'x' }, file), undefined, 'a damaged entry is ignored');
  assert.equal(keepFindings({ ...health, driftChecked: false }, file), undefined);
});
