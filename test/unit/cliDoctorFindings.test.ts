// `aria-context doctor` finds what users run it for (SPEC §13.2), each as a finding with one fix,
// exit 1 whenever an agent would get nothing or a registered command cannot start: a knowledge
// folder moved, a config whose YAML is broken or that is random bytes, no index.md, an index that
// lists nothing, a registered Node that is too old or gone; exit 0 on a healthy install. Every
// case runs the built CLI on a temporary HOME.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { INDEX_HEADER, makeHome, repoRoot, tempDir } from '../helpers';

const cli = path.join(repoRoot, 'dist', 'cli.js');
if (!fs.existsSync(cli)) execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot });

interface Finding {
  level: 'broken' | 'warning';
  area: string;
  message: string;
  fix: string;
}

function doctor(home: string, env: Record<string, string> = {}) {
  const run = (args: string[]) =>
    spawnSync(process.execPath, [cli, 'doctor', ...args], {
      env: { PATH: process.env.PATH, HOME: home, CODEX_HOME: path.join(home, '.codex'), ...env },
      encoding: 'utf8',
      input: '',
    });
  const json = run(['--json']);
  const text = run([]);
  assert.equal(text.status, json.status, 'the text and --json exit alike');
  assert.equal(text.stderr, '');
  const parsed = JSON.parse(json.stdout) as { ok: boolean; findings: Finding[] };
  return { code: json.status, findings: parsed.findings, ok: parsed.ok, text: text.stdout };
}

