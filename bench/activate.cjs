'use strict';
// Bench-only child: loads a built dist/extension.js in plain Node with a minimal stub of the
// `vscode` module, calls activate(), and prints one JSON line. The stub exists only in this
// process; the real workbench figure comes from the e2e log ("Activated in N ms").
// Usage: node bench/activate.cjs <dist/extension.js> <HOME>
const Module = require('node:module');
const path = require('node:path');

const [extensionJs, home] = process.argv.slice(2);
process.env.HOME = home;
delete process.env.KT_CONFIG;
delete process.env.ARIA_KNOWLEDGE_CONFIG;

const logged = [];
const STUB_ID = path.join(__dirname, '__vscode_stub__.js');

/** Anything not modelled below: callable, constructible, every property another such value. */
function permissive(name) {
  const cache = new Map();
  const target = function () {};
  return new Proxy(target, {
    get(_t, prop) {
      if (prop === 'then') return undefined; // never look like a promise
      if (prop === Symbol.toPrimitive) return () => '';
      if (prop === Symbol.iterator) return function* () {};
      if (prop === 'dispose') return () => {};
      if (!cache.has(prop)) cache.set(prop, permissive(`${name}.${String(prop)}`));
      return cache.get(prop);
    },
    apply() {
      return permissive(`${name}()`);
    },
    construct() {
      return permissive(`new ${name}`);
    },
  });
}

function withFallback(object, name) {
  return new Proxy(object, {
    get(t, prop) {
      if (prop in t) return t[prop];
      if (prop === 'then') return undefined;
      const value = permissive(`${name}.${String(prop)}`);
      t[prop] = value;
      return value;
    },
  });
}

class StubDisposable {
  constructor(fn) {
    this.fn = fn;
  }
  static from(...items) {
    return new StubDisposable(() => items.forEach((d) => d && d.dispose && d.dispose()));
  }
  dispose() {
    if (this.fn) this.fn();
  }
}
const disposable = () => new StubDisposable(() => {});

class EventEmitter {
  constructor() {
    this.listeners = [];
    this.event = (listener) => {
      this.listeners.push(listener);
      return new StubDisposable(() => {});
    };
  }
  fire(value) {
    for (const l of this.listeners) l(value);
  }
  dispose() {}
}

