// `aria-context index`: dist/commands/index.js.
import { relativePathProblem, type CliIo } from '../cliCommand';
import { runIndex } from '../cliIndex';

export const run = (argv: string[], io: CliIo): number => runIndex(argv.slice(1), io, relativePathProblem);