/** A home with a knowledge folder holding one note, its index, and this build set up for Claude Code. */
function healthyHome(): string {
  const home = makeHome({
    index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n`,
    files: { 'knowledge/a.md': '---\ntags: [api]\n---\n# A\n' },
  });
  const r = spawnSync(process.execPath, [cli, 'setup', 'claude-code', '--hooks', '--yes'], {
    env: { PATH: process.env.PATH, HOME: home },
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stdout);
  return home;
}

/** Each finding's level, area and whether its one Fix line is in the text report. */
function assertFinding(r: ReturnType<typeof doctor>, area: string, message: RegExp): Finding {
  const f = r.findings.find((x) => x.area === area && message.test(x.message));
  assert.ok(f, `a ${area} finding matching ${message}: ${JSON.stringify(r.findings)}`);
  assert.equal(r.code, 1);
  assert.equal(r.ok, false);
  assert.ok(r.text.includes(`Fix: ${f.fix}`), r.text);
  assert.match(r.text, /^An agent would get nothing/m);
  assert.doesNotMatch(`${f.message} ${f.fix}`, /(^|[^\w./-])\/(setup|index|context)\b/, 'no slash command');
  return f;
}

describe('doctor findings', () => {
  test('a healthy install: no findings, exit 0', () => {
    const r = doctor(healthyHome());
    assert.deepEqual(r.findings, []);
    assert.equal(r.code, 0, r.text);
    assert.match(r.text, /^Nothing is broken: the agents set up get the knowledge above\.$/m);
  });

  test('the knowledge folder moved: named, with the config line to correct', () => {
    const home = healthyHome();
    fs.renameSync(path.join(home, 'knowledge'), path.join(home, 'moved'));
    const f = assertFinding(doctor(home), 'knowledge', /knowledge folder .*knowledge does not exist/);
    assert.match(f.fix, /Set knowledge_folder in .*aria-knowledge\.local\.md/);
  });

  test("the config's YAML is broken: the same warning query prints, and keys are lost", () => {
    const home = healthyHome();
    const config = path.join(home, '.claude', 'aria-knowledge.local.md');
    fs.writeFileSync(config, '---\nknowledge_folder: ~/knowledge\nprojects_list:\n  - a: [b\n---\n');
    const query = spawnSync(process.execPath, [cli, 'query', 'api'], {
      env: { PATH: process.env.PATH, HOME: home },
      encoding: 'utf8',
    });
    const warning = /front matter is not valid YAML[^\n]*/.exec(query.stdout)?.[0];
    assert.ok(warning, query.stdout);
    const f = assertFinding(doctor(home), 'config', /front matter is not valid YAML/);
    assert.ok(f.message.includes(warning), 'the words query prints');
  });

  test('random bytes as the config: named as a config without knowledge_folder', () => {
    const home = healthyHome();
    const bytes = Buffer.alloc(512);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 197 + 13) % 256;
    fs.writeFileSync(path.join(home, '.claude', 'aria-knowledge.local.md'), bytes);
    const f = assertFinding(doctor(home), 'config', /aria-knowledge\.local\.md: knowledge_folder is not set/);
    assert.match(f.fix, /front matter block/);
  });

  test('no index.md, or one that lists no notes: the command that builds it', () => {
    const home = healthyHome();
    const index = path.join(home, 'knowledge', 'index.md');
    fs.rmSync(index);
    assert.match(
      assertFinding(doctor(home), 'index', /No index\.md in the knowledge folder/).fix,
      /aria-context index --write/,
    );
    fs.writeFileSync(index, INDEX_HEADER);
    assert.match(assertFinding(doctor(home), 'index', /lists no notes/).fix, /aria-context index --write/);
  });

  test("a registered command whose Node is 20, or gone: that client's server and hook are broken", () => {
    const home = healthyHome();
    // a Node 20 stand-in: answers the version question as Node 20 does
    const old = path.join(tempDir('aria-doctor-node20-'), 'node');
    fs.writeFileSync(old, '#!/bin/sh\nprintf 20.20.2\n', { mode: 0o755 });
    const claudeJson = path.join(home, '.claude.json');
    const settings = path.join(home, '.claude', 'settings.json');
    for (const file of [claudeJson, settings])
      fs.writeFileSync(
        file,
        fs.readFileSync(file, 'utf8').split(JSON.stringify(process.execPath)).join(JSON.stringify(old)),
      );
    fs.writeFileSync(settings, fs.readFileSync(settings, 'utf8').split(process.execPath).join(old));
    const json = JSON.parse(
      spawnSync(process.execPath, [cli, 'doctor', '--json'], {
        env: { PATH: process.env.PATH, HOME: home },
        encoding: 'utf8',
      }).stdout,
    ) as {
      ok: boolean;
      clients: { client: string; server: { problem: string | null } | null; hooks: { problem: string | null }[] }[];
    };
    const claude = json.clients.find((c) => c.client === 'claude-code')!;
    assert.equal(json.ok, false);
    assert.equal(claude.server?.problem, `${old} is Node.js 20.20.2; aria-context needs 22.12 or later`);
    assert.equal(claude.hooks[0]?.problem, `${old} is Node.js 20.20.2; aria-context needs 22.12 or later`);
    fs.rmSync(old);
    const gone = doctor(home);
    assert.equal(gone.code, 1);
    assert.match(gone.text, /server: .*BROKEN, .*node does not exist/);
  });

  test('NODE_COMPILE_CACHE naming a folder others can write: a warning with how to fix it', () => {
    const home = healthyHome();
    const shared = tempDir('aria-doctor-cc-');
    fs.chmodSync(shared, 0o777);
    const r = doctor(home, { NODE_COMPILE_CACHE: shared });
    const f = r.findings.find((x) => x.area === 'compile-cache');
    assert.ok(f, JSON.stringify(r.findings));
    assert.equal(f.level, 'warning');
    assert.match(f.message, /NODE_COMPILE_CACHE=.* fails aria-context's rule/);
    assert.match(r.text, /Fix: unset NODE_COMPILE_CACHE/);
    assert.equal(r.code, 0, 'the commands setup registers clear it');
    assert.deepEqual(
      r.findings.map((x) => x.area),
      ['compile-cache'],
      'no entry of this setup is exposed',
    );
    // entries an earlier setup wrote, without clearing it: named, with the setup that rewrites them
    const settings = path.join(home, '.claude', 'settings.json');
    fs.writeFileSync(settings, fs.readFileSync(settings, 'utf8').split('NODE_COMPILE_CACHE= exec').join('exec'));
    const old = doctor(home, { NODE_COMPILE_CACHE: shared });
    const exposed = old.findings.find(
      (x) => x.area === 'compile-cache' && /claude-code's aria-context entries/.test(x.message),
    );
    assert.ok(exposed, JSON.stringify(old.findings));
    assert.equal(
      exposed.fix,
      'aria-context setup claude-code --hooks (it rewrites its entries with the variable cleared).',
    );
    assert.equal(old.code, 0);
    assert.equal(
      spawnSync(process.execPath, [cli, 'setup', 'claude-code', '--hooks', '--yes'], {
        env: { PATH: process.env.PATH, HOME: home },
        encoding: 'utf8',
      }).status,
      0,
    );
    const own = path.join(home, '.cache', 'mine');
    fs.mkdirSync(own, { recursive: true, mode: 0o700 });
    fs.chmodSync(path.join(home, '.cache'), 0o700);
    fs.chmodSync(home, 0o700);
    assert.deepEqual(doctor(home, { NODE_COMPILE_CACHE: own }).findings, [], 'a private folder of the user is fine');
  });
});
