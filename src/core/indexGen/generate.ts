// §12 The index generator: index.md rebuilt as a pure function of the notes, their paths, the
// config and today, its judgment sections carried. IndexScan is the one scan (the drift check
// runs it too); generateIndex turns a finished scan and index.md into the rebuild and its diff.
import { parseIndex } from '../index/parse';
import type { Config, KnowledgeIndex } from '../types';
import { ITEMS_OVER } from '../limits';
import { aliasCollisions, aliasesByTag, knownTagsLine, readAliasFile, sameAliases } from './aliases';
import { collated } from './collation';
import { diffIndex, indexPairs, modelPairs, type IndexDiff } from './diff';
import { capNote, overReadersCap, rebuildSize } from './bounds';
import { droppedLines } from './dropped';
import { buildModel, projectLines, renderSections, writableHeading, type GenSettings, type IndexModel } from './model';
import { noteReader, readNote, type HeadReader, type ScannedNote } from './read';
import { reannotateKnownTags } from './reannotate';
import { untaggedReportRemarks } from './reviews';
import { sectionChanges } from './sectionChanges';
import { listScanTargets, type ScanError, type ScanList, type ScanRefusal } from './scan';
import { blocks, carriedOf, rebuiltLineOf, sameDay, splice, splitRaw, type Block } from './splice';

/** Known Tags of an index.md the generator creates: /index's own starting vocabulary (§12.6). */
export const SEED_KNOWN_TAGS = [
  'api',
  'architecture',
  'css',
  'database',
  'deployment',
  'django',
  'react',
  'nextjs',
  'react-native',
  'tailwind',
  'testing',
  'infrastructure',
  'performance',
  'security',
  'accessibility',
  'stripe',
  'linear',
  'supabase',
  'figma',
  'claude-code',
  'process',
  'decision-framework',
  'enforcement',
  'aria',
];

export const DEFAULT_PROMOTION_THRESHOLD = 3;
export const DEFAULT_STALENESS_MONTHS = 6;

/** The scan as steps, for a host that paces it (progress, cancel). */
export class IndexScan {
  readonly list: ScanList;
  readonly notes: ScannedNote[] = [];
  readonly refused: ScanRefusal[];
  readonly errors: ScanError[];
  /** Notes that declare more tags or hints than one note may contribute (§12.2), named: 50 listed, then counted. */
  private readonly capped: string[] = [];
  private cappedMore = 0;
  private done = 0;
  private readonly read: HeadReader;

  constructor(readonly config: Config) {
    this.list = listScanTargets(config);
    this.refused = [...this.list.refused];
    this.errors = [...this.list.errors];
    this.read = noteReader(config);
  }

  get total(): number {
    return this.list.targets.length;
  }

  get scanned(): number {
    return this.done;
  }

  get finished(): boolean {
    return this.done >= this.list.targets.length;
  }

  /** Reads up to `count` more notes; false once every note is read. */
  step(count: number): boolean {
    const end = Math.min(this.list.targets.length, this.done + count);
    while (this.done < end) {
      const r = readNote(this.list.targets[this.done++], this.read);
      if (r.kind === 'refused') this.refused.push({ path: r.path, reason: r.reason });
      else if (r.kind === 'note') {
        const capped = capNote(r.note);
        if (capped.warning && this.capped.length < 50) this.capped.push(capped.warning);
        else if (capped.warning) this.cappedMore++;
        this.notes.push(capped.note);
        if (r.note.problem) this.errors.push({ path: r.note.path, message: r.note.problem });
      }
    }
    return !this.finished;
  }

  runAll(): this {
    while (this.step(1000));
    return this;
  }

  /** The warnings of notes cut to their share of tags and hints, and one line counting those not listed. */
  get warnings(): string[] {
    const more = this.cappedMore;
    return more ? [...this.capped, `and ${more} more notes declare more than 500 tags or hints`] : [...this.capped];
  }

  /** The head reader the scan uses (aliases.md is read through it too). */
  get reader(): HeadReader {
    return this.read;
  }
}

export interface GenOptions {
  today: string;
}

export interface IndexBuild {
  /** The rebuilt index.md. */
  text: string;
  diff: IndexDiff;
  model: IndexModel;
  /** Notes read. */
  notes: number;
  /** What a rebuild changes beyond the pairs, and what it leaves out, for people (not part of --json). */
  remarks: string[];
  /** Whether a write must be refused without --force, and why. */
  blockers: string[];
  /** Why no rebuild was made at all (its readers would refuse it), even with --force; else null. */
  refusal: string | null;
}

