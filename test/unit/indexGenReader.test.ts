// §12.2 Notes read as aria's own tools read them, through the one note-head reader every surface
// uses (the generator, check --drift, the project tier and ideas of a query): front matter after
// leading blank lines and HTML comments, a block not taken said with its reason, titles never
// taken from a code fence or a comment, keys matched as aria matches them, and a title holding
// U+2028 kept whole.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { makeHome, query } from '../helpers';
import { runCli } from '../cliRun';
import { noteHead } from '../../src/core/read/noteHead';

const TODAY = '2026-12-04';
const note = (tags: string, title: string) => `---\ntags: [${tags}]\n---\n# ${title}\n`;

function run(home: string, args: string[]) {
  return runCli([...args, '--today', TODAY], home);
}

interface Check {
  errors: Array<{ path: string; message: string }>;
  added: Array<{ tag: string; path: string }>;
}

function check(home: string): Check {
  return JSON.parse(run(home, ['index', '--check', '--json']).out) as Check;
}

function indexText(home: string): string {
  return fs.readFileSync(path.join(home, 'knowledge', 'index.md'), 'utf8');
}

function driftFindings(home: string): string[] {
  const report = JSON.parse(run(home, ['check', '--drift', '--json']).out) as {
    problems: Array<{ code: string; message: string }>;
  };
  return report.problems
    .filter((p) => ['tags-differ', 'not-indexed', 'front-matter'].includes(p.code) || /front matter/.test(p.message))
    .map((p) => `${p.code}: ${p.message}`);
}

/** Shaped like the notes aria ships: an HTML comment about the copy, then front matter, then the body. */
const COMMENTED = [
  '<!-- Where this copy comes from: a maintained note kept beside the skill that reads it.',
  '     A richer local copy, when present, is preferred by the skill. -->',
  '---',
  'tags: [review-chain, planning, process]',
  '---',
  '',
  '# A chain of reviews before a hard decision',
  '',
  'Body text.',
  '',
].join('\n');

