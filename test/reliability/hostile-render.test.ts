// Hostile content: "Nothing from the knowledge folder is ever executed or rendered as
// trusted HTML/markdown with command links" — the editor side. Where knowledge text is shown:
//   chat answers (chatMarkdown.ts via participantHandler.ts)  → markdown: escaped, and sent as an
//                                                               untrusted MarkdownString (checked
//                                                               in-host: test/desktop/suite.ts)
//   tag tree (treeModel.ts → tagTree.ts)                       → plain-text label/description/tooltip
//   pick list (queryModel.ts → queryCommand.ts)                → plain-text QuickPickItem fields
//   query summary (summaryCommand.ts)                          → a read-only text document (content provider)
// The chat markdown is rendered here with markdown-it with HTML switched ON (worse than the chat,
// which allows none): no tag, image, script or command link may come out of it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { resultMarkdown } from '../../src/vscode/chat/chatMarkdown';
import { handleChatRequest, type ChatStream } from '../../src/vscode/chat/participantHandler';
import type { AgentSource } from '../../src/agent/source';
import { pickModel } from '../../src/vscode/query/queryModel';
import { buildTree, expandTree } from '../../src/vscode/tree/treeModel';
import { type TreeNode } from '../../src/vscode/shared/treeRows';
import { makeHome, query, repoRoot, snapshotFor, TODAY } from './helpers';
import { writeTree } from '../helpers';

const COMMAND_LINK = '[x](command:workbench.action.terminal.new)';
const IMG = '<img src=x onerror=alert(1)>';
const HOSTILE = [
  COMMAND_LINK,
  IMG,
  '<script>alert(1)</script>',
  '![pic](https://attacker.example/p.png)',
  '<command:workbench.action.terminal.new>',
  '<a href="command:workbench.action.terminal.new">click</a>',
  '[ref][r]\n\n[r]: command:workbench.action.terminal.new',
  '&#91;e&#93;(command:workbench.action.terminal.new)',
];

// Paths that try to end a link target early or to leave a code span.
const PATH_PAREN = 'notes/c) [y](command:workbench.action.terminal.new) (.md';
const PATH_TICK = 'notes/e` [z](command:workbench.action.terminal.new) `.md';

function hostileHome() {
  const lines = HOSTILE.filter((h) => !h.includes('\n')).map((h, i) => `- notes/h${i}.md — ${h}`);
  const files: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) files[`knowledge/notes/h${i}.md`] = `# Note ${i}\n`;
  files[`knowledge/${PATH_PAREN}`] = '# paren\n';
  files[`knowledge/${PATH_TICK}`] = '# tick\n';
  files['knowledge/projects/evil/x.md'] = `---\ntags: [api]\n---\n\n# ${IMG} ${COMMAND_LINK}\n`;
  files['knowledge/intake/ideas/2026-11-28-evil.md'] =
    `---\nproject: evil\ntype: feature\n---\n\n# ${COMMAND_LINK} ${IMG}\n`;
  const index = [
    '# Knowledge Index',
    '',
    '## Projects',
    '',
    `### evil — ${IMG} ${COMMAND_LINK}`,
    'Relevant tags: api',
    '',
    '## Known Tags',
    '',
    'api [aliases: evil-alias]',
    '',
    '## Tag Index',
    '',
    '### api',
    ...lines,
    `- ${PATH_PAREN} — ${COMMAND_LINK}`,
    `- ${PATH_TICK} — ${IMG}`,
    '',
  ].join('\n');
  const h = makeHome({
    index,
    config: { projects_enabled: 'true', projects_list: 'evil:evil' },
    files,
  });
  return h;
}

interface MarkdownIt {
  render(src: string): string;
  validateLink: (url: string) => boolean;
}
function markdownRenderer(): MarkdownIt {
  // markdown-it comes with @vscode/vsce (a devDependency); CommonMark like the chat's renderer.
  const req = createRequire(path.join(repoRoot, 'package.json'));
  const MarkdownItCtor = req('markdown-it') as new (options: object) => MarkdownIt;
  const md = new MarkdownItCtor({ html: true, linkify: true });
  md.validateLink = () => true; // markdown-it drops file:/command: links by default; VS Code's chat does not
  return md;
}

/**
 * Everything in rendered HTML that could act: tags other than plain formatting, event or source
 * attributes, and links other than file: links into `folder`. A web address written as text is
 * not allowed to become a link either (linkify is on, fuzzy domains included).
 */
