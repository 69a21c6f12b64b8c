// "Check on access" for hosts without a file watcher (a CLI-like server, an MCP process): the
// files a snapshot was read from are stamped when it is read and re-stated before each use.
// A few stats per access: index.md and the config candidates. Project folders and the ideas
// folder need nothing here: their cached scans re-check their own folder mtimes (dirStamps.ts).
import * as fs from 'node:fs';

/** mtime and size, or missing: creating or deleting a file counts as a change. */
function stamp(file: string): string {
  try {
    const s = fs.statSync(file);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch {
    return '-';
  }
}

export class AccessStamps {
  private stamps = new Map<string, string>();

  /** Records the files' current state; call before reading them, so a change during the read shows later. */
  take(files: readonly string[]): void {
    this.stamps = new Map(files.map((f) => [f, stamp(f)]));
  }

  /** Adds one more file to the stamps taken. */
  add(file: string): void {
    this.stamps.set(file, stamp(file));
  }

  /** The stamped files whose state differs now. */
  changed(): string[] {
    return [...this.stamps].filter(([file, was]) => stamp(file) !== was).map(([file]) => file);
  }
}