describe('§12.2 front matter after an HTML comment (a note shaped like aria’s own)', () => {
  test('is indexed under its tags by --write, found by query, and agreed on by check --drift', () => {
    const home = makeHome({
      files: {
        'knowledge/approaches/review-chain.md': COMMENTED,
        'knowledge/approaches/blank-first.md': `\n\n<!-- one -->\n\n<!--\ntwo\n-->\n${note('review-chain', 'Blank lines first')}`,
      },
    });
    const written = run(home, ['index', '--write']);
    assert.equal(written.code, 0, written.out + written.err);
    const text = indexText(home);
    assert.match(
      text,
      /### review-chain\n- approaches\/blank-first\.md — Blank lines first\n- approaches\/review-chain\.md — A chain of reviews before a hard decision\n/,
    );
    assert.doesNotMatch(text, /Untagged/);
    const found = query(home, 'review-chain', TODAY).items.map((i) => i.path);
    assert.deepEqual(found.sort(), ['approaches/blank-first.md', 'approaches/review-chain.md']);
    assert.deepEqual(driftFindings(home), []);
  });

  test('front matter after prose, or never closed, is reported with its reason, never as "no tags"', () => {
    const home = makeHome({
      index: '# Knowledge Index\n',
      files: {
        'knowledge/approaches/after-prose.md': `Some words first.\n\n---\ntags: [api]\n---\n# After prose\n`,
        'knowledge/approaches/unclosed.md': `---\ntags: [api]\n# Unclosed\n`,
        'knowledge/approaches/open-comment.md': `<!-- never closed\n---\ntags: [api]\n---\n# Open comment\n`,
        'knowledge/approaches/ok.md': note('api', 'Ok'),
      },
    });
    const c = check(home);
    const byPath = new Map(c.errors.map((e) => [e.path, e.message]));
    assert.match(byPath.get('approaches/after-prose.md') ?? '', /front matter .*after .*text.* not read/);
    assert.match(byPath.get('approaches/unclosed.md') ?? '', /no closing `---`/);
    assert.match(byPath.get('approaches/open-comment.md') ?? '', /HTML comment .*never closed/);
    const out = run(home, ['index']).out;
    assert.doesNotMatch(out, /after-prose\.md.*no tags in frontmatter/);
    assert.match(out, /- approaches\/after-prose\.md — After prose \(no tags read: front matter after/);
    assert.match(out, /- approaches\/unclosed\.md — Unclosed \(no tags read: front matter has no closing/);
    // check --drift reads the notes as the generator does, and says the same.
    const drift = driftFindings(home).filter((f) => f.startsWith('front-matter'));
    assert.equal(drift.length, 3, drift.join('\n'));
    assert.ok(drift.some((f) => /after-prose\.md`?: front matter after .*a rebuild lists it by its path only/.test(f)));
  });
});

describe('§12.2 the title: the first `# ` heading outside code fences and HTML comments', () => {
  const body = [
    '```sh',
    '# install deps',
    '```',
    '',
    '~~~~',
    '# inside tildes',
    '```',
    '# still inside: a shorter or other fence does not close it',
    '~~~~',
    '',
    '<!--',
    '# commented out',
    '-->',
    '<!-- # one-line comment -->',
    '',
    '# The real title',
    '',
  ].join('\n');
  const noTitle = ['    # indented code', '```', '# only in a fence', '```', ''].join('\n');

  test('descriptions, project-tier titles and idea titles all follow it', () => {
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: 'shop:shop' },
      index: '# Knowledge Index\n',
      files: {
        'knowledge/guides/runbook.md': `---\ntags: [ops]\n---\n${body}`,
        'knowledge/guides/untitled.md': `---\ntags: [ops]\n---\n${noTitle}`,
        'knowledge/projects/shop/fenced.md': `---\ntags: [ops]\n---\n${body}`,
        'knowledge/projects/shop/bare.md': noTitle,
        'knowledge/intake/ideas/2026-11-20-fenced.md': `---\nproject: shop\ntype: feature\n---\n${body}`,
      },
    });
    const out = run(home, ['index']).out;
    assert.match(out, /- guides\/runbook\.md — The real title\n/);
    assert.match(out, /- guides\/untitled\.md — untitled\n/);
    assert.match(out, /- projects\/shop\/fenced\.md — The real title\n/);
    assert.match(out, /- projects\/shop\/bare\.md — bare\n/);
    const r = query(home, 'shop', TODAY);
    const tier = new Map(r.items.map((i) => [i.path, i.description]));
    assert.equal(tier.get('projects/shop/fenced.md'), 'The real title');
    assert.equal(tier.get('projects/shop/bare.md'), 'bare');
    assert.deepEqual(
      r.ideas.map((i) => i.title),
      ['The real title'],
    );
  });

  test('a title holding U+2028 keeps its whole line (escaped in index.md, whole in a query)', () => {
    const title = 'Retry policy\u2028for webhooks';
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: 'shop:shop' },
      files: {
        'knowledge/approaches/retry.md': note('api', title),
        'knowledge/projects/shop/retry.md': note('api', title),
        'knowledge/intake/ideas/2026-11-20-retry.md': `---\nproject: shop\n---\n# ${title}\n`,
      },
    });
    assert.equal(run(home, ['index', '--write']).code, 0);
    const text = indexText(home);
    assert.ok(text.includes('- approaches/retry.md — Retry policy\\u2028for webhooks\n'), text);
    assert.equal(text.includes('\u2028'), false);
    const r = query(home, 'shop', TODAY);
    assert.equal(r.items.find((i) => i.path === 'projects/shop/retry.md')?.description, title);
    assert.deepEqual(
      r.ideas.map((i) => i.title),
      [title],
    );
  });
});