const uri = (fsPath) => ({
  scheme: 'file',
  fsPath,
  path: fsPath,
  toString: () => `file://${fsPath}`,
  with: () => uri(fsPath),
});
const Uri = {
  file: uri,
  parse: (s) => uri(s.replace(/^file:\/\//, '')),
  joinPath: (base, ...parts) => uri(path.join(base.fsPath, ...parts)),
};

const outputChannel = (name) =>
  withFallback(
    {
      name,
      appendLine: (line) => logged.push(String(line)),
      append: (text) => logged.push(String(text)),
      info: (...args) => logged.push(args.join(' ')),
      warn: (...args) => logged.push(args.join(' ')),
      error: (...args) => logged.push(args.join(' ')),
      debug: () => {},
      trace: () => {},
      show: () => {},
      clear: () => {},
      dispose: () => {},
    },
    'OutputChannel',
  );

const configuration = () =>
  withFallback(
    {
      get: (_key, fallback) => fallback,
      has: () => false,
      inspect: () => undefined,
      update: () => Promise.resolve(),
    },
    'WorkspaceConfiguration',
  );

const watcher = () =>
  withFallback(
    { onDidChange: () => disposable(), onDidCreate: () => disposable(), onDidDelete: () => disposable(), dispose() {} },
    'FileSystemWatcher',
  );

const event = () => () => disposable();

const vscode = withFallback(
  {
    Disposable: StubDisposable,
    EventEmitter,
    Uri,
    RelativePattern: class {
      constructor(base, pattern) {
        this.base = base;
        this.pattern = pattern;
      }
    },
    TreeItem: class {
      constructor(label, state) {
        this.label = label;
        this.collapsibleState = state;
      }
    },
    ThemeIcon: class {
      constructor(id) {
        this.id = id;
      }
    },
    MarkdownString: class {
      constructor(value = '') {
        this.value = value;
      }
      appendMarkdown(s) {
        this.value += s;
        return this;
      }
      appendText(s) {
        this.value += s;
        return this;
      }
    },
    TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
    ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
    QuickPickItemKind: { Separator: -1, Default: 0 },
    StatusBarAlignment: { Left: 1, Right: 2 },
    ViewColumn: { Active: -1, Beside: -2, One: 1 },
    ExtensionMode: { Production: 1, Development: 2, Test: 3 },
    LogLevel: { Off: 0, Trace: 1, Debug: 2, Info: 3, Warning: 4, Error: 5 },
    version: '1.95.0',
    env: withFallback(
      { clipboard: { writeText: () => Promise.resolve() }, language: 'en', appName: 'bench-stub' },
      'env',
    ),
    window: withFallback(
      {
        createOutputChannel: (name) => outputChannel(name),
        registerTreeDataProvider: () => disposable(),
        createTreeView: () => withFallback({ dispose() {}, onDidChangeVisibility: event() }, 'TreeView'),
        createStatusBarItem: () => withFallback({ show() {}, hide() {}, dispose() {} }, 'StatusBarItem'),
        showInformationMessage: () => Promise.resolve(undefined),
        showWarningMessage: () => Promise.resolve(undefined),
        showErrorMessage: () => Promise.resolve(undefined),
        onDidChangeActiveTextEditor: event(),
        activeTextEditor: undefined,
      },
      'window',
    ),
    workspace: withFallback(
      {
        getConfiguration: configuration,
        onDidChangeConfiguration: event(),
        onDidGrantWorkspaceTrust: event(),
        onDidChangeWorkspaceFolders: event(),
        createFileSystemWatcher: () => watcher(),
        workspaceFolders: undefined,
        isTrusted: true,
      },
      'workspace',
    ),
    commands: withFallback(
      { registerCommand: () => disposable(), executeCommand: () => Promise.resolve(undefined) },
      'commands',
    ),
    chat: withFallback({ createChatParticipant: () => withFallback({ dispose() {} }, 'ChatParticipant') }, 'chat'),
    lm: withFallback({ registerTool: () => disposable(), tools: [] }, 'lm'),
  },
  'vscode',
);

// The bundle reads the module through esbuild's ESM wrapper, which copies its own properties
// once: every namespace and class the extension touches must exist up front, not on first get.
for (const name of [
  'languages',
  'extensions',
  'Diagnostic',
  'DiagnosticSeverity',
  'DiagnosticRelatedInformation',
  'CodeActionKind',
  'CodeAction',
  'WorkspaceEdit',
  'Location',
  'Position',
  'Range',
  'ProgressLocation',
  'QuickInputButtons',
  'LanguageModelToolResult',
  'LanguageModelTextPart',
  'LanguageModelChatMessage',
]) {
  void vscode[name];
}

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'vscode') return STUB_ID;
  return resolve.call(this, request, ...rest);
};
const stubModule = new Module(STUB_ID);
stubModule.filename = STUB_ID;
stubModule.loaded = true;
stubModule.exports = vscode;
require.cache[STUB_ID] = stubModule;

const memento = () => {
  const store = new Map();
  return {
    get: (k, d) => (store.has(k) ? store.get(k) : d),
    update: (k, v) => (store.set(k, v), Promise.resolve()),
    keys: () => [...store.keys()],
    setKeysForSync() {},
  };
};
const extensionDir = path.dirname(path.dirname(path.resolve(extensionJs)));
const context = withFallback(
  {
    subscriptions: [],
    extensionPath: extensionDir,
    extensionUri: uri(extensionDir),
    globalState: memento(),
    workspaceState: memento(),
    extensionMode: 1,
    asAbsolutePath: (p) => path.join(extensionDir, p),
    logUri: uri(path.join(extensionDir, '.bench-log')),
    globalStorageUri: uri(path.join(extensionDir, '.bench-storage')),
    storageUri: undefined,
  },
  'ExtensionContext',
);

async function main() {
  const t0 = performance.now();
  const ext = require(path.resolve(extensionJs));
  const t1 = performance.now();
  let error = null;
  try {
    await ext.activate(context);
  } catch (err) {
    error = String((err && err.message) || err);
  }
  const t2 = performance.now();
  const line = logged.find((l) => /Activated in\s+[\d.]+\s*ms/.test(l));
  const m = line ? /Activated in\s+([\d.]+)\s*ms/.exec(line) : null;
  process.stdout.write(
    `${JSON.stringify({ requireMs: t1 - t0, activateMs: t2 - t1, totalMs: t2 - t0, loggedMs: m ? Number(m[1]) : null, error, logged: logged.slice(0, 20) })}\n`,
  );
  for (const d of context.subscriptions) {
    try {
      d?.dispose?.();
    } catch {
      /* stub teardown */
    }
  }
  process.exit(0);
}
main();
