// Reads config and index together into one Snapshot, or says why it cannot.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadConfig, type ConfigOutcome, type ConfigSources } from '../config/config';
import type { Snapshot } from '../match/engine';
import {
  cacheFileFor,
  indexKey,
  keepOutOf,
  readCachedImage,
  settled,
  type IndexCacheJob,
  type IndexCacheSettings,
} from './indexCache';
import { parseIndex, parseIndexCompact } from './parse';
import { indexFromImage } from './image/view';
import { problemLines, type IndexHealth } from '../health/indexHealth';
import { openIndexFile } from './indexFile';
import { indexTooLarge } from '../limits';
import { noFolderMessage, noIndexMessage, unreadableIndexMessage } from '../present/messages';
import { describeFsError } from '../paths';
import type { Config } from '../types';

export type SnapshotErrorCode = 'not-configured' | 'config-not-found' | 'no-index';

/** §1 Why there is no index to read: the folder is missing, it holds no index.md, or index.md cannot be read. */
export type NoIndexReason = 'noFolder' | 'noIndex' | 'unreadable';

export type SnapshotOutcome =
  /** cacheJob: the index was parsed and may now be cached (ReadOptions.cache): the caller runs it when it likes. */
  | { ok: true; snapshot: Snapshot; cacheJob?: IndexCacheJob; text?: string }
  | { ok: false; code: SnapshotErrorCode; message: string; config?: Config; reason?: NoIndexReason };

export function indexPath(config: Config): string {
  return path.join(config.knowledgeFolder, 'index.md');
}

export interface ReadOptions {
  /**
   * Hold the index as a compact image (parseIndexCompact): for a snapshot kept and queried
   * many times (the editor, the MCP server).
   */
  compact?: boolean;
  /**
   * Use the index cache (indexCache.ts): an unchanged index.md is then not read beyond its
   * fstat, but opened from its cached image; otherwise it is parsed as the options above say
   * and the outcome carries the job that would cache it.
   */
  cache?: IndexCacheSettings;
  /** Hand back index.md's text too (the index worker takes its report's line texts from it). */
  keepText?: boolean;
}

/** `load`: where the config comes from (the CLI's launcher hands on the one it read to pick the compile cache). */
export function loadSnapshot(
  sources: ConfigSources,
  options: ReadOptions = {},
  load: (sources: ConfigSources) => ConfigOutcome = loadConfig,
): SnapshotOutcome {
  const configOutcome = load(sources);
  if (!configOutcome.ok) return configOutcome;
  return readIndexFor(configOutcome.config, options);
}

export type IndexText = { ok: true; text: string } | { ok: false; message: string; reason: NoIndexReason };

/** index.md's text, sized before it is read (§9): what readIndexFor parses. */
export function readIndexText(config: Config): IndexText {
  return withIndexFile(config, (fd) => ({ ok: true, text: fs.readFileSync(fd, 'utf8') }));
}

/** Hands index.md's descriptor to `use` (openIndexFile), or says why it cannot be read. */
function withIndexFile<T>(
  config: Config,
  use: (fd: number, stat: fs.BigIntStats) => T,
): T | { ok: false; message: string; reason: NoIndexReason } {
  const file = indexPath(config);
  try {
    const opened = openIndexFile(file, { reader: config }, use);
    if (opened !== null && typeof opened === 'object' && 'tooLarge' in opened)
      return { ok: false, message: indexTooLarge(file, opened.tooLarge), reason: 'unreadable' };
    return opened;
  } catch (err) {
    return { ok: false, ...cannotRead(config, err) };
  }
}

/** index.md opened for change detection's content check, through the one opener; throws what the open threw. */
export function indexStampOpener(config: Config): (file: string, hash: (fd: number) => string) => string {
  return (file, hash) => {
    const hashed = openIndexFile(file, { reader: config }, (fd) => hash(fd));
    return typeof hashed === 'string' ? hashed : `!too-large ${hashed.tooLarge}`;
  };
}

/** §1 Says which of the three it is: no folder (naming what named it), no index.md, an index.md that cannot be read. */
function cannotRead(config: Config, err: unknown): { message: string; reason: NoIndexReason } {
  const code = (err as NodeJS.ErrnoException).code;
  if (code !== 'ENOENT' && code !== 'ENOTDIR')
    return {
      message: unreadableIndexMessage(indexPath(config), describeFsError(err, 'read error')),
      reason: 'unreadable',
    };
  if (!isFolder(config.knowledgeFolder))
    return {
      message: noFolderMessage(
        config.knowledgeFolder,
        config.folderFrom === undefined ? config.configFile : config.folderFrom,
      ),
      reason: 'noFolder',
    };
  return { message: noIndexMessage(config.knowledgeFolder), reason: 'noIndex' };
}

function isFolder(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function parseFor(text: string, options: ReadOptions) {
  return options.compact ? parseIndexCompact(text) : parseIndex(text);
}

export function readIndexFor(config: Config, options: ReadOptions = {}): SnapshotOutcome {
  if (options.cache) return readIndexCached(config, options, options.cache);
  const read = readIndexText(config);
  if (!read.ok) return { ok: false, code: 'no-index', message: read.message, config, reason: read.reason };
  const snapshot = { config, index: parseFor(read.text, options) };
  return options.keepText ? { ok: true, snapshot, text: read.text } : { ok: true, snapshot };
}

/** readIndexFor through the index cache: the same checks and messages, the image when index.md is unchanged. */
function readIndexCached(config: Config, options: ReadOptions, cache: IndexCacheSettings): SnapshotOutcome {
  const file = indexPath(config);
  const read = withIndexFile(config, (fd, st) => {
    const key = indexKey(file, st);
    const cacheFile = cacheFileFor(cache.dir, file);
    const keepOut = keepOutOf(config);
    const image = cache.ignoreFile ? null : readCachedImage(cacheFile, { producer: cache.producer, key }, keepOut);
    if (image) return { ok: true as const, hit: true as const, index: indexFromImage(image) };
    const text = fs.readFileSync(fd, 'utf8');
    const job: IndexCacheJob | undefined = settled(st, cache.now)
      ? { producer: cache.producer, indexFile: file, key, cacheFile, keepOut }
      : undefined;
    return { ok: true as const, hit: false as const, text, job };
  });
  if (!read.ok) return { ok: false, code: 'no-index', message: read.message, config, reason: read.reason };
  if (read.hit) return { ok: true, snapshot: { config, index: read.index } };
  return { ok: true, snapshot: { config, index: parseFor(read.text, options) }, cacheJob: read.job };
}

/**
 * The text of the lines of index.md that `health`'s problems point to (problemLines), read now:
 * for a report made without the text at hand (a snapshot read elsewhere, the drift scan).
 */
export function problemLinesOnDisk(
  config: Config,
  health: Pick<IndexHealth, 'problems'>,
): { ok: true; lines: Record<number, string> } | { ok: false; message: string } {
  const read = readIndexText(config);
  return read.ok ? { ok: true, lines: problemLines(health, read.text) } : read;
}
