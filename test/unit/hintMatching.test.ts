// §4 hint matching reads each hint phrase once, whatever the number of query words: the same
// answers as testing each word against each phrase, at a cost that does not grow with the words.
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runQuery } from '../../src/core/match/engine';
import { HintMatcher } from '../../src/core/match/hintMatcher';
import { matchFile, normaliseForHint, prepareTokens } from '../../src/core/match/tokenMatch';
import { prng } from '../prng';
import { INDEX_HEADER, makeHome, snapshotFor } from '../helpers';

/** The rule as §4 states it, one word and one phrase at a time. */
function reference(words: string[], tags: Set<string>, hints: string[]) {
  let matched = 0;
  let byTag = false;
  let hint: string | null = null;
  for (const w of words) {
    if (tags.has(w.toLowerCase())) {
      matched++;
      byTag = true;
      continue;
    }
    const form = normaliseForHint(w);
    if (form === '') continue;
    const phrase = hints.find((h) => normaliseForHint(h).includes(form));
    if (phrase !== undefined) {
      matched++;
      hint ??= phrase;
    }
  }
  return { matched, byTag, hint };
}

describe('hint matching', () => {
  test('gives what word-by-word substring matching gives, on random words, tags and phrases', () => {
    const random = prng(21);
    const letters = 'abc-AB é';
    const word = (max: number) =>
      Array.from({ length: 1 + Math.floor(random() * max) }, () => letters[Math.floor(random() * letters.length)]).join(
        '',
      );
    for (let round = 0; round < 2000; round++) {
      const words = Array.from({ length: 1 + Math.floor(random() * 40) }, () => word(4));
      const tags = new Set(Array.from({ length: Math.floor(random() * 3) }, () => word(3).toLowerCase()));
      const hints = Array.from({ length: Math.floor(random() * 6) }, () => word(12));
      assert.deepEqual(
        matchFile(prepareTokens(words), tags, hints),
        reference(words, tags, hints),
        JSON.stringify({ words, tags: [...tags], hints }),
      );
    }
  });

  test('finds every form in one pass, overlapping and nested forms included', () => {
    const m = new HintMatcher(['he', 'she', 'his', 'hers', '', 'he', 'xyz']);
    assert.deepEqual(m.forms, ['he', 'she', 'his', 'hers', 'xyz']);
    const found = new Uint32Array(m.words);
    m.collect('ushers', found);
    assert.deepEqual(
      m.forms.filter((_, i) => found[i >>> 5] & (1 << (i & 31))),
      ['he', 'she', 'hers'],
    );
    assert.equal(m.firstIn('ushers'), 0);
    assert.equal(m.firstIn('this'), 2);
    assert.equal(m.firstIn('nothing'), -1);
    const many = new HintMatcher(Array.from({ length: 70 }, (_, i) => `w${i}x`));
    const bits = new Uint32Array(many.words);
    many.collect('aw69xbw3x', bits);
    assert.deepEqual(
      many.forms.filter((_, i) => bits[i >>> 5] & (1 << (i & 31))),
      ['w3x', 'w69x'],
    );
  });

  test('a query of 40 words costs about what 8 words cost on an index of many hint phrases (not 5× as a pass per word would)', () => {
    const PHRASES = 60_000;
    const lines = Array.from(
      { length: PHRASES },
      (_, i) => `### topic ${i} about deploys and pagination\n- notes/n${i % 500}.md\n`,
    );
    const snapshot = snapshotFor(makeHome({ index: `${INDEX_HEADER}## Semantic Hints Index\n${lines.join('')}` }));
    const words = Array.from({ length: 40 }, (_, i) => `qz${i}`);
    // CPU time, best of 5, interleaved: other processes on a loaded machine do not stretch it.
    const run = (query: string) => {
      const started = process.cpuUsage();
      const outcome = runQuery(snapshot, query, { today: '2026-11-30' });
      assert.ok(outcome.ok);
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    };
    run(words.join(' ')); // warm up
    const eight: number[] = [];
    const forty: number[] = [];
    for (let i = 0; i < 5; i++) {
      eight.push(run(words.slice(0, 8).join(' ')));
      forty.push(run(words.join(' ')));
    }
    const best = (xs: number[]) => Math.min(...xs);
    console.log(
      `hint matching on 60k phrases: 40 words ${best(forty).toFixed(1)} ms of CPU, 8 words ${best(eight).toFixed(1)} ms`,
    );
    assert.ok(
      best(forty) < 3 * best(eight) + 5,
      `40 words: ${best(forty).toFixed(1)} ms of CPU; 8 words: ${best(eight).toFixed(1)} ms`,
    );
  });

  test('a word longer than 256 characters matches by tag only, never a hint phrase (§F44)', () => {
    const long = 'x'.repeat(257);
    const [token] = prepareTokens([long]);
    assert.equal(token.hintForm, '');
    assert.deepEqual(matchFile(prepareTokens([long]), new Set(), [`a ${long} b`]), {
      matched: 0,
      byTag: false,
      hint: null,
    });
    assert.equal(matchFile(prepareTokens([long]), new Set([long]), []).matched, 1);
    assert.equal(prepareTokens(['x'.repeat(256)])[0].hintForm, 'x'.repeat(256));
  });
});
