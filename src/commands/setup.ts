// `aria-context setup`: dist/commands/setup.js. It registers the launcher (dist/cli.js), not this bundle.
import type { CliIo } from '../cliCommand';
import { processSetupIo, runSetup } from '../cliSetup';

export const run = (argv: string[], io: CliIo): number =>
  runSetup(argv.slice(1), processSetupIo(io.out, io.env, io.cliFile ?? __filename));
