// core/kb/: the knowledge base's lifecycle: its state, the cache, what a change on disk invalidates, check on access.
// The knowledge base's lifecycle in one place: its state (one Snapshot at a time), queries,
// project-tier listings, what to watch, and what a change on disk invalidates. Hosts (the
// editor, a server) drive it: they supply the config sources and "today", and either plug a
// file watcher into the Watcher port or ask for "check on access". Nothing is read until the
// first caller asks for the state.
import { AccessStamps } from './accessStamps';
import { CoreCache } from './cache';
import { routeChanges, watchTargets, type ChangeRoute, type WatchTargets } from './changeRoute';
import { configCandidates, loadConfig } from '../config/config';
import { runQuery, type QueryOptions, type Snapshot } from '../match/engine';
import { afterLoaderFailure, keptMessage } from '../index/indexLoader';
import type { ProjectFile } from '../match/projectTier';
import { failed, stateOf, type KnowledgeState } from './knowledgeState';
import { loadableFiles, type LoadableFile } from '../read/loadableFiles';
import { indexPath, indexStampOpener, readIndexFor } from '../index/snapshot';
import type { Config, QueryResult } from '../types';
import type { Availability } from '../read/availability';
import type { Disposable, KnowledgeBaseOptions, LogLevel, Watcher } from './knowledgeBaseOptions';

export type KnowledgeQueryOutcome =
  | { ok: true; result: QueryResult; text: string }
  | { ok: false; kind: 'usage' | KnowledgeState['kind']; message: string };

/** What listeners hear: a routed change on disk (`files`: a listed note created or deleted), or a reload (settings, trust, Refresh). */
export type KnowledgeChange = Exclude<ChangeRoute, 'none'> | 'reload';

export class KnowledgeBase implements Disposable {
  private readonly cache = new CoreCache();
  private readonly stamps: AccessStamps;
  private current: KnowledgeState | undefined;
  private targets: WatchTargets = watchTargets(null, []);
  private loadCount = 0;
  private watcher: Watcher | undefined;
  private watching: { key: string; handle: Disposable } | undefined;
  private readonly changeListeners = new Set<(change: KnowledgeChange) => void>();
  private readonly loadListeners = new Set<(state: KnowledgeState) => void>();
  private readonly readingListeners = new Set<(reading: boolean) => void>();
  /** Bumped by every synchronous (re)load: a background read begun before it is stale. */
  private generation = 0;
  private background: { again: boolean; configToo: boolean } | undefined;
  /** The config step of the last load, reused by a background read when only index.md changed. */
  private lastRead: ConfigRead | undefined;
  private disposed = false;
  /** The message of the last state that was not ready, so a repeat is not logged again. */
  private lastProblem: string | undefined;
  /** The first read through the loader, while it runs (prepare()). */
  private preparing: Promise<KnowledgeState> | undefined;

  constructor(private readonly options: KnowledgeBaseOptions) {
    this.stamps = new AccessStamps(options.clock);
  }

  /** The current state, reading config + index.md on first use after a change. Never throws. */
  state(): KnowledgeState {
    if (this.current && this.options.checkOnAccess) {
      // A bad configuration may depend on more than the stamped files (where a symlinked folder
      // resolves, a folder created since): re-derived on each call, it recovers once it is good.
      if (this.current.kind === 'notConfigured' || this.current.kind === 'error') this.current = undefined;
      else {
        const changed = this.stamps.changed();
        if (changed.length) this.changed(changed);
      }
    }
    return this.current ?? this.load();
  }

  /**
   * The state, read through the loader when nothing is read yet, so a host with a worker never
   * parses index.md on its own thread for its first read (state() meanwhile still reads in
   * place: a caller that cannot wait gets an answer). Never rejects.
   */
  prepare(): Promise<KnowledgeState> {
    if (this.current || !this.options.loader || this.disposed) return Promise.resolve(this.state());
    return (this.preparing ??= this.prepareThroughLoader().finally(() => (this.preparing = undefined)));
  }

