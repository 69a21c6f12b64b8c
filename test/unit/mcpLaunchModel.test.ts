import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { MCP_PROVIDER_ID, mcpLaunch } from '../../src/vscode/mcpServer/mcpLaunchModel';
import { repoRoot } from '../helpers';

const base = {
  execPath: '/opt/code/code',
  serverJs: '/ext/dist/mcp.js',
  version: '1.2.3',
  configFileExists: () => true,
};

test('the MCP server starts with the editor’s Node as plain Node on the bundled server, with no settings no arguments', () => {
  const launch = mcpLaunch({ ...base, settings: {} });
  assert.deepEqual(launch, {
    label: 'aria-context',
    command: '/opt/code/code',
    args: ['/ext/dist/mcp.js'],
    env: { ELECTRON_RUN_AS_NODE: '1' },
    version: '1.2.3',
  });
});

test('the machine-scoped settings become the server’s --config, --folder and --projects-root', () => {
  const launch = mcpLaunch({
    ...base,
    settings: { knowledgeFolder: '~/kb', configFile: '/c/aria.md', projectsRoot: '~/code' },
  });
  assert.deepEqual(launch.args, [
    '/ext/dist/mcp.js',
    '--config',
    '/c/aria.md',
    '--folder',
    '~/kb',
    '--projects-root',
    '~/code',
  ]);
});

test('a configFile setting naming no file is left out, as the extension falls through to the next location', () => {
  const launch = mcpLaunch({ ...base, configFileExists: () => false, settings: { configFile: '/missing.md' } });
  assert.deepEqual(launch.args, ['/ext/dist/mcp.js']);
});

test('the manifest contributes the provider id the extension registers, and the .vsix ships dist/mcp.js', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    contributes: { mcpServerDefinitionProviders?: Array<{ id: string; label: string }> };
  };
  assert.deepEqual(manifest.contributes.mcpServerDefinitionProviders, [{ id: MCP_PROVIDER_ID, label: 'aria-context' }]);
  const ignore = fs.readFileSync(path.join(repoRoot, '.vscodeignore'), 'utf8').split('\n');
  assert.ok(ignore.includes('!dist/mcp.js'));
});

test('ariaContext.mcp.logLevel info passes --log-level info; the default (warnings and errors) passes nothing', () => {
  assert.deepEqual(mcpLaunch({ ...base, settings: {}, logLevel: 'info' }).args, [
    '/ext/dist/mcp.js',
    '--log-level',
    'info',
  ]);
  assert.deepEqual(mcpLaunch({ ...base, settings: {}, logLevel: 'warn' }).args, ['/ext/dist/mcp.js']);
  assert.deepEqual(mcpLaunch({ ...base, settings: {}, logLevel: '--folder=/etc' }).args, ['/ext/dist/mcp.js']);
});

test('the language-model tools are contributed behind the context key the extension sets, and a setting asks for them', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    contributes: {
      languageModelTools: Array<{ when?: string }>;
      configuration: { properties: Record<string, { default?: unknown }> };
    };
  };
  assert.ok(manifest.contributes.languageModelTools.every((t) => t.when === 'ariaContext.languageModelTools'));
  assert.equal(manifest.contributes.configuration.properties['ariaContext.chat.languageModelTools'].default, false);
});
