// A growable list of 32-bit integers for the worker side: no boxed numbers, one copy at the end.
export class IntList {
  private data = new Int32Array(64);
  length = 0;

  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }

  at(i: number): number {
    return this.data[i];
  }

  /** The values as an array of their own (the list's buffer is not shared). */
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}
