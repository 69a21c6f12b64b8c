// Warm and live: config and index.md are parsed once and re-read only when a cheap stat says
// they changed (the config candidates, then index.md), so every call sees the disk as it is
// now without re-parsing it. Project-tier folders re-check their own mtimes in CoreCache.
// One small port, to be swapped for the core's KnowledgeBase when it lands.
import * as fs from 'node:fs';
import { configCandidates, CoreCache, indexPath, loadConfig, readIndexFor, type Config, type ConfigSources, type SnapshotOutcome } from '../core';

/** Identity and version of a file: a write, a replace (rename over it) or a removal changes it. */
function fileStamp(p: string): string {
  try {
    const s = fs.statSync(p);
    return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
  } catch {
    return '-';
  }
}

export class LiveSnapshot {
  readonly cache = new CoreCache();
  private configStamp: string | undefined;
  private config: Config | undefined;
  private indexStamp: string | undefined;
  private outcome: SnapshotOutcome | undefined;
  private readCount = 0;

  constructor(private readonly sources: ConfigSources) {}

  /** How many times the config or the index was (re)read: diagnostics. */
  get reads(): number {
    return this.readCount;
  }

  /** The snapshot as the disk is now. Stamps are taken before reading: a write during a read is seen next call. */
  current(): SnapshotOutcome {
    const configStamp = configCandidates(this.sources).map(fileStamp).join('|');
    if (configStamp !== this.configStamp || !this.outcome) {
      this.configStamp = configStamp;
      this.indexStamp = undefined;
      this.cache.invalidate();
      this.readCount++;
      const loaded = loadConfig(this.sources);
      this.config = loaded.ok ? loaded.config : undefined;
      if (!loaded.ok) this.outcome = loaded;
    }
    if (!this.config) return this.outcome!; // not configured: only a config change alters that
    const stamp = fileStamp(indexPath(this.config));
    if (stamp !== this.indexStamp || !this.outcome) {
      this.indexStamp = stamp;
      this.readCount++;
      this.outcome = readIndexFor(this.config);
    }
    return this.outcome;
  }
}
