// Reads config and index together into one Snapshot, or says why it cannot.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadConfig, type ConfigSources } from './config';
import type { Snapshot } from './engine';
import { parseIndex, parseIndexCompact, parseIndexForQuery } from './indexParser';
import { indexTooLarge, MAX_INDEX_BYTES } from './limits';
import { NO_INDEX } from './messages';
import { describeFsError, openRegularFile } from './paths';
import type { Config } from './types';

export type SnapshotErrorCode = 'not-configured' | 'config-not-found' | 'no-index';

export type SnapshotOutcome =
  | { ok: true; snapshot: Snapshot }
  | { ok: false; code: SnapshotErrorCode; message: string; config?: Config };

export function indexPath(config: Config): string {
  return path.join(config.knowledgeFolder, 'index.md');
}

export interface ReadOptions {
  /**
   * The one query the snapshot will answer (a process that runs it and exits): the index is
   * then read only as far as that query needs (parseIndexForQuery) and must not serve another.
   */
  onlyFor?: string | readonly string[];
  /**
   * Hold the index as a compact image (parseIndexCompact): for a snapshot kept and queried
   * many times (the editor, the MCP server). Ignored with onlyFor.
   */
  compact?: boolean;
}

export function loadSnapshot(sources: ConfigSources, options: ReadOptions = {}): SnapshotOutcome {
  const configOutcome = loadConfig(sources);
  if (!configOutcome.ok) return configOutcome;
  return readIndexFor(configOutcome.config, options);
}

export type IndexText = { ok: true; text: string } | { ok: false; message: string };

/** index.md's text, sized before it is read (§9): what readIndexFor parses and the health check reads. */
export function readIndexText(config: Config): IndexText {
  try {
    const fd = openRegularFile(indexPath(config)); // a FIFO named index.md must not hang the reload
    try {
      // §9 Sized before reading: a 2 GB (or sparse) index.md is refused, never read whole.
      const size = fs.fstatSync(fd).size;
      if (size > MAX_INDEX_BYTES) return { ok: false, message: indexTooLarge(indexPath(config), size) };
      return { ok: true, text: fs.readFileSync(fd, 'utf8') };
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const message =
      code === 'ENOENT' || code === 'ENOTDIR'
        ? NO_INDEX
        : `Cannot read ${indexPath(config)}: ${describeFsError(err, 'read error')}. ${NO_INDEX}`;
    return { ok: false, message };
  }
}

export function readIndexFor(config: Config, options: ReadOptions = {}): SnapshotOutcome {
  const read = readIndexText(config);
  if (!read.ok) return { ok: false, code: 'no-index', message: read.message, config };
  const text = read.text;
  const index =
    options.onlyFor !== undefined ? parseIndexForQuery(text, options.onlyFor) : options.compact ? parseIndexCompact(text) : parseIndex(text);
  return { ok: true, snapshot: { config, index } };
}