describe('§12.2 front-matter keys as aria matches them', () => {
  test('`Tags:` or `TAGS:` is not read as tags, and the note says why (never silently untagged)', () => {
    const home = makeHome({
      config: { projects_enabled: 'true', projects_list: 'shop:shop' },
      index: '# Knowledge Index\n',
      files: {
        'knowledge/approaches/cap.md': `---\nTags: [api]\n---\n# Capital\n`,
        'knowledge/approaches/upper.md': `---\nTAGS: [api]\nSemantic-Hints: [retry budget]\n---\n# Upper\n`,
        'knowledge/approaches/ok.md': note('api', 'Ok'),
        'knowledge/projects/shop/cap.md': `---\nTags: [api]\n---\n# Capital in a project\n`,
      },
    });
    const c = check(home);
    const byPath = new Map(c.errors.map((e) => [e.path, e.message]));
    assert.match(byPath.get('approaches/cap.md') ?? '', /`Tags:` is not read: .*lowercase `tags:`/);
    assert.match(byPath.get('approaches/upper.md') ?? '', /`TAGS:` is not read/);
    assert.match(byPath.get('approaches/upper.md') ?? '', /`Semantic-Hints:` is not read/);
    assert.deepEqual(
      c.added.map((p) => `${p.tag} ${p.path}`),
      ['api approaches/ok.md', 'shop projects/shop/cap.md'],
    );
    const r = query(home, 'shop', TODAY);
    assert.deepEqual(r.items.find((i) => i.path === 'projects/shop/cap.md')?.tags, ['shop']);
    assert.ok(
      r.warnings.some((w) => /projects\/shop\/cap\.md.*`Tags:` is not read/.test(w)),
      r.warnings.join('\n'),
    );
  });
});

// eslint-disable-next-line no-control-regex -- what index.md may never hold raw: every Cc, Cf, U+2028/9, lone surrogates
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\p{Cs}]/u;
/** An emoji sequence's joiner, the one format character index.md keeps. */
const JOINED = /(?<=\p{Extended_Pictographic}(?:\u{fe0f}|\p{Emoji_Modifier})?)\u200d(?=\p{Extended_Pictographic})/gu;

