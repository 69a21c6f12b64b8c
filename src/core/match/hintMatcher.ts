// §4 hint matching in one pass over a text, whatever the number of query words: the query's
// hint forms go into one Aho–Corasick automaton, so a phrase is read once and every form it
// contains is found together. Testing each form with includes() costs phrases × words; with a
// million hint phrases forty words took three times as long as one. The automaton is a table
// (state × character class) when that is small, so a character costs two array reads.

/** Cells of the transition table at most (4 MB); a larger automaton follows its failure links instead. */
const MAX_TABLE_CELLS = 1 << 20;
/** Up to this many forms, the engine's own substring search per form beats a character loop in JS. */
const NATIVE_FORMS = 4;

export class HintMatcher {
  /** The distinct non-empty forms, in the order given (bit i of a mask is forms[i]). */
  readonly forms: string[];
  private readonly next: Array<Map<number, number>> = [new Map()];
  private readonly fail: number[] = [0];
  /** Per state, the forms ending there or at a state its failure links reach, as 32-bit words. */
  private readonly masks: Uint32Array;
  /** Per state, the lowest form index in that mask (forms.length when none). */
  private readonly lowest: Int32Array;
  /** Every character of every form: any other character sends the automaton back to its root. */
  private readonly alphabet = new Set<number>();
  /** The next state by state × character class (class 0: no form has the character), or null when too large. */
  private readonly table: Int32Array | null = null;
  private readonly classOf: Uint16Array;
  private readonly classes: number;
  readonly words: number;

  constructor(forms: readonly string[]) {
    this.forms = [...new Set(forms.filter((f) => f !== ''))];
    this.words = Math.max(1, Math.ceil(this.forms.length / 32));
    // A few forms are searched with includes() (firstIn, collect): no automaton is built. The tree's
    // counts run a one-word query per tag, and a table of 65,536 classes each was most of their cost.
    if (this.forms.length <= NATIVE_FORMS) {
      this.masks = new Uint32Array(0);
      this.lowest = new Int32Array(0);
      this.classOf = new Uint16Array(0);
      this.classes = 0;
      return;
    }
    this.classOf = new Uint16Array(65536);
    const ends: number[][] = [[]];
    this.forms.forEach((form, i) => {
      let s = 0;
      for (let k = 0; k < form.length; k++) {
        const c = form.charCodeAt(k);
        this.alphabet.add(c);
        let t = this.next[s].get(c);
        if (t === undefined) {
          t = this.next.length;
          this.next.push(new Map());
          this.fail.push(0);
          ends.push([]);
          this.next[s].set(c, t);
        }
        s = t;
      }
      ends[s].push(i);
    });
    const states = this.next.length;
    this.masks = new Uint32Array(states * this.words);
    this.lowest = new Int32Array(states).fill(this.forms.length);
    // Breadth first, so a state's failure target is complete before the state itself.
    const order: number[] = [0];
    for (let q = 0; q < order.length; q++) {
      const s = order[q];
      const f = this.fail[s];
      for (const i of ends[s]) this.masks[s * this.words + (i >>> 5)] |= 1 << (i & 31);
      if (s !== 0) {
        for (let w = 0; w < this.words; w++) this.masks[s * this.words + w] |= this.masks[f * this.words + w];
        this.lowest[s] = Math.min(this.lowest[f], ...ends[s]);
      }
      for (const [c, t] of this.next[s]) {
        this.fail[t] = s === 0 ? 0 : this.step(f, c);
        order.push(t);
      }
    }
    this.classes = this.alphabet.size + 1;
    if (states * this.classes > MAX_TABLE_CELLS) return;
    let cls = 0;
    for (const c of this.alphabet) this.classOf[c] = ++cls;
    const table = new Int32Array(states * this.classes);
    for (const s of order) {
      for (const c of this.alphabet) {
        const k = this.classOf[c];
        const t = this.next[s].get(c);
        table[s * this.classes + k] = t !== undefined ? t : s === 0 ? 0 : table[this.fail[s] * this.classes + k];
      }
    }
    this.table = table;
  }

  /** The lowest index of a form that occurs in `text`, or -1. */
  firstIn(text: string): number {
    if (this.forms.length <= NATIVE_FORMS) return this.forms.findIndex((f) => text.includes(f));
    const none = this.forms.length;
    const { table, classOf, classes, lowest } = this;
    let best = none;
    let s = 0;
    for (let k = 0; k < text.length; k++) {
      s = table ? table[s * classes + classOf[text.charCodeAt(k)]] : this.step(s, text.charCodeAt(k));
      const l = lowest[s];
      if (l < best) {
        if (l === 0) return 0;
        best = l;
      }
    }
    return best === none ? -1 : best;
  }

  /** Sets in `found` (this.words long) the bit of every form that occurs in `text`. */
  collect(text: string, found: Uint32Array): void {
    if (this.forms.length <= NATIVE_FORMS) {
      this.forms.forEach((f, i) => {
        if (text.includes(f)) found[0] |= 1 << i;
      });
      return;
    }
    const { table, classOf, classes, lowest, masks, words } = this;
    const none = this.forms.length;
    let s = 0;
    for (let k = 0; k < text.length; k++) {
      s = table ? table[s * classes + classOf[text.charCodeAt(k)]] : this.step(s, text.charCodeAt(k));
      if (lowest[s] === none) continue;
      for (let w = 0; w < words; w++) found[w] |= masks[s * words + w];
    }
  }

  private step(s: number, c: number): number {
    if (this.table) return this.table[s * this.classes + this.classOf[c]];
    if (!this.alphabet.has(c)) return 0;
    for (;;) {
      const t = this.next[s].get(c);
      if (t !== undefined) return t;
      if (s === 0) return 0;
      s = this.fail[s];
    }
  }
}
