// What may be opened, copied or sent is the core reader's decision (§9: checkItems and
// loadItems, from the configuration only); this file words the refusals.
import { refusedLine, type RefusedFile } from '../../core';

/** `Refused a.md: reason (not opened).` lines, one sentence per refusal. */
export function refusalMessage(refused: readonly RefusedFile[], verb = 'opened'): string {
  return refused.map((r) => refusedLine(r, verb)).join(' ');
}