function activeParts(html: string, folder: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const tag = m[1].toLowerCase();
    if (!['p', 'strong', 'em', 'code', 'h4', 'ol', 'ul', 'li', 'br', 'a'].includes(tag)) found.push(m[0]);
    if (/\s(on\w+|src|style)\s*=/i.test(m[2])) found.push(m[0]);
    if (tag === 'a' && !m[0].startsWith('</')) {
      const href = /href="([^"]*)"/.exec(m[2])?.[1] ?? '';
      const target = href.startsWith('file://')
        ? decodeURIComponent(new URL(href.replace(/&amp;/g, '&')).pathname)
        : '';
      if (!target.startsWith(folder + path.sep)) found.push(m[0]);
    }
  }
  return found;
}

test('chat markdown: hostile index text (command links, HTML, images, autolinks, link-breaking paths) renders as inert text', () => {
  const h = hostileHome();
  const snapshot = snapshotFor(h.home);
  const result = query(snapshot, 'api evil');
  assert.ok(result.items.length >= HOSTILE.length, `items: ${result.items.map((i) => i.path).join(', ')}`);
  const md = markdownRenderer();
  // Node's pathToFileURL keeps ( ) [ ] in the URL, unlike vscode.Uri: the markdown must not rely on it.
  for (const linkFor of [(p: string) => pathToFileURL(p).href, (p: string) => `file://${p}`]) {
    const markdown = resultMarkdown(result, { linkFor });
    const html = md.render(markdown);
    assert.deepEqual(activeParts(html, h.folder), [], html);
    assert.ok(!/href="command:/i.test(html) && !/<img|<script/i.test(html), html);
    // The text itself is kept, shown literally.
    assert.ok(html.includes('[x](command:workbench.action.terminal.new)'), html);
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'), html);
    // One link per selectable item, each to its own file.
    const links = [...html.matchAll(/<a href="(file:[^"]*)"/g)].map((m) =>
      decodeURIComponent(new URL(m[1].replace(/&amp;/g, '&')).pathname),
    );
    assert.deepEqual(
      links.sort(),
      result.items
        .filter((i) => i.selectable)
        .map((i) => i.absPath)
        .sort(),
    );
  }
});

test('chat participant: answers and /load refusals built from hostile paths render as inert text', async () => {
  const h = hostileHome();
  const snapshot = snapshotFor(h.home);
  // Each text is answered once, as it was: files that vanish after the query are refused by /load.
  const answered = new Map<string, ReturnType<typeof query>>();
  const source: AgentSource = {
    query: (text) => {
      if (!answered.has(text)) answered.set(text, query(snapshot, text));
      return { ok: true, result: answered.get(text)! };
    },
    state: () => ({ kind: 'ready', snapshot }),
    today: () => TODAY,
  };
  const md = markdownRenderer();
  const run = async (prompt: string, command?: string) => {
    const out: string[] = [];
    const stream: ChatStream = {
      markdown: (t) => out.push(t),
      reference: () => undefined,
      button: () => undefined,
      progress: () => undefined,
    };
    await handleChatRequest(
      { prompt, command },
      { lastQuery: 'api' },
      source,
      stream,
      undefined,
      (p) => pathToFileURL(p).href,
      () => false,
    );
    return out.join('');
  };
  const answer = await run('api evil');
  assert.deepEqual(activeParts(md.render(answer), h.folder), [], answer);
  // Files gone between the query and /load: each refusal names its (hostile) path.
  source.query('api');
  fs.rmSync(path.join(h.folder, PATH_TICK));
  fs.rmSync(path.join(h.folder, PATH_PAREN));
  const loaded = await run('all', 'load');
  const html = md.render(loaded);
  assert.match(loaded, /Refused/);
  assert.deepEqual(activeParts(html, h.folder), [], loaded);
  assert.ok(!/href=/i.test(html), `no links at all in the /load answer: ${html}`);
});

