// `aria-context tags [--json]`: every tag, alias and project key the index offers, with what
// querying it returns (the core's one count, src/core/tagCounts.ts), so a script can compare
// it with `query --json` and the editor shows the same numbers. Exit codes as for `check`.
import { describeCounts, listTags, localDate } from './core';
import { openCommand, type CheckIo, type PathProblem } from './cliCommand';

export function runTags(args: readonly string[], io: CheckIo, pathProblem: PathProblem): number {
  const opened = openCommand('tags', args, io, pathProblem);
  if (!opened.ok) return opened.exit;
  const { options, snapshot } = opened;
  const tags = listTags(snapshot, { today: options.today ?? localDate(io.now()) });
  if (options.json) {
    io.out(
      `${JSON.stringify({ tags: tags.map((t) => ({ name: t.name, kind: t.kind, aliases: t.aliases, counts: t.counts })) }, null, 2)}\n`,
    );
  } else {
    const lines = tags.map(
      (t) =>
        `${t.name} (${t.kind}${t.aliases.length ? `; aliases: ${t.aliases.join(', ')}` : ''}): ${describeCounts(t.counts)}`,
    );
    io.out(lines.length ? `${lines.join('\n')}\n` : 'The index lists no tags.\n');
  }
  return 0;
}
