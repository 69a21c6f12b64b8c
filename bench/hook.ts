// `aria-context hook claude-code` as Claude Code runs it: the whole process, the hook JSON on
// stdin, warm (the index cache holds this index.md), paired with the same bare `node -e` read +
// split of index.md as the CLI rows, so load on the machine cancels out. Each run is a new
// session, so every run pushes notes and writes the ledger (the full path, never the early exit).
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface HookBench {
  hookMs: number[];
  floorMs: number[];
  ratios: number[];
}

function timed(args: string[], env: NodeJS.ProcessEnv, input?: string): { ms: number; stdout: string } {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { env, input: input ?? '', encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout };
}

/** `prompt` must name two known tags of the folder: a run that pushes nothing is an error. */
export function benchHook(
  cli: string,
  env: NodeJS.ProcessEnv,
  floorArgs: string[],
  prompt: string,
  runs: number,
): HookBench {
  let session = 0;
  const input = () =>
    JSON.stringify({
      session_id: `bench-${process.pid}-${++session}`,
      transcript_path: '/dev/null',
      cwd: '/',
      hook_event_name: 'UserPromptSubmit',
      prompt,
    });
  const args = [cli, 'hook', 'claude-code'];
  const check = timed(args, env, input());
  if (!check.stdout.includes('"additionalContext"'))
    throw new Error(`the hook pushed nothing for "${prompt}": ${check.stdout}`);
  for (let i = 0; i < 2; i++) timed(args, env, input());
  const out: HookBench = { hookMs: [], floorMs: [], ratios: [] };
  for (let i = 0; i < runs; i++) {
    const x = timed(args, env, input()).ms;
    const y = timed(floorArgs, env).ms;
    out.hookMs.push(x);
    out.floorMs.push(y);
    out.ratios.push(x / y);
  }
  return out;
}
