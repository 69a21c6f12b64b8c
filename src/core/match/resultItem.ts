// One place that knows a ResultItem's defaults, so every tier builds items the same way.
import type { ResultItem } from '../types';

type Required = Pick<ResultItem, 'category' | 'path' | 'absPath' | 'allowedRoots'>;

export function resultItem(fields: Required & Partial<ResultItem>): ResultItem {
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