describe('§12.2 text from notes is data in the index.md others sync', () => {
  const hostile = [
    'Clipboard \x1b]52;c;ZXZpbA==\x07 set',
    'Cursor \x1b[2J\x1b[H moved',
    'C1 \x9b1A\x9d52;c;eA==\x9c here',
    'Tab\tVT\x0bFF\x0cDEL\x7f',
    'Bidi \u202eevil\u202c \u2066iso\u2069 \u200emark\u200f',
    'Hidden \ufeffBOM \u200bzw \u{e0041}tag',
  ];
  const emoji = 'Pairing 👩\u200d💻 with ❤\ufe0f and 👨\u200d👩\u200d👧';

  test('no control or format byte is written raw; emoji stay readable; a rebuild reads back the same bytes', () => {
    const files: Record<string, string> = { 'knowledge/approaches/emoji.md': note('api', emoji) };
    hostile.forEach((title, i) => (files[`knowledge/approaches/h${i}.md`] = note('api', title)));
    files['knowledge/approaches/hints.md'] =
      `---\ntags: [api, "x\u202ey", "ok\u200btag"]\nsemantic-hints: ["retry\u200fbudget", "plain phrase"]\n---\n# Hints\n`;
    files['knowledge/approaches/name\u202efdp.md'] = note('api', 'Bidi in the file name');
    files['knowledge/approaches/zw\u200bname.md'] = note('api', 'Zero width in the file name');
    const home = makeHome({ files });
    const written = run(home, ['index', '--write']);
    assert.equal(written.code, 0, written.out + written.err);
    const bytes = fs.readFileSync(path.join(home, 'knowledge', 'index.md'));
    const text = bytes.toString('utf8');
    assert.equal(Buffer.from(text, 'utf8').equals(bytes), true, 'index.md is valid UTF-8');
    const m = RAW.exec(text.replace(JOINED, ''));
    assert.equal(
      m,
      null,
      `raw U+${m?.[0].codePointAt(0)?.toString(16)} in ${JSON.stringify(text.slice((m?.index ?? 0) - 30, (m?.index ?? 0) + 10))}`,
    );
    for (const b of bytes) assert.ok(b >= 0x20 || b === 0x0a, `byte 0x${b.toString(16)} in index.md`);
    assert.ok(text.includes(`- approaches/emoji.md — ${emoji}\n`), text);
    assert.ok(text.includes('- approaches/h0.md — Clipboard \\u001b]52;c;ZXZpbA==\\u0007 set\n'), text);
    assert.ok(text.includes('### plain phrase\n'), text);
    // A tag, phrase or path that cannot be written safely is refused and said.
    assert.doesNotMatch(text, /^(### x|### ok|### retry|- approaches\/name|- approaches\/zw)/m);
    assert.match(written.out, /tag "x.u202ey" cannot be a heading; not written/);
    assert.match(written.out, /semantic hint "retry.u200fbudget" of approaches\/hints\.md cannot be a heading/);
    const c = JSON.parse(run(home, ['index', '--check', '--json']).out) as {
      unchanged: boolean;
      refused: Array<{ path: string; reason: string }>;
    };
    assert.equal(c.unchanged, true);
    assert.deepEqual(c.refused.map((r) => r.path).sort(), [
      'approaches/name\u202efdp.md',
      'approaches/zw\u200bname.md',
    ]);
    assert.match(c.refused[0].reason, /control or format character/);
    // What a reader shows is stable: the description a query gives is the same after another write.
    const shown = () =>
      query(home, 'api', TODAY)
        .items.map((i) => `${i.path} ${i.description}`)
        .sort();
    const before = shown();
    assert.equal(run(home, ['index', '--write']).code, 0);
    assert.deepEqual(shown(), before);
    assert.deepEqual(fs.readFileSync(path.join(home, 'knowledge', 'index.md')), bytes);
  });
});

describe('§12.2 a configured project key index.md cannot hold raw', () => {
  test('is not written as a `### key` heading, and the rebuild says so', () => {
    const home = makeHome({
      config: {
        projects_enabled: 'true',
        projects_list: 'shop:~/Projects/shop,bi\u202edi:~/Projects/bidi',
        projects_shared_knowledge: 'shop, bi\u202edi',
      },
      files: {
        'knowledge/approaches/a.md': note('api', 'A'),
        'knowledge/projects/shop/s.md': '# S\n',
        'Projects/shop/_project-knowledge/t.md': note('api', 'Team'),
        'Projects/bidi/_project-knowledge/t.md': note('api', 'Team of a key index.md cannot say'),
      },
    });
    const written = run(home, ['index', '--write']);
    assert.equal(written.code, 0, written.out + written.err);
    assert.match(written.out, /project key "bi.u202edi" cannot be a heading; not written/);
    const text = indexText(home);
    assert.equal(RAW.exec(text), null, text);
    assert.match(text, /### shop\nProject-tier files: 1 /);
    assert.match(text, /- ~\/Projects\/shop\/_project-knowledge\/t\.md — Team \[project: shop, scope: repo\]/);
    const c = JSON.parse(run(home, ['index', '--check', '--json']).out) as {
      refused: Array<{ path: string; reason: string }>;
    };
    assert.deepEqual(
      c.refused.map((r) => [r.path, r.reason]),
      [
        [
          '~/Projects/bidi/_project-knowledge/t.md',
          'its project key holds a control or format character, which index.md never holds raw',
        ],
      ],
    );
  });
});

describe('§12.2 the note-head reader on its own', () => {
  test('CommonMark fences and headings: what opens a fence, what closes it, how far a heading may be indented', () => {
    const title = (body: string) => noteHead(body).title;
    assert.equal(title('``` not `a fence\n# A\n'), 'A'); // a backtick fence's info string holds no backtick
    assert.equal(title('    ```\n# B\n'), 'B'); // four spaces: indented code, not a fence
    assert.equal(title('   # C #\n'), 'C');
    assert.equal(title('    # indented code\n#\tD\n'), 'D');
    assert.equal(title('#\n# \n#E\n# F\n'), 'F');
    assert.equal(title('~~~\n# in\n~~~~ more\n# still in\n~~~\n# G\n'), 'G');
    assert.equal(title('```\n# never closed\n'), null);
    assert.equal(title('text <!-- inline --> more\n# H\n'), 'H');
    assert.equal(title('# C# and F#\n'), 'C# and F#');
  });

  test('pathological heads read in one pass: many comments, fences or rules', () => {
    const many = (line: string) => `${line}\n`.repeat(40_000);
    assert.deepEqual(noteHead(`${many('<!-- c -->')}---\ntags: [a]\n---\n# T\n`).tags, ['a']);
    assert.match(noteHead(`<!-- open\n${many('---')}`).problem ?? '', /never closed/);
    assert.equal(noteHead(many('```')).title, null);
    assert.equal(noteHead(`text\n${many('---')}`).problem, null);
    assert.equal(noteHead(many('<!--')).title, null);
  });
});
