// `aria-context hook`: dist/commands/hook.js.
import type { CliIo } from '../cliCommand';
import { readStdin, runHook } from '../cliHook';

export const run = (argv: string[], io: CliIo): number =>
  runHook(argv.slice(1), { ...io, stdin: io.stdin ?? readStdin });
