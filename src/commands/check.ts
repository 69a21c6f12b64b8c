// `aria-context check`: dist/commands/check.js.
import { runCheck } from '../cliCheck';
import { relativePathProblem, type CliIo } from '../cliCommand';

export const run = (argv: string[], io: CliIo): number => runCheck(argv.slice(1), io, relativePathProblem);
