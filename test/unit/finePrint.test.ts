// The fine print (docs/SPEC.md, Fine print, §F): edge cases the original spec leaves open, each decided
// as a person editing index.md by hand would expect, proved with real files in a temp HOME.
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toJson } from '../../src/core/present/json';
import { parseQueryArgs } from '../../src/cli/commands/query';
import { scanIdeas } from '../../src/core/match/ideas';
import { parseQueryText } from '../../src/core/match/query';
import { INDEX_HEADER, makeHome, paths, query, snapshotFor } from '../helpers';

const indexOf = (index: string) => snapshotFor(makeHome({ index })).index;
const tagIndex = (body: string) => `${INDEX_HEADER}## Tag Index\n${body}`;
/** A home whose one project, `p`, lives at ~/Projects/p. */
const projectPHome = (options: { index: string; files?: Record<string, string> }) =>
  makeHome({ config: { projects_enabled: 'true', projects_list: 'p:~/Projects/p' }, ...options });

describe('fine print: index.md syntax', () => {
  test('§F1 a front matter block at the top of index.md is skipped; CR and CRLF end lines', () => {
    const ix = indexOf(`---\ntitle: x\n---\r\n# Knowledge Index\r\n## Tag Index\r### api\r\n- a.md — A\n`);
    assert.deepEqual([...ix.files.keys()], ['a.md']);
  });

  test('§F3 `*` and `+` bullets are entries; `1.` is not (warned)', () => {
    const ix = indexOf(tagIndex('### api\n* a.md — A\n+ b.md — B\n1. c.md — C\n-d.md\n'));
    assert.deepEqual([...ix.files.keys()], ['a.md', 'b.md']);
    assert.equal(ix.warnings.filter((w) => w.includes('not an entry line')).length, 2);
  });

  test('§F4 U+2028 and U+2029 inside a line do not end it or drop the entry', () => {
    const ix = indexOf(tagIndex('### api\n- a.md — one\u2028two\n-\u2029b.md\n'));
    assert.deepEqual([...ix.files.keys()], ['a.md', 'b.md']);
    assert.equal(ix.files.get('a.md')?.description, 'one\u2028two');
  });

  test('§F5 #### to ###### headings are not entries and do not change the ### heading', () => {
    const ix = indexOf(tagIndex('### api\n#### sub\n- a.md\n####### seven\n'));
    assert.deepEqual([...ix.filesByTag.keys()], ['api']);
    assert.equal(ix.warnings.length, 2);
  });

  test('§F6 a section named like an Object.prototype member is an unknown section, never a list', () => {
    const names = [...Object.getOwnPropertyNames(Object.prototype), '__proto__'];
    const ix = indexOf(`${INDEX_HEADER}${names.map((n) => `## ${n}\n### api\n- ${n}.md\n`).join('')}`);
    assert.deepEqual([...ix.files.keys()], []);
    assert.deepEqual(ix.warnings, []);
  });

  test('§F6 section names ignore case and runs of whitespace; repeated sections merge', () => {
    const ix = indexOf(
      `${INDEX_HEADER}##  TAG   index\n### api\n- a.md\n## Review Index\n### api\n- r.md\n## Tag Index\n### API\n- b.md\n`,
    );
    assert.deepEqual(
      ix.filesByTag.get('api')?.map((f) => f.path),
      ['a.md', 'b.md'],
    );
  });

  test('§F7 a project heading without an em dash: first word is the key, the rest the name', () => {
    const ix = indexOf(
      `${INDEX_HEADER}## Projects\n### ss - Seer Service\nRelevant tags: api\n### solo\n### k: Kilo\n### m : Mike\n### :\n`,
    );
    assert.deepEqual(
      [...ix.projects.values()].map((p) => [p.key, p.name]),
      [
        ['ss', 'Seer Service'],
        ['solo', null],
        ['k', 'Kilo'],
        ['m', 'Mike'],
        [':', null],
      ],
    );
  });

  test('§F8 team-shared annotation keys in any case, with spaces; project and scope lowercased', () => {
    const ix = indexOf(
      `${INDEX_HEADER}## Team-Shared Tag Index\n### api\n- ~/P/p/_project-knowledge/a.md — A [ Project : P1 , Scope : REPO ]\n`,
    );
    assert.deepEqual(ix.teamShared.get('api'), [
      { path: '~/P/p/_project-knowledge/a.md', description: 'A', project: 'p1', scope: 'repo' },
    ]);
  });

  test('§F9 in Known Tags a `[` that is never closed ends with its line, warned: its tag and the tags after it are kept', () => {
    const ix = indexOf(`${INDEX_HEADER}## Known Tags\napi, kubernetes [aliases: k8s, stripe\nreact\n`);
    assert.deepEqual(ix.knownTags, [
      { tag: 'api', aliases: [] },
      { tag: 'kubernetes', aliases: ['k8s', 'stripe'] },
      { tag: 'react', aliases: [] },
    ]);
    assert.ok(
      ix.warnings.some((w) => w.includes('"[aliases: k8s, stripe" has no closing "]"')),
      ix.warnings.join('\n'),
    );
  });

  test('§F10 an alias that is itself a Known tag is ignored with a warning: the tag still finds its notes', () => {
    const home = makeHome({
      index: `${INDEX_HEADER}## Known Tags\napi, rest [aliases: api, r]\n\n## Tag Index\n### api\n- a.md\n### rest\n- r.md\n`,
    });
    const r = query(home, 'api');
    assert.deepEqual(paths(r), ['a.md']);
    assert.deepEqual(r.query.resolved, []);
    assert.ok(r.warnings.some((w) => w.includes('alias "api" of rest is itself a tag')));
  });

  test('§F11 an alias declared on two tags belongs to the first; the second is warned about', () => {
    const ix = indexOf(`${INDEX_HEADER}## Known Tags\nkubernetes [aliases: k], kafka [aliases: k, kf]\n`);
    assert.equal(ix.aliases.get('k'), 'kubernetes');
    assert.deepEqual(
      ix.knownTags.map((t) => t.aliases),
      [['k'], ['kf']],
    );
    assert.ok(ix.warnings.some((w) => w.includes('already belongs to kubernetes')));
  });

  test('§F15 tags compare case-insensitively: headings merge, Known Tags are lowercased and merge their aliases', () => {
    const ix = indexOf(
      `${INDEX_HEADER}## Known Tags\nAPI [aliases: a], api [aliases: b], - Web\n## Tag Index\n### API\n- a.md\n### api\n- b.md\n`,
    );
    assert.deepEqual(ix.knownTags, [
      { tag: 'api', aliases: ['a', 'b'] },
      { tag: 'web', aliases: [] },
    ]);
    assert.deepEqual([...ix.tagIndex.keys()], ['api']);
  });

  test('§F16 Relevant tags: duplicates in any case dropped (first spelling kept), several lines merge', () => {
    const ix = indexOf(`${INDEX_HEADER}## Projects\n### p — P\nRelevant tags: API, web, api\nRelevant tags: Web, db\n`);
    assert.deepEqual(ix.projects.get('p')?.relevantTags, ['API', 'web', 'db']);
  });

  test('§F17 `./a.md` and `a.md` are one file; `A.md` is another (paths are case-sensitive)', () => {
    const ix = indexOf(tagIndex('### api\n- ./a.md — A\n### web\n- a.md\n- A.md\n- x/../a.md\n'));
    assert.deepEqual([...ix.files.keys()], ['a.md', 'A.md']);
    assert.deepEqual([...ix.files.get('a.md')!.tags], ['api', 'web']);
  });

  test('§F18 a path in backticks is the path inside them', () => {
    const ix = indexOf(tagIndex('### api\n- `notes/a b.md` — A\n- ` c.md `\n'));
    assert.deepEqual([...ix.files.keys()], ['notes/a b.md', 'c.md']);
  });

  test('§F19 the first ` — ` separates path and description; later ones belong to the description', () => {
    const ix = indexOf(tagIndex('### api\n- a.md — one — two\n- b.md—tight\n'));
    assert.equal(ix.files.get('a.md')?.description, 'one — two');
    assert.ok(ix.files.has('b.md—tight'));
  });

  test('§F20 a file listed twice keeps its first description; a later one fills an empty one', () => {
    const ix = indexOf(tagIndex('### api\n- a.md\n- a.md — later\n- a.md — ignored\n'));
    assert.equal(ix.files.get('a.md')?.description, 'later');
  });

  test('§F21 entries under an empty ### heading or before any heading are ignored with a warning', () => {
    const ix = indexOf(tagIndex('- early.md\n###\n- empty.md\n### api\n'));
    assert.deepEqual([...ix.files.keys()], []);
    assert.equal(ix.warnings.filter((w) => w.includes('outside a ### heading')).length, 2);
  });

  test('§F22 hint phrases are kept as written: two spellings are two phrases, both matched', () => {
    const home = makeHome({
      index: `${INDEX_HEADER}## Semantic Hints Index\n### Cursor Pagination\n- a.md\n### cursor pagination\n- b.md\n`,
    });
    assert.deepEqual([...snapshotFor(home).index.hints.keys()], ['Cursor Pagination', 'cursor pagination']);
    assert.deepEqual(paths(query(home, 'cursor')), ['a.md', 'b.md']);
  });

  test('§F39 `Relevant tags:` before the first project heading, or outside Projects, is ignored', () => {
    const ix = indexOf(
      `${INDEX_HEADER}## Projects\nRelevant tags: lost\n### p — P\nRelevant tags: api\nNotes: anything\n## Tag Index\nRelevant tags: x\n`,
    );
    assert.deepEqual(
      [...ix.projects.values()].map((p) => p.relevantTags),
      [['api']],
    );
  });

  test('§F9 a bulleted Known Tags list, wrapped inside brackets, reads like the comma list', () => {
    const ix = indexOf(`${INDEX_HEADER}## Known Tags\n- api\n- kubernetes [aliases: k8s,\n  - kube, k 8]\n* stripe\n`);
    assert.deepEqual(ix.knownTags, [
      { tag: 'api', aliases: [] },
      { tag: 'kubernetes', aliases: ['k8s', 'kube'] },
      { tag: 'stripe', aliases: [] },
    ]);
    assert.ok(ix.warnings.some((w) => w.includes('alias "k 8" of kubernetes holds a space')));
  });

  test('§F40 a Known Tags item with no tag before its bracket is ignored', () => {
    const ix = indexOf(`${INDEX_HEADER}## Known Tags\n[aliases: x], api, , ,\n`);
    assert.deepEqual(ix.knownTags, [{ tag: 'api', aliases: [] }]);
    assert.deepEqual([...ix.aliases], []);
  });

  test('§F41 a team-shared entry without a valid trailing [project: …] is ignored with a warning', () => {
    const ix = indexOf(
      `${INDEX_HEADER}## Team-Shared Tag Index\n### api\n- ~/a.md — A\n- ~/b.md — B [project: p, owner: me]\n- ~/c.md — C [project: p] trailing\n- ~/d.md — D [project: ]\n`,
    );
    assert.deepEqual([...ix.teamShared.keys()], []);
    assert.equal(ix.warnings.filter((w) => w.includes('without [project: …]')).length, 4);
  });

  test('§F42 at most 50 index warnings are listed, then a count of the rest', () => {
    const ix = indexOf(tagIndex(`### api\n${'junk\n'.repeat(60)}`));
    assert.equal(ix.warnings.length, 51);
    assert.ok(ix.warnings[0].startsWith('index.md line 7: not an entry line'), ix.warnings[0]);
    assert.equal(ix.warnings[50], 'index.md: 10 more problem line(s) not listed');
  });

  test('§F28 the first `Last rebuilt:` before any section counts', () => {
    const ix = indexOf('# K\nlast REBUILT:  2026-11-02 \nLast rebuilt: 2025-01-01\n## Tag Index\nLast rebuilt: 2024\n');
    assert.equal(ix.lastRebuilt, '2026-11-02');
  });
});

describe('fine print: queries', () => {
  const home = projectPHome({
    index: `${INDEX_HEADER}## Projects\n### p — P\nRelevant tags: api\n\n## Known Tags\napi, kubernetes [aliases: p2, k]\n\n## Tag Index\n### api\n- b/ü.md\n- b/z.md\n- b/😀.md\n- b/～.md\n- 2.md\n### web\n- 2.md\n### kubernetes\n- k.md\n### -\n- dash.md\n`,
  });

  test('§F23 tokens split on any Unicode whitespace and commas', () => {
    assert.deepEqual(parseQueryText('api\u00a0web,\u3000k\u2028x').tokens, ['api', 'web', 'k', 'x']);
  });

  test('§F24 a token of punctuation only is a literal tag and matches no hint phrase', () => {
    assert.deepEqual(paths(query(home, '-')), ['dash.md']);
    assert.deepEqual(paths(query(home, '--')), []);
  });

  test('§F37 AND and OR in any case are operators, never tags; one AND makes the whole query AND', () => {
    const r = query(home, 'api or web And kubernetes');
    assert.equal(r.query.mode, 'AND');
    assert.deepEqual(r.query.tokens, ['api', 'web', 'kubernetes']);
    assert.deepEqual(parseQueryText('and OR').tokens, []);
  });

  test('§F38 duplicate tokens are dropped case-insensitively, the first spelling kept, after aliases resolve', () => {
    const r = query(home, 'Kubernetes k API api');
    assert.deepEqual(r.query.tokens, ['Kubernetes', 'API']);
  });

  test('§F43 an alias resolves in any case and is shown as the user wrote it', () => {
    const r = query(home, 'K');
    assert.deepEqual(r.query.resolved, [{ alias: 'K', canonical: 'kubernetes' }]);
    assert.deepEqual(paths(r), ['k.md']);
  });

  test('§F26 an alias equal to a project key resolves to its tag and is not expanded', () => {
    const h = makeHome({
      index: `${INDEX_HEADER}## Projects\n### ss — S\nRelevant tags: api\n## Known Tags\nkubernetes [aliases: ss]\n## Tag Index\n### kubernetes\n- k.md\n### api\n- a.md\n`,
    });
    const r = query(h, 'ss');
    assert.deepEqual(r.query.tokens, ['kubernetes']);
    assert.deepEqual(paths(r), ['k.md']);
  });

  test('§F27 results sort by tokens matched, then by path in UTF-16 code units', () => {
    const r = query(home, 'api web');
    assert.deepEqual(
      paths(r).filter((p) => !p.startsWith('projects/')),
      ['2.md', 'b/z.md', 'b/ü.md', 'b/😀.md', 'b/～.md'],
    );
  });
});

describe('fine print: files and folders', () => {
  test('§F32 README.md in any case is skipped only at a project folder’s top; `.MD` notes count', () => {
    const files = {
      'knowledge/projects/p/readme.md': '# R\n',
      'knowledge/projects/p/UPPER.MD': '# Upper\n',
      'knowledge/projects/p/sub/README.md': '# Sub readme\n',
      'knowledge/projects/p/notes.txt': 'x',
    };
    const home = projectPHome({ index: INDEX_HEADER, files });
    assert.deepEqual(paths(query(home, 'p')), ['projects/p/UPPER.MD', 'projects/p/sub/README.md']);
  });

  test('§F33 dotfiles and dot-folders are never listed (project tier, ideas)', () => {
    const home = projectPHome({
      index: INDEX_HEADER,
      files: {
        'knowledge/projects/p/.hidden.md': '# H\n',
        'knowledge/projects/p/.obsidian/x.md': '# O\n',
        'knowledge/projects/p/a.md': '# A\n',
        'knowledge/intake/ideas/.draft.md': '---\nproject: p\ndate: 2026-11-01\n---\n',
      },
    });
    assert.deepEqual(paths(query(home, 'p')), ['projects/p/a.md']);
    assert.deepEqual(scanIdeas(`${home}/knowledge`).ideas, []);
  });

  test('§F36 an idea names its projects in any case, as a comma list or YAML list; no project → skipped', () => {
    const ideas = {
      'knowledge/intake/ideas/2026-11-01-a.md': '---\nproject: P, Q\n---\n# A\n',
      'knowledge/intake/ideas/2026-11-02-b.md': '---\nproject: [q]\n---\n# B\n',
      'knowledge/intake/ideas/2026-11-03-c.md': '---\ntype: bug\n---\n# C\n',
    };
    const home = makeHome({ index: INDEX_HEADER, files: ideas });
    assert.deepEqual(
      scanIdeas(`${home}/knowledge`).ideas.map((i) => [i.title, i.projects]),
      [
        ['A', ['p', 'q']],
        ['B', ['q']],
      ],
    );
  });

  test('§F31 a path listed under two projects in team-shared is two entries; only the owner of its folder keeps it', () => {
    const home = makeHome({
      config: {
        projects_enabled: 'true',
        projects_list: 'p1:~/Projects/p1,p2:~/Projects/p2',
        projects_shared_knowledge: 'p1, p2',
      },
      index: `${INDEX_HEADER}## Team-Shared Tag Index\n### api\n- ~/Projects/p1/_project-knowledge/a.md — A [project: p1, scope: repo]\n### web\n- ~/Projects/p1/_project-knowledge/a.md — A [project: P2, scope: Repo]\n- ~/Projects/p1/_project-knowledge/a.md — A [project: p1]\n`,
      files: { 'Projects/p1/_project-knowledge/a.md': '# A\n' },
    });
    assert.equal(snapshotFor(home).index.teamSharedFiles.size, 2);
    const items = query(home, 'api web').items.filter((i) => i.category === 'team-shared');
    assert.deepEqual(
      items.map((i) => [i.path, i.project, i.scope, i.tags]),
      [['~/Projects/p1/_project-knowledge/a.md', 'p1', 'repo', ['api', 'web']]],
    );
  });

  test('§F35 the JSON `status` field appears on tracked artifacts only', () => {
    const home = projectPHome({
      index: `${INDEX_HEADER}## Tag Index\n### p\n- a.md\n`,
      files: { 'knowledge/a.md': '# A\n', 'Projects/p/CODEMAP.md': '# C\n' },
    });
    const items = toJson(query(home, 'p')).items as Array<{ category: string; status?: string }>;
    assert.ok(items.some((i) => i.category === 'tracked-artifact' && typeof i.status === 'string'));
    for (const i of items) assert.equal('status' in i, i.category === 'tracked-artifact', JSON.stringify(i));
  });
});

describe('fine print: the CLI', () => {
  test('§F29 `--today=D` and `--today D` are the same; anything but a real YYYY-MM-DD is a usage error', () => {
    const a = parseQueryArgs(['query', 'api', '--today=2026-11-30']);
    const b = parseQueryArgs(['query', 'api', '--today', '2026-11-30']);
    assert.deepEqual(a, b);
    for (const bad of ['--today=2026-02-30', '--today=30.11.2026', '--today='])
      assert.equal(parseQueryArgs(['query', 'api', bad]).kind, 'error', bad);
  });
});