test('tree and pick list: knowledge text reaches the editor only as plain strings, kept verbatim', () => {
  const h = hostileHome();
  writeTree(h.home, {});
  const snapshot = snapshotFor(h.home);
  const nodes: TreeNode[] = [];
  const walk = (n: TreeNode) => {
    nodes.push(n);
    n.children?.forEach(walk);
  };
  expandTree(buildTree({ snapshot, today: '2026-11-30' })).forEach(walk);
  for (const n of nodes) {
    for (const key of ['label', 'description', 'tooltip'] as const) {
      const v = n[key];
      assert.ok(v === undefined || typeof v === 'string', `${n.id}.${key} is plain text`);
    }
  }
  assert.ok(
    nodes.some((n) => n.kind === 'file' && n.label === COMMAND_LINK),
    'the description is the label, verbatim',
  );
  assert.ok(
    nodes.some((n) => n.tooltip?.includes(IMG)),
    'tooltips keep the text verbatim (plain text, not markdown)',
  );

  const model = pickModel(query(snapshot, 'api evil'), 'api evil');
  for (const row of model.rows) {
    for (const v of [
      row.label,
      'description' in row ? row.description : undefined,
      'detail' in row ? row.detail : undefined,
    ]) {
      assert.ok(v === undefined || typeof v === 'string');
    }
  }
  assert.ok(model.rows.some((r) => r.label.includes(COMMAND_LINK)));
});

