// The text editors under `aria-context setup`: a strict JSON reader with positions and edits that
// touch only setup's own entries (every other byte kept, whatever the numbers and whitespace),
// the TOML statement scanner and string escaping for Codex, and the hooks/server edits.
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  editHooks,
  editJsonServer,
  editTomlServer,
  hookCommand,
  hookTarget,
} from '../../src/core/setupText/agentFiles';
import { JsonTextError, parseJsonText } from '../../src/core/setupText/jsonText';
import { lineDiff } from '../../src/core/setupText/lineDiff';
import { setTomlTable, tomlStatements, tomlString } from '../../src/core/setupText/tomlText';

const ours = hookCommand('/opt/node 24/bin/node', "/u/it's/aria-context/dist/cli.js", 'claude-code');
const isOurs = (c: string) => c === ours;

/** Settings texts with numbers JSON.parse would rewrite, odd whitespace, CRLF, tabs, other hooks. */
const SHAPES = [
  '{"n":12345678901234567890,"f":1.0,"e":1E+2,"z":-0,"big":1e400}',
  '{\r\n\t"n": 12345678901234567890 ,\r\n\t"hooks" : {\r\n\t\t"Stop" : [ ]\r\n\t}\r\n}\r\n',
  '  {  }  ',
  '{"hooks":{"UserPromptSubmit":[{"matcher":"","hooks":[{"type":"command","command":"node /opt/other-tool/dist/cli.js hook claude-code --redact-secrets"},{"type":"command","command":"aria-context hook claude-code"}]}],"SessionStart":[{"hooks":[{"type":"command","command":"/usr/bin/node /home/u/aria-context/dist/cli.js hook codex","timeout":5}]}]},"s":"\\u00e9\\/"}',
  '{\n    "a": [1.50, 2.0e-3],\n    "hooks": {\n        "UserPromptSubmit": [\n            {"hooks": [{"type": "command", "command": "echo 1"}]}\n        ]\n    }\n}',
  '\ufeff{"x": {"y": [[], {}, "\\"quoted\\""]}}\n',
];

