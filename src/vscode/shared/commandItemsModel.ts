// §9 What Open, Open to the Side, Copy as Context and Send to Chat act on. A command can be
// called by anyone (a keybinding, another extension, a forged tree node), so an argument is
// only ever a *request for paths*: each path is looked up again in the current snapshot, as an
// agent's paths are (itemsForPaths). Nothing an argument carries (absPath, allowedRoots,
// category) is trusted, and a forged node gets the refusal an unknown path gets.
// Pure: no vscode import.
import { itemsForPaths, type ResultItem, type Snapshot, type TagCounter } from '../../core';

export interface CommandItems {
  items: ResultItem[];
  /** Requested paths that are not knowledge files, with the reason. */
  refused: Array<{ path: string; reason: string }>;
}

/** Objects walked per argument: a forged, cyclic or huge argument cannot hang the command. */
const MAX_NODES = 100_000;

/**
 * The paths an argument asks for: the clicked node (plus the rest of a multi-selection it
 * belongs to), or the tree's selection when invoked without an argument. A tag or project node
 * gives the paths its query returns (`queryPaths`: Copy as Context on a tag copies what Query
 * This Tag offers); other nodes the paths of the files below them; a URI gives its file system
 * path; a string is a path.
 */
export function requestedPaths(
  arg: unknown,
  multi: unknown,
  treeSelection: readonly unknown[],
  queryPaths?: (text: string) => string[],
): string[] {
  let values: readonly unknown[];
  if (Array.isArray(multi) && multi.length > 0 && multi.some((m) => m === arg || sameNode(m, arg))) values = multi;
  else if (arg !== undefined) values = [arg];
  else values = treeSelection;
  const paths: string[] = [];
  const seen = new Set<unknown>();
  const pending = values.slice(0, MAX_NODES);
  for (let i = 0; i < pending.length && i < MAX_NODES; i++) {
    const value = pending[i];
    if (typeof value === 'string') {
      paths.push(value);
      continue;
    }
    if (!value || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    const v = value as Record<string, unknown>;
    if (typeof v.scheme === 'string' && typeof v.fsPath === 'string') {
      // A URI: only a local file can be a knowledge file; any other is named so it is refused.
      paths.push(v.scheme === 'file' ? v.fsPath : String(value));
      continue;
    }
    // A tag or project asks for what querying it returns (the tree's count), never its rows:
    // a query can only name what the user's configuration allows.
    if (queryPaths && (v.kind === 'tag' || v.kind === 'project') && typeof v.query === 'string') {
      paths.push(...queryPaths(v.query));
      continue;
    }
    const file = v.file as Record<string, unknown> | undefined;
    // A row the reader would not load (marked in the tree) is not asked for.
    if (file && typeof file === 'object' && !file.problem) {
      const p = typeof file.absPath === 'string' ? file.absPath : typeof file.path === 'string' ? file.path : undefined;
      if (p !== undefined) paths.push(p);
    }
    if (Array.isArray(v.children)) for (const c of v.children.slice(0, MAX_NODES - pending.length)) pending.push(c);
  }
  return [...new Set(paths)];
}

function sameNode(a: unknown, b: unknown): boolean {
  const id = (x: unknown) => (x && typeof x === 'object' ? (x as { id?: unknown }).id : undefined);
  return typeof id(a) === 'string' && id(a) === id(b);
}

/** The items a command acts on, each re-derived from the snapshot by path. */
export function commandItems(snapshot: Snapshot | undefined, paths: readonly string[], today: string): CommandItems {
  if (!snapshot)
    return { items: [], refused: paths.map((p) => ({ path: p, reason: 'no knowledge folder is loaded' })) };
  // The user's own selection may be large (a tag with many files): no per-call path cap here.
  const found = itemsForPaths(snapshot, paths, today, { maxPaths: Infinity });
  return { items: found.items, refused: found.refused };
}

/** `Refused x: reason (not opened).` for each refused path. */
export function pathRefusals(refused: CommandItems['refused'], verb: string): string {
  return refused.map((r) => `Refused ${r.path}: ${r.reason} (not ${verb}).`).join(' ');
}

/**
 * What a tag or project node asks for: the paths Query This Tag offers for its text (the
 * selectable items of the one count's result, artifacts included), never the tree's rows.
 */
export function queryPaths(counter: TagCounter | undefined): (text: string) => string[] {
  return (text) => {
    const result = counter?.result(text);
    return result ? result.items.filter((i) => i.selectable).map((i) => i.absPath) : [];
  };
}