  private async prepareThroughLoader(): Promise<KnowledgeState> {
    const started = performance.now();
    const generation = this.generation;
    const read = this.readConfig();
    const next = 'next' in read ? read.next : await this.loadIndex(read.config);
    // Read in place meanwhile (a caller of state()): that state stands.
    if (this.current) return this.current;
    if (this.disposed) return failed(new Error('The knowledge base was closed.'));
    // Reloaded meanwhile (settings, Refresh): read the newer sources.
    if (generation !== this.generation) return this.prepareThroughLoader();
    // The loader gave up (size, time) with nothing read before to keep: read here, as state() would.
    if ('kept' in next) return this.state();
    this.generation++;
    return this.install(next, read, started);
  }

  snapshot(): Snapshot | undefined {
    const s = this.state();
    return s.kind === 'ready' ? s.snapshot : undefined;
  }

  /** How many times config + index.md have been read (diagnostics, tests). */
  get loads(): number {
    return this.loadCount;
  }

  /** Whether index.md is being re-read in the background (the previous snapshot answers meanwhile). */
  get reading(): boolean {
    return this.background !== undefined;
  }

  /** Fires when a background re-read starts, and when it (and any read it queued) has ended. */
  onDidChangeReading(listener: (reading: boolean) => void): Disposable {
    this.readingListeners.add(listener);
    return { dispose: () => this.readingListeners.delete(listener) };
  }

  /** Whether a state is loaded now (not invalidated since). */
  get isLoaded(): boolean {
    return this.current !== undefined;
  }

  /** One query against one snapshot. No side effect beyond the cache; never throws. */
  query(text: string, shared?: Pick<QueryOptions, 'availability'>): KnowledgeQueryOutcome {
    const s = this.state();
    if (s.kind !== 'ready') return { ok: false, kind: s.kind, message: s.message };
    try {
      const outcome = runQuery(s.snapshot, text, {
        today: this.options.today(),
        cache: this.cache,
        availability: shared?.availability,
      });
      if (!outcome.ok) return { ok: false, kind: 'usage', message: outcome.message };
      if (s.stale) outcome.result.warnings.unshift(s.stale);
      return { ok: true, result: outcome.result, text: text.trim() };
    } catch (err) {
      this.log(`Query "${text}" failed: ${(err as Error).stack ?? String(err)}`, 'error');
      return { ok: false, kind: 'error', message: `The query failed: ${(err as Error).message}` };
    }
  }

  /**
   * The reader's verdicts the queries share: for a pass of counts, a new round (folders are
   * stamped again); `sameRound` for more about the answer the last query gave.
   */
  availability(sameRound = false): Availability | undefined {
    const s = this.state();
    return s.kind === 'ready' ? this.cache.availability(s.snapshot.config, sameRound) : undefined;
  }

  /** Project-tier files of a configured project, through the cache the queries share. */
  projectFiles(tag: string): ProjectFile[] {
    const s = this.state();
    if (s.kind !== 'ready') return [];
    return this.cache.projectScan(s.snapshot.config.knowledgeFolder, tag).files;
  }

  /** The date ages are counted to, as the host supplies it. */
  today(): string {
    return this.options.today();
  }

  /** Every file a load could be asked for (loadableFiles.ts). */
  loadableFiles(): LoadableFile[] {
    const s = this.state();
    return s.kind === 'ready' ? loadableFiles(s.snapshot, this.cache, this.options.today()) : [];
  }

  /** What to watch for the last loaded state (the config candidates and the knowledge folder). */
  watchTargets(): WatchTargets {
    return this.targets;
  }

