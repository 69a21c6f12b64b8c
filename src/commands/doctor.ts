// `aria-context doctor`: dist/commands/doctor.js. It checks the launcher (dist/cli.js) the clients run, not this bundle.
import type { CliIo } from '../cliCommand';
import { runDoctor } from '../cliDoctor';
import { processSetupIo } from '../cliSetup';

export const run = (argv: string[], io: CliIo): number => {
  const { node, cli } = processSetupIo(io.out, io.env, io.cliFile ?? __filename);
  return runDoctor(argv.slice(1), { ...io, node, cli });
};
