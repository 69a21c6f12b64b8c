// What the MCP server writes to stderr: VS Code shows each line as a warning, so by default only
// warnings and errors; --log-level info (or the environment) adds what the server does.
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixtureHome } from '../helpers';
import { leveledLog, logLevelOf } from '../../src/mcp/logLevel';
import { parseMcpArgs } from '../../src/mcp/main';
import { connect } from './client';

describe('MCP server log level', () => {
  test('the flag wins over the environment; a bad environment value falls back to warnings and errors', () => {
    assert.equal(logLevelOf(undefined, {}), 'warn');
    assert.equal(logLevelOf(undefined, { ARIA_CONTEXT_MCP_LOG_LEVEL: ' INFO ' }), 'info');
    assert.equal(logLevelOf(undefined, { ARIA_CONTEXT_MCP_LOG_LEVEL: 'verbose' }), 'warn');
    assert.equal(logLevelOf('error', { ARIA_CONTEXT_MCP_LOG_LEVEL: 'info' }), 'error');
    assert.deepEqual(parseMcpArgs(['--log-level', 'loud']), {
      kind: 'error',
      message: '--log-level is one of error, warn, info (got "loud").',
    });
    assert.deepEqual(parseMcpArgs(['--log-level=info']), { kind: 'run', options: { logLevel: 'info' } });
  });

  test('a line is written only at or above the threshold, problems marked with their level', () => {
    const lines: string[] = [];
    const log = leveledLog('warn', (l) => lines.push(l));
    log('loaded');
    log('config odd', 'warn');
    log('broke', 'error');
    assert.deepEqual(lines, ['warn: config odd', 'error: broke']);
  });

  test('by default a working session writes nothing to stderr; with --log-level info it tells what it does', async () => {
    const { home, golden } = fixtureHome();
    const quiet = await connect(home, ['--today', golden.today]);
    await quiet.client.callTool({ name: 'knowledge_query', arguments: { query: 'stripe' } });
    await quiet.close();
    assert.equal(quiet.stderr(), '', 'nothing but warnings and errors by default');

    const loud = await connect(home, ['--today', golden.today, '--log-level', 'info']);
    await loud.client.callTool({ name: 'knowledge_query', arguments: { query: 'stripe' } });
    await loud.close();
    assert.match(loud.stderr(), /Serving .* over stdio/);
    assert.match(loud.stderr(), /Loaded state ready/);
  });
});
