// Tag Index, Other Tags and hint entries into their lists, duplicates merged (§F20).
import type { TagEntry } from '../types';
import type { SeenEntries } from './sections';

// A short list is searched directly; from SHORT_LIST entries on it gets a Map of its paths, so
// duplicate checks stay O(1) on long lists without a Map for every heading.

export class EntryStore {
  private readonly seen: SeenEntries = new Map();
  private list: unknown[] = [];
  private keys: Map<string, TagEntry | true> | undefined = undefined;

  add(list: unknown[], hint: boolean, p: string, description: string | null): void {
    if (list !== this.list) {
      this.list = list;
      this.keys = this.seen.get(list);
    }
    let keys = this.keys;
    if (keys === undefined && list.length >= SHORT_LIST) {
      keys = new Map();
      for (const item of list)
        keys.set(hint ? (item as string) : (item as TagEntry).path, hint ? true : (item as TagEntry));
      this.seen.set(list, keys);
      this.keys = keys;
    }
    let existing: TagEntry | true | undefined;
    if (keys !== undefined) {
      existing = keys.get(p);
    } else if (hint) {
      if (list.includes(p)) existing = true;
    } else {
      for (let i = 0; i < list.length; i++) {
        if ((list[i] as TagEntry).path === p) {
          existing = list[i] as TagEntry;
          break;
        }
      }
    }
    if (hint) {
      if (existing) return;
      keys?.set(p, true);
      list.push(p);
      return;
    }
    if (existing) {
      if (!(existing as TagEntry).description && description) (existing as TagEntry).description = description;
      return;
    }
    const entry: TagEntry = { path: p, description };
    keys?.set(p, entry);
    list.push(entry);
  }
}

const SHORT_LIST = 16;
