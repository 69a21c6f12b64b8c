// The memory bound (§F44) as the tests hold front ends to it: a child process run under
// `--max-old-space-size` set to 16× index.md's size plus 64 MB, whose output must hold an answer
// or one clear refusal and never V8's "heap out of memory" abort or a native stack trace.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { repoRoot } from '../helpers';

/** The heap (MB) any front end may use for an index.md of `bytes` (§F44). */
export const heapBoundMb = (bytes: number) => Math.ceil((16 * bytes) / (1 << 20)) + 64;

/** What a process crashed by V8 prints, and what a user must never see. */
export const FATAL = /heap out of memory|FATAL ERROR|Native stack|node::|v8::internal|^\s+at /im;

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Written to stdin; stdin stays open until `done` says the output is complete. */
  input?: string;
  done?: (stdout: string) => boolean;
  /** Killed past this (a hang bound from test/timing.ts, never a duration asserted). */
  hangMs: number;
  env?: Record<string, string>;
}

/** `node --max-old-space-size=<mb> …args` with only PATH and HOME set, in the repository. */
export function runUnderHeap(args: string[], home: string, mb: number, options: RunOptions): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${mb}`, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: home, ARIA_CONTEXT_NO_CACHE: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.hangMs);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (options.done?.(stdout)) child.stdin.end();
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdin.on('error', () => {}); // a child that exits first closes its stdin: the result says why
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    if (options.input !== undefined) child.stdin.write(options.input);
    if (!options.done) child.stdin.end();
  });
}

/** Neither killed (hang bound) nor crashed: no V8 abort, no stack trace on stderr. */
export function assertNoFatal(r: Run, where: string): void {
  assert.equal(r.signal, null, `${where}: killed by ${r.signal}\n${r.stderr.slice(0, 2000)}`);
  assert.doesNotMatch(r.stderr, FATAL, `${where}: a fatal error reached the user:\n${r.stderr.slice(0, 2000)}`);
  assert.doesNotMatch(
    r.stdout,
    /heap out of memory|FATAL ERROR|Native stack/i,
    `${where}: a fatal error reached the user:\n${r.stdout.slice(0, 2000)}`,
  );
}
