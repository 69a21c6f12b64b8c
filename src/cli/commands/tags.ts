// `aria-context tags [--json]`: every tag, alias and project key the index offers, with what
// querying it returns (the core's one count, src/core/match/tagCounts.ts), so a script can compare
// it with `query --json` and the editor shows the same numbers. Exit codes as for `check`.
import { describeCounts, ITEMS_OVER, listTags, localDate } from '../../core';
import { openCommand, relativePathProblem, type CheckIo, type CliIo, type PathProblem } from '../command';

export function runTags(args: readonly string[], io: CheckIo, pathProblem: PathProblem): number {
  const opened = openCommand('tags', args, io, pathProblem);
  if (!opened.ok) return opened.exit;
  const { options, snapshot } = opened;
  const tags = listTags(snapshot, { today: options.today ?? localDate(io.now()) });
  // Written in batches as they are counted: the whole listing is never held as one text.
  const batch: string[] = [];
  let written = 0;
  const flush = (end = '') => {
    if (batch.length || end) io.out(`${batch.join('')}${end}`);
    batch.length = 0;
  };
  for (const t of tags) {
    const record = { name: t.name, kind: t.kind, aliases: t.aliases, counts: t.counts };
    if (options.json) {
      // The same text as JSON.stringify({ tags }, null, 2): each entry indented under the list.
      batch.push(
        `${written ? ',\n' : '{\n  "tags": [\n'}    ${JSON.stringify(record, null, 2).replace(/\n/g, '\n    ')}`,
      );
    } else {
      batch.push(
        `${t.name} (${t.kind}${t.aliases.length ? `; aliases: ${t.aliases.join(', ')}` : ''}): ${describeCounts(t.counts)}\n`,
      );
    }
    written++;
    if (batch.length >= 1000) flush();
  }
  // §F44 An index.md cut at its item budget: what was read is listed, and the cut is said (exit 1).
  const cut = snapshot.index.warnings.filter((w) => w.includes(ITEMS_OVER));
  if (options.json) {
    const warnings = cut.length ? `,\n  "warnings": ${JSON.stringify(cut)}` : '';
    flush(written ? `\n  ]${warnings}\n}\n` : `{\n  "tags": []${warnings}\n}\n`);
  } else {
    const none = cut.length ? 'No tags were read before the cut below.\n' : 'The index lists no tags.\n';
    flush(`${written ? '' : none}${cut.map((w) => `Warning: ${w}\n`).join('')}`);
  }
  return cut.length ? 1 : 0;
}

/** The launcher's entry: dist/commands/tags.js. */
export const run = (argv: string[], io: CliIo): number => runTags(argv.slice(1), io, relativePathProblem);