test('source: no trusted markdown, HTML, webview, command URIs or code execution anywhere in the extension', () => {
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
      );
  const sources = files(path.join(repoRoot, 'src'));
  assert.ok(sources.length > 20);
  const forbidden: Array<[RegExp, string]> = [
    [/\bisTrusted\s*[:=](?!=)/, 'MarkdownString.isTrusted'],
    [/\bsupportHtml\s*[:=](?!=)/, 'MarkdownString.supportHtml'],
    [/\benableCommandUris\b|\benableScripts\b/, 'webview options'],
    [/createWebviewPanel|registerWebviewViewProvider|registerCustomEditorProvider/, 'webviews'],
    [/\beval\s*\(|new\s+Function\s*\(/, 'eval'],
    [
      /from\s+['"](node:)?(child_process|vm)['"]|require\(\s*['"](node:)?(child_process|vm|worker_threads)['"]\s*\)/,
      'process / vm modules',
    ],
    [/createTerminal|sendText\s*\(|tasks\.executeTask/, 'terminals and tasks'],
  ];
  // Reviewed uses, each for the product's own code only: the CLI's cache writer (this CLI's
  // bundle, process.execPath, no shell); `aria-context setup` running the client's own
  // `claude`/`codex mcp add` after showing it and asking (no shell); Connect Agents typing the same
  // command into a terminal without running it (the user presses Enter), and the launcher it
  // writes after confirmation, whose text starts this extension's own dist/cli.js.
  // Worker threads: the index worker's folder only (below).
  const reviewed = new Set([
    // The editor's rebuild: the index worker's own bundle forked as a low-priority process (no shell).
    'src/indexWorker/rebuild.ts: process / vm modules',
    'src/cli/launcher.ts: process / vm modules',
    'src/cli/commands/setup.ts: process / vm modules',
    'src/vscode/connect/connectAgents.ts: terminals and tasks',
    'src/vscode/connect/connectAgentsModel.ts: process / vm modules',
    // Connect Agents asks the Node it would name for its version: `<node> --version`, no shell, a 4 KB answer, a timeout.
    'src/vscode/connect/agentNode.ts: process / vm modules',
    // doctor asks each registered command's Node for its version (no shell, bounded output, a timeout).
    'src/cli/doctor/runtime.ts: process / vm modules',
  ]);
  const offenders: string[] = [];
  for (const f of sources) {
    const text = fs.readFileSync(f, 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const rel = path.relative(repoRoot, f).split(path.sep).join('/');
    // Threads only in the index worker's folder, started from a script file, never from code text.
    if (/from\s+['"](node:)?worker_threads['"]/.test(text) && !rel.startsWith('src/indexWorker/'))
      offenders.push(`${rel}: worker_threads outside src/indexWorker`);
    if (/\beval\s*:/.test(text)) offenders.push(`${rel}: a worker from code text (eval)`);
    for (const [re, what] of forbidden)
      if (re.test(text) && !reviewed.has(`${rel}: ${what}`)) offenders.push(`${rel}: ${what}`);
    // Every MarkdownString the extension makes is untrusted: `new vscode.MarkdownString(text, false)`.
    for (const m of text.matchAll(/new\s+vscode\.MarkdownString\(([^)]*)\)/g)) {
      if (!/^\s*\w+\s*,\s*false\s*$/.test(m[1]))
        offenders.push(`${path.relative(repoRoot, f)}: MarkdownString(${m[1]})`);
    }
  }
  assert.deepEqual(offenders, []);
  // The one worker the extension starts is its own bundled file, beside extension.js.
  const extension = fs.readFileSync(path.join(repoRoot, 'src', 'extension.ts'), 'utf8');
  assert.match(extension, /joinPath\(context\.extensionUri, 'dist', 'indexWorker\.js'\)/);
  // The chat's markdown goes through the one place that makes MarkdownStrings.
  const participant = fs.readFileSync(path.join(repoRoot, 'src', 'vscode', 'chat', 'participant.ts'), 'utf8');
  assert.match(participant, /markdown: \(text\) => stream\.markdown\(new vscode\.MarkdownString\(text, false\)\)/);
  // The summary is served as plain text by a content provider and opened as a text document,
  // never previewed or rendered by the extension (the user may open VS Code's own preview).
  const summary = fs.readFileSync(path.join(repoRoot, 'src', 'vscode', 'query', 'summaryCommand.ts'), 'utf8');
  assert.match(summary, /openMarkdown\(summaryUri\(\)\)/);
  assert.match(summary, /openMarkdown\(chatSummaryUri\(\)\)/);
  assert.match(summary, /const doc = await vscode\.workspace\.openTextDocument\(uri\)/);
  assert.match(summary, /provideTextDocumentContent\([^)]*\): string/);
  assert.doesNotMatch(summary, /markdown\.showPreview|showPreview/);
});

/** Autolinks that GFM renderers (the chat's) find in the markdown source outside code spans. */
function gfmAutolinks(markdown: string): string[] {
  const outsideCode = markdown.replace(/(`+)[^`]*?\1/g, '');
  return (
    outsideCode.match(
      /\b(?:https?|ftp):\/\/\S+|\bwww\.\S+|[\w.+-]+@[\w-]+\.\w\S*|<[a-z][\w+.-]*:[^>\s]*>|<[^>\s@]+@[^>\s]+>/gi,
    ) ?? []
  );
}

test('chat markdown: bare URLs, www., e-mail addresses, domains and <autolinks> in index text never become links', () => {
  const urls = [
    'http://1249767542/steal',
    'https://evil.example/x?y=1&z=2',
    'HTTP://EVIL.COM/UP',
    'www.evil.com/path',
    'attacker@evil.com',
    '<http://evil.com/angle>',
    '<attacker@evil.com>',
    'evil.io/fuzzy',
    'ftp://evil.com/f',
    'mailto:a@b.co',
    'javascript:alert(1)',
    'xn--80ak6aa92e.com',
    'evil\u3002com',
    '(see http://paren.example/z)',
    '**http://bold.example**',
    '`http://ticked.example`',
    '_www.under.example_',
  ];
  const lines = urls.map((u, i) => `- notes/u${i}.md — Read ${u} now`);
  const files: Record<string, string> = {};
  urls.forEach((_, i) => (files[`knowledge/notes/u${i}.md`] = `# u${i}\n`));
  files['knowledge/projects/web/x.md'] = '---\ntags: [api, www.tag.example]\n---\n# Title http://title.example/x\n';
  files['knowledge/intake/ideas/2026-11-28-url.md'] =
    '---\nproject: web\n---\n# Idea at https://idea.example and me@idea.example\n';
  const h = makeHome({
    index: [
      '## Projects',
      '### web — Site https://project.example',
      'Relevant tags: api',
      '## Known Tags',
      'api [aliases: www.alias.example]',
      '## Tag Index',
      '### api',
      ...lines,
      '## Semantic Hints Index',
      '### visit www.hint.example today',
      '- notes/u0.md',
      '',
    ].join('\n'),
    config: { projects_enabled: 'true', projects_list: 'web:web' },
    files,
  });
  const snapshot = snapshotFor(h.home);
  const md = markdownRenderer();
  for (const q of ['api web', 'www.alias.example', 'hint', 'nothing-matches']) {
    const result = query(snapshot, q);
    const markdown = resultMarkdown(result, { linkFor: (p) => pathToFileURL(p).href });
    const html = md.render(markdown);
    assert.deepEqual(activeParts(html, h.folder), [], `${q}:\n${markdown}`);
    assert.ok(!/<a href="(?!file:)/.test(html), html);
    assert.deepEqual(gfmAutolinks(markdown), [], markdown);
    if (q === 'api web') {
      // Shown literally, as code.
      assert.ok(html.includes('<code>http://1249767542/steal</code>'), html);
      assert.ok(html.includes('<code>attacker@evil.com</code>'), html);
      assert.equal([...html.matchAll(/<a href="file:/g)].length, result.items.filter((i) => i.selectable).length);
    }
  }
});
