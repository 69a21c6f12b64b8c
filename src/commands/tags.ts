// `aria-context tags`: dist/commands/tags.js.
import { relativePathProblem, type CliIo } from '../cliCommand';
import { runTags } from '../cliTags';

export const run = (argv: string[], io: CliIo): number => runTags(argv.slice(1), io, relativePathProblem);
