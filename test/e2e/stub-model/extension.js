// Test-only chat model (never shipped). Scripted and deterministic:
// - a user message "call <fragment> <query…>" makes it call the first offered tool whose name
//   contains <fragment>, with { query };
// - once a tool result is in the conversation it answers "STUB SAW: " + that result's text;
// - anything else is answered "STUB: " + the user's text.
// Every request is appended as one JSON line to $ARIA_STUB_LOG, for the e2e test to read.
const fs = require('fs');
const vscode = require('vscode');

function log(entry) {
  const file = process.env.ARIA_STUB_LOG;
  if (file) fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

function partsText(parts) {
  return (parts || []).map((p) => (typeof p?.value === 'string' ? p.value : '')).join('');
}

/**
 * Invokes the MCP server's knowledge_query through VS Code's own tool service (vscode.lm.tools /
 * invokeTool), as agent mode would, and logs what came back.
 */
async function invokeMcpQuery(query) {
  const names = vscode.lm.tools.map((t) => t.name);
  const tool = vscode.lm.tools.find((t) => t.name.includes('knowledge_query'));
  log({ event: 'tools', names });
  if (!tool) return;
  try {
    const result = await vscode.lm.invokeTool(tool.name, { input: { query }, toolInvocationToken: undefined });
    log({ event: 'invoked', tool: tool.name, text: partsText(result.content) });
  } catch (err) {
    log({ event: 'invokeFailed', tool: tool.name, message: String(err && err.message) });
  }
}

async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('ariaStub.invokeMcpQuery', () => invokeMcpQuery('stripe')),
  );
  log({ event: 'activate', hasApi: typeof vscode.lm?.registerLanguageModelChatProvider === 'function' });
  if (typeof vscode.lm?.registerLanguageModelChatProvider !== 'function') return;
  const model = {
    id: 'aria-stub-model',
    name: 'Aria Stub',
    family: 'aria-stub',
    version: '1.0.0',
    maxInputTokens: 200000,
    maxOutputTokens: 8000,
    isUserSelectable: true,
    capabilities: { toolCalling: true, imageInput: false },
  };
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider('aria-stub', {
      provideLanguageModelChatInformation() {
        return [model];
      },
      async provideLanguageModelChatResponse(_model, messages, options, progress) {
        const tools = (options.tools || []).map((t) => t.name);
        const results = [];
        let lastUser = '';
        for (const m of messages) {
          for (const part of m.content || []) {
            if (
              part instanceof vscode.LanguageModelToolResultPart ||
              (part && part.callId && Array.isArray(part.content))
            ) {
              results.push(partsText(part.content));
            }
          }
          if (m.role === vscode.LanguageModelChatMessageRole.User) {
            const text = partsText(m.content);
            if (text) lastUser = text;
          }
        }
        // The whole prompt (capped), so a test can see which files' contents reached the model.
        log({
          event: 'request',
          tools,
          lastUser: lastUser.slice(-300),
          prompt: lastUser.slice(0, 100000),
          toolResults: results.length,
        });
        if (results.length > 0) {
          progress.report(new vscode.LanguageModelTextPart(`STUB SAW: ${results[results.length - 1].slice(0, 4000)}`));
          return;
        }
        const call = /call (\S+) (.+)$/m.exec(lastUser);
        const tool = call && tools.find((name) => name.includes(call[1]));
        if (tool) {
          log({ event: 'toolCall', tool, query: call[2].trim() });
          progress.report(new vscode.LanguageModelToolCallPart(`stub-${Date.now()}`, tool, { query: call[2].trim() }));
          return;
        }
        progress.report(new vscode.LanguageModelTextPart(`STUB: ${lastUser.slice(-200)}`));
      },
      provideTokenCount(_model, text) {
        return Math.ceil((typeof text === 'string' ? text : JSON.stringify(text)).length / 4);
      },
    }),
  );
  // The workbench loads extension-provided models only when one is asked for: without this,
  // the chat's first request finds no model and ends with "Language model unavailable".
  const models = await vscode.lm.selectChatModels({ vendor: 'aria-stub' });
  log({ event: 'models', count: models.length });
}

module.exports = { activate, deactivate() {} };