export function generateIndex(scan: IndexScan, raw: string | null, options: GenOptions): IndexBuild {
  const { config } = scan;
  if (!scan.finished) scan.runAll();
  const current: KnowledgeIndex | null = raw === null ? null : parseIndex(raw);
  const knownList = current ? current.knownTags.map((k) => k.tag) : SEED_KNOWN_TAGS;
  const known = new Set(knownList);
  const settings: GenSettings = {
    today: options.today,
    promotionThreshold: config.freeformPromotionThreshold ?? DEFAULT_PROMOTION_THRESHOLD,
    stalenessMonths: config.stalenessMonths ?? DEFAULT_STALENESS_MONTHS,
  };
  const errors = [...scan.errors];
  const remarks: string[] = [];
  const aliasFile = readAliasFile(config.knowledgeFolder, scan.reader);
  errors.push(...aliasFile.errors);
  const aliases = aliasFile.map ?? current?.aliases ?? new Map<string, string>();
  errors.push(...aliasCollisions(aliases, known, scan.notes, aliasFile.map ? 'aliases.md' : 'index.md'));
  if (aliasFile.map)
    for (const tag of new Set(aliasFile.map.values()))
      if (!known.has(tag))
        remarks.push(`aliases.md names \`${tag}\`, which is not a Known tag: its aliases are not written`);

  // Before anything of the rebuild is built: one the readers would refuse is never made (§12.9).
  const size = rebuildSize(scan.notes, raw, config.projectsEnabled ? config.projectsList.size : 0, settings);
  const tooLarge = overReadersCap(size, size);
  if (tooLarge) return refusedBuild(scan, raw, errors, remarks, tooLarge);

  const model = buildModel(scan.notes, known, settings);
  remarks.push(...model.notes, ...untaggedReportRemarks(scan.notes));
  const projectKeys = config.projectsEnabled ? [...config.projectsList.keys()] : [];
  // A key that would need escaping cannot be a `### key` heading that names it (§12.2): said, not written.
  for (const key of projectKeys)
    if (!writableHeading(key)) remarks.push(`project key "${key.slice(0, 80)}" cannot be a heading; not written`);
  const derived = new Map<string, string[]>();
  if (config.projectsEnabled)
    for (const key of projectKeys.filter(writableHeading)) derived.set(key, projectLines(model.projects.get(key)));
  let knownTags: string | null = null;
  if (!current) knownTags = knownTagsLine(knownList, aliasFile.map ?? new Map());
  const realias = current && aliasFile.map && !sameAliases(current.knownTags, aliasFile.map) ? aliasFile.map : null;
  // index.md split once: the splice, the carried-text guard and the section changes read the same blocks.
  const rawLines = raw === null ? null : splitRaw(raw);
  const split = rawLines && { ...rawLines, blocks: blocks(rawLines.lines) };
  const rebuiltLine = rawLines && rebuiltLineOf(rawLines.lines);
  const spliceWith = (line: string | null) =>
    splice({
      raw,
      split: split ?? undefined,
      rebuiltLine,
      today: options.today,
      sections: renderSections(model, settings),
      projectLines: derived,
      configuredProjects: projectKeys.filter(writableHeading),
      knownTags: line,
    });
  let spliced = spliceWith(knownTags);
  if (current && realias) {
    // Only the annotations change; a Known Tags that would not read back is written as one line.
    const text = reannotateKnownTags(spliced.text, knownList, realias);
    const sameDayText = reannotateKnownTags(spliced.sameDayText, knownList, realias);
    if (text !== null && sameDayText !== null) spliced = { text, sameDayText };
    else spliced = spliceWith((knownTags = knownTagsLine(knownList, realias)));
    remarks.push(aliasChanges(current.knownTags, realias, knownTags !== null));
  }
  const before = current ? indexPairs(current) : new Map<string, never>();
  const after = modelPairs(model);
  const unchanged = raw !== null && sameDay(spliced, raw);
  // The estimate's check, made exact: the bytes, then the items the readers' parse keeps (§12.9).
  const exactBytes = Buffer.byteLength(spliced.text, 'utf8');
  const over = (items: number) => overReadersCap({ bytes: exactBytes, items, chars: spliced.text.length }, size);
  if (!unchanged && over(0)) return refusedBuild(scan, raw, errors, remarks, over(0)!);
  const back = unchanged ? null : parseIndex(spliced.text);
  if (back?.warnings.some((w) => w.includes(ITEMS_OVER)))
    return refusedBuild(scan, raw, errors, remarks, over(Infinity)!);
  // Read back: the rebuild, parsed, lists exactly the pairs it was made from (unchanged: index.md's own).
  errors.push(...readBack(back ? indexPairs(back) : before, after));
  // (An unchanged rebuild is index.md itself but for its date: nothing carried can differ.)
  let afterBlocks: Block[] | null = split && !unchanged ? blocks(splitRaw(spliced.text).lines) : null;
  if (split && afterBlocks && !carriedIntact(split.blocks, afterBlocks, knownTags === null && !realias))
    errors.push({
      path: 'index.md',
      message: 'a carried section would change (an internal error): nothing may be written',
    });

  const refused = [...scan.refused, ...model.unwritable];
  const diff = diffIndex({
    config,
    current,
    model,
    scanned: new Set(scan.notes.map((n) => n.path)),
    listed: new Set(scan.list.targets.map((t) => t.path)),
    refused,
    errors,
    unchanged,
    pairs: { before, after },
    notesScanned: scan.notes.length,
    dropped: raw === null || unchanged ? { listed: [], count: 0 } : droppedLines(raw),
  });
  const lastRemarks: string[] = [];
  if (model.ephemeral.length)
    lastRemarks.push(
      `not suggested for Known Tags (session, phase or plan stamps): ${model.ephemeral.join(', ')}; add one to Known Tags by hand if it is a lasting topic`,
    );
  const blockers: string[] = [];
  if (scan.notes.length === 0) blockers.push('the scan found no notes at all (is knowledge_folder the right folder?)');
  if (errors.length) blockers.push(`${errors.length} error${errors.length === 1 ? '' : 's'} (listed above)`);
  let all: string[] | null = null;
  // The changed lines of generated sections are worked out when the remarks are read (the text
  // report, the editor's change list), not for a print or a --json, which never show them.
  const allRemarks = (): string[] => {
    if (all) return all;
    const changes: string[] = [];
    if (split && afterBlocks) {
      const explained = new Map<string, Set<string>>();
      for (const p of [...diff.added, ...diff.removed])
        (explained.get(p.tag) ?? explained.set(p.tag, new Set()).get(p.tag)!).add(p.path);
      changes.push(...sectionChanges(split.blocks, afterBlocks, explained));
      afterBlocks = null;
    }
    return (all = scan.warnings.concat(remarks, changes, lastRemarks));
  };
  return {
    text: spliced.text,
    diff,
    model,
    notes: scan.notes.length,
    get remarks() {
      return allRemarks();
    },
    blockers,
    refusal: null,
  };
}