  /**
   * Changed paths (absolute; already batched by the host) → what they invalidate: the snapshot
   * (index.md, a config file), cache entries (a project's notes, the ideas folder) or nothing.
   */
  changed(paths: readonly string[]): ChangeRoute {
    const ready = this.current?.kind === 'ready' ? this.current.snapshot : undefined;
    const route = routeChanges(paths, this.targets, this.cache, (rel) => ready?.index.files.has(rel) ?? false);
    this.log(
      `Changed on disk: ${paths.map(baseName).join(', ')}${route === 'snapshot' ? ' (re-reading the index)' : route === 'none' ? ' (nothing to update)' : route === 'files' ? ' (a note the index lists: checking the index again)' : ''}`,
    );
    if (route === 'snapshot' && this.options.loader && this.current?.kind === 'ready') {
      const index = indexPath(this.current.snapshot.config);
      this.readInBackground(paths.some((p) => p !== index)); // listeners hear the change when the new snapshot is in
      return route;
    }
    if (route === 'snapshot') this.current = undefined;
    if (route !== 'none') this.emit(route);
    return route;
  }

  /** Everything is re-read on next use: settings changed, trust granted, or Refresh. */
  reload(reason: string): void {
    this.log(`Reload: ${reason}`);
    this.generation++;
    this.current = undefined;
    this.cache.invalidate();
    this.emit('reload');
  }

  /** Drives a host's watcher: (re)started after each load that changes what to watch. */
  connect(watcher: Watcher): Disposable {
    this.watcher = watcher;
    this.rewatch();
    return {
      dispose: () => {
        this.watching?.handle.dispose();
        this.watching = undefined;
        if (this.watcher === watcher) this.watcher = undefined;
      },
    };
  }

  onDidChange(listener: (change: KnowledgeChange) => void): Disposable {
    this.changeListeners.add(listener);
    return { dispose: () => this.changeListeners.delete(listener) };
  }

  /** Fires each time the state has been (re)computed. */
  onDidLoad(listener: (state: KnowledgeState) => void): Disposable {
    this.loadListeners.add(listener);
    return { dispose: () => this.loadListeners.delete(listener) };
  }

  dispose(): void {
    this.disposed = true;
    this.watching?.handle.dispose();
    this.watching = undefined;
    this.watcher = undefined;
    this.changeListeners.clear();
    this.loadListeners.clear();
    this.readingListeners.clear();
  }

  private load(): KnowledgeState {
    const started = performance.now();
    this.generation++;
    const read = this.readConfig();
    let next: KnowledgeState;
    if ('next' in read) next = read.next;
    else {
      try {
        next = stateOf(readIndexFor(read.config, { compact: true }));
      } catch (err) {
        next = failed(err);
      }
    }
    return this.install(next, read, started);
  }

  /**
   * Re-reads the config here (small) and index.md through the loader; the previous snapshot
   * answers meanwhile. Changes that arrive during a read start one more read after it, so a
   * burst of writes costs at most two. `configToo`: a config file changed as well (else the last
   * config stands: settings and trust changes come through reload).
   */
  private readInBackground(configToo: boolean): void {
    if (this.background) {
      this.background.again = true;
      this.background.configToo ||= configToo;
      return;
    }
    const run = { again: false, configToo: false };
    this.background = run;
    this.readingChanged();
    const generation = this.generation;
    const started = performance.now();
    const read =
      !configToo && this.lastRead && 'config' in this.lastRead && !this.options.checkOnAccess
        ? this.lastRead
        : this.readConfig();
    const pending: Promise<KnowledgeState | { kept: string }> =
      'next' in read ? Promise.resolve(read.next) : this.loadIndex(read.config);
    void pending.then((next) => {
      this.background = undefined;
      // A synchronous reload since (settings, Refresh) already read newer sources.
      if (this.disposed || generation !== this.generation || this.current === undefined) return this.readingChanged();
      if ('kept' in next) this.keep(next.kept);
      else this.install(next, read, started);
      // A queued read keeps `reading` on: the view says "reloading…" until the last one is in.
      if (run.again) this.background = { again: false, configToo: false };
      this.emit('snapshot');
      if (run.again) {
        this.background = undefined;
        this.readInBackground(run.configToo);
      } else this.readingChanged();
    });
  }

