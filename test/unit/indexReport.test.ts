// Index health as a report (src/core/health/indexReport.ts): the one mapping from a problem to what
// Problems and `aria-context check` show, and a summary with true totals past the per-kind cap.
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkIndex, healthSummary } from '../../src/core/health/indexHealth';
import { checkSummary, hasErrors, healthTotals, kindCount, problemRecord } from '../../src/core/health/indexReport';
import { INDEX_HEADER, makeHome, snapshotFor } from '../helpers';

function healthOf(index: string, files: Record<string, string> = {}) {
  return checkIndex(snapshotFor(makeHome({ index, files })));
}

describe('index report', () => {
  test('a problem maps to line, severity, code (its kind) and the message without markdown ticks', () => {
    const health = healthOf(`${INDEX_HEADER}## Tag Index\n### api\n- a.md — A\n- a.md — again\n- ../x.md — X\n`, {
      'knowledge/a.md': '# A\n',
    });
    assert.deepEqual(health.problems.map(problemRecord), [
      {
        line: 8,
        severity: 'warning',
        code: 'duplicate',
        message: 'a.md is listed twice under ### api (first on line 7)',
        related: { line: 7, message: 'first listed here' },
      },
      {
        line: 9,
        severity: 'error',
        code: 'refused',
        message: 'Refused ../x.md: the path leaves the knowledge folder; it is never read',
      },
    ]);
    assert.equal(hasErrors(health.problems), true);
    assert.equal(hasErrors(health.problems.filter((p) => p.severity !== 'error')), false);
  });

  test('past the cap of listed problems per kind, totals and the summary count every problem, not the listed lines', () => {
    const entries = Array.from({ length: 205 }, (_, i) => `- gone-${i}.md — Gone`).join('\n');
    const health = healthOf(`${INDEX_HEADER}## Tag Index\n### api\n${entries}\n`);
    assert.equal(health.problems.length, 201); // 200 listed, then one line standing for the rest
    assert.equal(health.problems[200].omitted, 5);
    const totals = healthTotals(health.problems);
    assert.equal(totals.total, 205);
    assert.deepEqual(totals.bySeverity, { error: 0, warning: 205, info: 0 });
    assert.equal(healthSummary(health, '2026-11-03'), 'index: 205 problems, rebuilt yesterday'); // the status bar's line
    assert.equal(
      checkSummary(health, '2026-11-03'),
      'index.md: 205 problems (205 warnings): 205 missing files (200 listed); rebuilt yesterday; notes not compared with the index',
    );
  });

  test('kind names are counted as phrases: the plural is not a trailing s on the whole phrase', () => {
    assert.equal(kindCount('newer-than-index', 3), '3 notes newer than the index');
    assert.equal(kindCount('newer-than-index', 1), '1 note newer than the index');
    assert.equal(kindCount('refused', 2), '2 refused entries');
    assert.equal(kindCount('unused-tag', 2), '2 tags without files');
  });
});
