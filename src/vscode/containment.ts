// Which picked items may be opened, copied or sent is the core's check (checkItems: the real
// path after symlinks against each item's allowed roots); this file words the refusals.
import { refusedLine, type RefusedFile } from '../core';

export { checkItems } from '../core';

/** `Refused a.md: reason (not opened).` lines, one sentence per refusal. */
export function refusalMessage(refused: readonly RefusedFile[], verb = 'opened'): string {
  return refused.map((r) => refusedLine(r, verb)).join(' ');
}
