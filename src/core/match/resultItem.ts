// One place that knows a ResultItem's defaults, so every tier builds items the same way.
import type { ResultItem } from '../types';

/** What every item names: its category, where it is and the roots it may be read from. */
type ItemPlace = Pick<ResultItem, 'category' | 'path' | 'absPath' | 'allowedRoots'>;

export function resultItem(fields: ItemPlace & Partial<ResultItem>): ResultItem {
  return {
    n: null,
    description: null,
    tags: [],
    hint: null,
    project: null,
    scope: null,
    stale: false,
    matched: 0,
    selectable: true,
    status: null,
    problem: null,
    ...fields,
  };
}