  /**
   * The loader's answer. Should it fail for size or time, the previous snapshot is kept (never
   * a parse here); for another reason (a worker that cannot start), a small index is read here.
   */
  private async loadIndex(config: Config): Promise<KnowledgeState | { kept: string }> {
    try {
      return stateOf(await this.options.loader!.load(config));
    } catch (err) {
      try {
        const after = afterLoaderFailure(config, err);
        this.log(
          `Reading index.md in the background failed (${(err as Error).message}); ${'kept' in after ? 'keeping the index read before' : 'reading it here'}.`,
          'warn',
        );
        return 'kept' in after ? after : stateOf(after.outcome);
      } catch (fallbackErr) {
        return failed(fallbackErr);
      }
    }
  }

  /** A background read gave up: the ready snapshot stays, saying why; listeners hear it. */
  private keep(reason: string): void {
    if (this.current?.kind !== 'ready') return;
    this.current = { ...this.current, stale: keptMessage(reason) };
    this.log(this.current.stale!, 'warn');
    this.emit('snapshot');
  }

  private readConfig(): ConfigRead {
    let folder: string | null = null;
    let candidates: string[] = [];
    try {
      const sources = this.options.sources();
      candidates = configCandidates(sources);
      // Stamped before each read, so a change during the read is seen on the next access.
      if (this.options.checkOnAccess) this.stamps.take(candidates);
      const configOutcome = loadConfig(sources);
      if (!configOutcome.ok)
        return { next: { kind: 'notConfigured', message: configOutcome.message }, folder, candidates };
      folder = configOutcome.config.knowledgeFolder;
      if (this.options.checkOnAccess)
        this.stamps.add(indexPath(configOutcome.config), indexStampOpener(configOutcome.config));
      return { config: configOutcome.config, folder, candidates };
    } catch (err) {
      return { next: failed(err), folder, candidates };
    }
  }

  private install(next: KnowledgeState, read: ConfigRead, started: number): KnowledgeState {
    this.current = next;
    this.lastRead = read;
    this.targets = watchTargets(read.folder, read.candidates);
    this.loadCount++;
    // A bad state re-derived on each call (check on access) is logged once, not once per call.
    const problem = next.kind === 'ready' ? undefined : next.message;
    const repeated = problem !== undefined && problem === this.lastProblem;
    this.lastProblem = problem;
    if (!repeated)
      this.log(`Loaded state ${next.kind} (${read.folder ?? '-'}) in ${Math.round(performance.now() - started)} ms`);
    if (next.kind === 'ready') for (const w of next.snapshot.config.warnings) this.log(`Config warning: ${w}`, 'warn');
    if (problem !== undefined && !repeated) this.log(problem, 'warn');
    for (const listener of [...this.loadListeners]) listener(next);
    this.rewatch();
    return next;
  }

  private rewatch(): void {
    if (!this.watcher || !this.current) return;
    const key = JSON.stringify(this.targets);
    if (this.watching?.key === key) return;
    this.watching?.handle.dispose();
    this.watching = { key, handle: this.watcher.watch(this.targets, (paths) => this.changed(paths)) };
  }

  private readingChanged(): void {
    if (this.disposed) return;
    for (const listener of [...this.readingListeners]) listener(this.reading);
  }

  private emit(change: KnowledgeChange): void {
    for (const listener of [...this.changeListeners]) listener(change);
  }

  private log(line: string, level: LogLevel = 'info'): void {
    this.options.log?.(line, level);
  }
}

/** The config step of a load: the state it ended in (not configured, a failure), or the config. */
type ConfigRead = { folder: string | null; candidates: string[] } & ({ next: KnowledgeState } | { config: Config });

function baseName(p: string): string {
  return p.split(/[\\/]/).pop() ?? p;
}