describe('JSON text edits keep every other byte', () => {
  test('hooks added then removed give back the text exactly; the values are right in between', () => {
    for (const shape of SHAPES) {
      const added = editHooks(shape, isOurs, ours);
      assert.equal(added.refused, undefined, shape);
      const parsed = JSON.parse(added.text.replace(/^\ufeff/, ''));
      for (const event of ['UserPromptSubmit', 'SessionStart'])
        assert.deepEqual(
          parsed.hooks[event].at(-1),
          { hooks: [{ type: 'command', command: ours, timeout: 10 }] },
          shape,
        );
      // once only, and other hooks untouched
      assert.equal(editHooks(added.text, isOurs, ours).text, added.text, shape);
      for (const other of [...shape.matchAll(/"command":"([^"]+)"/g)].map((m) => m[1]))
        assert.ok(added.text.includes(other), `${other} kept`);
      assert.equal(editHooks(added.text, isOurs, null).text, shape, shape);
    }
  });

  test("a newer command takes the old one's place; stray copies of ours go; others stay", () => {
    const old = hookCommand('/old/node', '/old/cli.js', 'claude-code');
    const text = `{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":${JSON.stringify(old)}},{"type":"command","command":"echo keep"}]},{"hooks":[{"type":"command","command":${JSON.stringify(old)}}]}],"Stop":[{"hooks":[{"type":"command","command":${JSON.stringify(old)}}]}]}}`;
    const mine = (c: string) => c === old || c === ours;
    const next = JSON.parse(editHooks(text, mine, ours).text);
    assert.deepEqual(next.hooks.UserPromptSubmit, [
      {
        hooks: [
          { type: 'command', command: ours },
          { type: 'command', command: 'echo keep' },
        ],
      },
    ]);
    assert.equal(next.hooks.Stop, undefined);
    assert.deepEqual(next.hooks.SessionStart, [{ hooks: [{ type: 'command', command: ours, timeout: 10 }] }]);
  });

  test('a hook is ours only by its exact command: look-alikes of every kind are kept', () => {
    const lookAlikes = [
      'node /opt/other-tool/dist/cli.js hook claude-code --redact-secrets',
      `${ours} `,
      ours.replace('exit 0', 'exit 1'),
      hookCommand('/opt/node 24/bin/node', "/u/it's/aria-context/dist/cli.js", 'codex'),
      'aria-context hook claude-code',
    ];
    const text = JSON.stringify({
      hooks: { UserPromptSubmit: lookAlikes.map((command) => ({ hooks: [{ type: 'command', command }] })) },
    });
    const removed = JSON.parse(editHooks(text, isOurs, null).text);
    assert.deepEqual(
      removed.hooks.UserPromptSubmit.map((g: { hooks: { command: string }[] }) => g.hooks[0].command),
      lookAlikes,
    );
  });

  test('the server entry is set in place and removed with the container it made', () => {
    const text = '{\n\t"numStartups": 12345678901234567890,\n\t"f": 1.0\n}\n';
    const entry = { type: 'stdio', command: '/n', args: ['/c.js', 'mcp'] };
    const added = editJsonServer(text, entry).text;
    assert.deepEqual(JSON.parse(added).mcpServers['aria-context'], entry);
    assert.match(added, /12345678901234567890/);
    const replaced = editJsonServer(added, { ...entry, command: '/m' }).text;
    assert.equal(JSON.parse(replaced).mcpServers['aria-context'].command, '/m');
    assert.equal(editJsonServer(replaced, null).text, text);
    const withOther = '{"mcpServers": {"other": {"command": "x"}, "aria-context": {}}, "n": 1.0}';
    assert.equal(editJsonServer(withOther, null).text, '{"mcpServers": {"other": {"command": "x"}}, "n": 1.0}');
  });

  test('what is not JSON, or not the expected shape, is refused, never guessed', () => {
    for (const bad of [
      '{"a": 1,}',
      '{// c\n}',
      '{"a": 01}',
      '{"a": "\t"}',
      "{'a': 1}",
      '{"a": 1} x',
      '[1]',
      '{"a": NaN}',
    ])
      assert.throws(() => editHooks(bad, isOurs, ours), bad);
    assert.throws(() => parseJsonText('['.repeat(100_000)), JsonTextError);
    assert.match(editHooks('{"hooks": []}', isOurs, ours).refused ?? '', /not an object/);
    assert.match(editHooks('{"hooks": {"SessionStart": {}}}', isOurs, ours).refused ?? '', /not a list/);
    assert.match(editJsonServer('{"mcpServers": 1}', {}).refused ?? '', /not an object/);
  });

  test('the hook command finds its own Node and cli.js back, and nothing else', () => {
    assert.deepEqual(hookTarget(ours), { node: '/opt/node 24/bin/node', cli: "/u/it's/aria-context/dist/cli.js" });
    assert.equal(hookTarget('node /opt/other-tool/dist/cli.js hook claude-code'), null);
  });
});

describe('TOML for Codex', () => {
  test('a basic string escapes every control character, DEL and C1 included, and reads back', () => {
    for (let c = 0; c <= 0xa0; c++) {
      const s = `/p${String.fromCharCode(c)}q"\\`;
      const quoted = tomlString(s);
      assert.ok(
        [...quoted].every((ch) => ch.charCodeAt(0) >= 0x20 && (ch.charCodeAt(0) < 0x7f || ch.charCodeAt(0) > 0x9f)),
        `U+${c.toString(16)}`,
      );
      assert.deepEqual(tomlStatements(`${quoted} = 1\n`)[0].path, [s], `U+${c.toString(16)}`);
    }
  });

  test('our table is added, replaced and removed; every other line keeps its bytes', () => {
    const shapes = [
      '',
      'model = "o3"   # keep\n',
      'x = 1.0\n[mcp_servers.other]\nargs = [ "x",\n  "y" ]  # two lines\n\n[other]\ns = """\n[mcp_servers.aria-context]\n"""\n',
      "a = 'lit'\n[[arr]]\nb = { c = 1, d = [1, 2] }\n",
      'no-newline = true',
    ];
    const table = '[mcp_servers.aria-context]\ncommand = "/n"\nargs = ["/c.js", "mcp"]\n';
    for (const shape of shapes) {
      const added = editTomlServer(shape, table).text;
      assert.ok(added.includes(table), shape);
      const replaced = editTomlServer(added, table.replace('/n', '/m')).text;
      assert.equal(replaced, added.replace('"/n"', '"/m"'), shape);
      const removed = editTomlServer(replaced, null).text;
      assert.equal(removed, shape.endsWith('\n') || shape === '' ? shape : `${shape}\n`, shape);
    }
  });

  test('the same keys written another way are refused, not doubled', () => {
    for (const text of [
      'mcp_servers.aria-context.command = "x"\n',
      '[mcp_servers]\naria-context = { command = "x" }\n',
      'mcp_servers = { other = { command = "x" } }\n',
      '[[mcp_servers.aria-context]]\n',
    ])
      assert.ok(setTomlTable(text, ['mcp_servers', 'aria-context'], '[mcp_servers.aria-context]\n').refused, text);
    assert.throws(() => tomlStatements('a = "unterminated\n'));
  });
});

test('the line diff shows removals and additions, each once', () => {
  const diff = lineDiff('a\nb\nc\nd\ne\n', 'a\nB\nc\nd\ne\nf\n');
  assert.equal(diff, '@@ line 1 @@\n  a\n- b\n+ B\n  c\n@@ line 5 @@\n  e\n+ f\n');
  assert.equal(lineDiff('x\n', 'x\n'), '');
});

test('the line diff stays exact on long files and on changes far apart', () => {
  const lines = Array.from({ length: 50_000 }, (_, i) => `line ${i}`);
  const before = `${lines.join('\n')}\n`;
  const changed = [...lines];
  changed[10] = 'changed 10';
  changed.splice(40_000, 0, 'inserted');
  const diff = lineDiff(before, `${changed.join('\n')}\n`);
  assert.equal(
    diff,
    '@@ line 10 @@\n  line 9\n- line 10\n+ changed 10\n  line 11\n@@ line 40000 @@\n  line 39999\n+ inserted\n  line 40000\n',
  );
});

test('an event written twice: ours is removed from the member it is in, not from the last of that name', () => {
  const other = '{"type":"command","command":"echo keep"}';
  const mine = `{"type":"command","command":${JSON.stringify(ours)}}`;
  const text = `{"hooks":{"SessionStart":[{"hooks":[${mine}]}],"SessionStart":[{"hooks":[${other}]}]}}`;
  assert.equal(editHooks(text, isOurs, null).text, `{"hooks":{"SessionStart":[{"hooks":[${other}]}]}}`);
});