/** The build of a rebuild too large for its readers: no text but index.md's own, the refusal as its error. */
function refusedBuild(
  scan: IndexScan,
  raw: string | null,
  errors: ScanError[],
  remarks: string[],
  refusal: string,
): IndexBuild {
  const all = [...errors, { path: 'index.md', message: refusal }];
  const model = buildModel([], new Set(), { today: '', promotionThreshold: 1, stalenessMonths: 1 });
  return {
    text: raw ?? '',
    diff: {
      added: [],
      removed: [],
      deadLinks: [],
      untagged: [],
      promotions: [],
      refused: [...scan.refused],
      errors: all,
      unchanged: false,
      notesScanned: scan.notes.length,
      droppedLines: [],
      droppedLinesNotListed: 0,
    },
    model,
    notes: scan.notes.length,
    remarks: scan.warnings.concat(remarks),
    blockers: [refusal],
    refusal,
  };
}

/** The guard of §12.7: every carried block of `before` is in `after`, in order, with the same text. */
export function carriedIntact(
  before: string | readonly Block[],
  after: string | readonly Block[],
  knownTagsCarried = true,
): boolean {
  const want = carriedOf(before, knownTagsCarried);
  const have = carriedOf(after, knownTagsCarried);
  if (want.blocks.length !== have.blocks.length || want.blocks.some((b, i) => b !== have.blocks[i])) return false;
  // Projects: every carried line of before, in order, in after (after adds configured projects).
  let i = 0;
  for (const line of have.projectLines) if (i < want.projectLines.length && line === want.projectLines[i]) i++;
  return i === want.projectLines.length;
}

/** The rebuild, parsed by the one index parser, must give back exactly the pairs it was made from. */
function readBack(back: ReadonlyMap<string, unknown>, want: ReadonlyMap<string, unknown>): ScanError[] {
  let missing = 0;
  for (const k of want.keys()) if (!back.has(k)) missing++;
  let extra = 0;
  for (const k of back.keys()) if (!want.has(k)) extra++;
  return missing || extra
    ? [
        {
          path: 'index.md',
          message: `the rebuild does not read back as generated (${missing} pairs lost, ${extra} gained): nothing may be written`,
        },
      ]
    : [];
}

/** What re-deriving Known Tags' aliases from aliases.md changes, tag by tag, for --check. */
function aliasChanges(
  knownTags: KnowledgeIndex['knownTags'],
  aliases: ReadonlyMap<string, string>,
  oneLine: boolean,
): string {
  const wanted = aliasesByTag(aliases);
  const changes: string[] = [];
  for (const k of knownTags) {
    const had = collated(k.aliases).join(', ') || 'none';
    const will = (wanted.get(k.tag) ?? []).join(', ') || 'none';
    if (had !== will) changes.push(`${k.tag}: ${had} → ${will}`);
  }
  const shown = changes.slice(0, 10).join('; ') + (changes.length > 10 ? `; and ${changes.length - 10} more` : '');
  return `Known Tags: aliases re-derived from aliases.md (${shown})${oneLine ? '; its tags are written again as one line' : ''}`;
}
