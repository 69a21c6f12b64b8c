// The long-lived server notices every change on disk, however it is made: rewrites in place with
// the same size and the old mtime put back, and a configuration that was bad for a moment.
// The built server over real stdio, driven by the SDK's client, on real folders.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { configText, INDEX_HEADER, makeHome, writeTree } from '../helpers';
import { connect, textOf, type Connected } from './client';

/** Whole seconds, so that putting the times back restores them to the nanosecond. */
const WHOLE_SECONDS = 1_700_000_000;

/** Gives `file` times that utimes can restore exactly; call before the server first reads it. */
function wholeTimes(...files: string[]): void {
  for (const file of files) fs.utimesSync(file, WHOLE_SECONDS, WHOLE_SECONDS);
}

/** Rewrites `file` in place (same inode, same size) and puts its old times back. */
function rewriteKeepingTimes(file: string, edit: (text: string) => string): void {
  const before = fs.statSync(file, { bigint: true });
  assert.equal(before.mtimeNs, BigInt(WHOLE_SECONDS) * 1_000_000_000n, 'wholeTimes was called first');
  const text = fs.readFileSync(file, 'utf8');
  const next = edit(text);
  assert.notEqual(next, text);
  assert.equal(Buffer.byteLength(next), Number(before.size), 'the rewrite keeps the size');
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, next, 0, 'utf8');
  fs.closeSync(fd);
  fs.utimesSync(file, WHOLE_SECONDS, WHOLE_SECONDS);
  const after = fs.statSync(file, { bigint: true });
  assert.equal(after.mtimeNs, before.mtimeNs);
  assert.equal(after.size, before.size);
  assert.equal(after.ino, before.ino);
}

async function query(s: Connected, text: string): Promise<string> {
  return textOf(await s.client.callTool({ name: 'knowledge_query', arguments: { query: text } }));
}

describe('the MCP server notices changes that keep size and mtime', () => {
  test('index.md rewritten in place with the same size and its mtime put back: the next call answers from the new index', async () => {
    const home = makeHome({
      index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — Alpha one\n`,
      files: { 'knowledge/a.md': '# A\n' },
    });
    wholeTimes(path.join(home, 'knowledge', 'index.md'));
    const s = await connect(home);
    try {
      assert.match(await query(s, 'api'), /a\.md — Alpha one/);
      rewriteKeepingTimes(path.join(home, 'knowledge', 'index.md'), (t) => t.replace('Alpha one', 'Alpha two'));
      assert.match(await query(s, 'api'), /a\.md — Alpha two/);
    } finally {
      await s.close();
    }
  });

  test('a project dropped from projects_shared_knowledge by a same-size rewrite: its team-shared notes are no longer served', async () => {
    const home = makeHome({
      config: {
        projects_enabled: 'true',
        projects_list: 'alpha:alpha,vault:vault',
        projects_shared_knowledge: 'alpha,vault',
      },
      index: `${INDEX_HEADER}## Team-Shared Tag Index\n### api\n- ~/Projects/vault/_project-knowledge/secret.md — Vault secret [project: vault, scope: repo]\n- ~/Projects/alpha/_project-knowledge/t.md — Alpha team [project: alpha, scope: repo]\n`,
      files: {
        'Projects/vault/_project-knowledge/secret.md': '# Secret\nVAULT-BODY\n',
        'Projects/alpha/_project-knowledge/t.md': '# T\n',
      },
    });
    const secret = path.join(home, 'Projects/vault/_project-knowledge/secret.md');
    wholeTimes(path.join(home, '.claude', 'aria-knowledge.local.md'));
    const s = await connect(home);
    try {
      assert.match(await query(s, 'api'), /Vault secret/);
      assert.match(
        textOf(await s.client.callTool({ name: 'knowledge_load', arguments: { paths: [secret] } })),
        /VAULT-BODY/,
      );
      rewriteKeepingTimes(path.join(home, '.claude', 'aria-knowledge.local.md'), (t) =>
        t.replace('projects_shared_knowledge: alpha,vault', 'projects_shared_knowledge: alpha,vaulx'),
      );
      const after = await query(s, 'api');
      assert.match(after, /Alpha team/);
      assert.doesNotMatch(after, /Vault secret/);
      assert.doesNotMatch(
        textOf(await s.client.callTool({ name: 'knowledge_load', arguments: { paths: [secret] } })),
        /VAULT-BODY/,
      );
      const { resources } = await s.client.listResources();
      assert.ok(!resources.some((r) => r.uri.includes('vault')), resources.map((r) => r.uri).join('\n'));
    } finally {
      await s.close();
    }
  });
});

describe('the MCP server recovers from a bad configuration', () => {
  test('a knowledge folder that resolved to home for a moment: once restored, the next call answers normally', async () => {
    const home = makeHome({
      config: { knowledge_folder: '~/kb' },
      files: { 'real/index.md': `${INDEX_HEADER}## Tag Index\n### api\n- a.md — Alpha\n`, 'real/a.md': '# A\n' },
    });
    const link = path.join(home, 'kb');
    fs.symlinkSync(path.join(home, 'real'), link);
    const s = await connect(home);
    try {
      assert.match(await query(s, 'api'), /a\.md — Alpha/);
      fs.rmSync(link);
      fs.symlinkSync(home, link);
      assert.match(await query(s, 'api'), /is your home folder/);
      fs.rmSync(link);
      fs.symlinkSync(path.join(home, 'real'), link);
      assert.match(await query(s, 'api'), /a\.md — Alpha/);
    } finally {
      await s.close();
    }
  });

  test('a config that was broken and is fixed: the next call answers normally', async () => {
    const home = makeHome({
      index: `${INDEX_HEADER}## Tag Index\n### api\n- a.md — Alpha\n`,
      files: { 'knowledge/a.md': '# A\n' },
    });
    const s = await connect(home);
    try {
      writeTree(home, { '.claude/aria-knowledge.local.md': configText({ knowledge_folder: '~/nowhere' }) });
      assert.doesNotMatch(await query(s, 'api'), /a\.md — Alpha/);
      writeTree(home, { '.claude/aria-knowledge.local.md': configText({ knowledge_folder: '~/knowledge' }) });
      assert.match(await query(s, 'api'), /a\.md — Alpha/);
    } finally {
      await s.close();
    }
  });
});
