// `npm run tools:manifest`: writes package.json's languageModelTools from the shared tool
// definitions (src/agent/definitions.ts under the editor's names). Only each tool's
// modelDescription and inputSchema are written; every other key of an entry (its display texts,
// icon, a `when` clause that contributes it behind a setting) is kept as it is.
// test/unit/toolDefinitions.test.ts fails until this has been run after a definition changes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EDITOR_TOOLS } from '../src/vscode/chat/toolHandlers';

const file = path.join(__dirname, '..', 'package.json');
const text = fs.readFileSync(file, 'utf8');
const pkg = JSON.parse(text);
const declared = pkg.contributes.languageModelTools as Array<Record<string, unknown>>;
for (const def of EDITOR_TOOLS) {
  const entry = declared.find((t) => t.name === def.name);
  if (!entry) throw new Error(`package.json declares no language-model tool named ${def.name}: add its entry first`);
  entry.modelDescription = def.description;
  entry.inputSchema = def.inputSchema;
}
const updated = `${JSON.stringify(pkg, null, 2)}\n`;
if (updated !== text) fs.writeFileSync(file, updated);
console.log(`package.json: languageModelTools ${updated === text ? 'already current' : 'written'}`);
