// The change setup is about to make, shown as a line diff (Myers' algorithm): removals and
// additions both, with a line of context, so the user sees everything before saying yes.

/** `-`, `+` and ` ` lines of the change from `before` to `after`, in hunks with their line numbers. */
export function lineDiff(before: string, after: string, context = 1): string {
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  const ops = diffOps(a, b);
  const out: string[] = [];
  let ai = 0;
  let bi = 0;
  for (let k = 0; k < ops.length;) {
    if (ops[k] === '=') {
      k++;
      ai++;
      bi++;
      continue;
    }
    // a hunk: from `context` lines before this change to `context` after the last one near it
    let end = k;
    for (let j = k, equal = 0; j < ops.length; j++) {
      if (ops[j] === '=') {
        if (++equal > 2 * context) break;
      } else {
        equal = 0;
        end = j + 1;
      }
    }
    const lead = Math.min(context, ai, bi);
    out.push(`@@ line ${ai - lead + 1} @@`);
    for (let c = lead; c > 0; c--) out.push(`  ${a[ai - c]}`);
    for (; k < end; k++) {
      if (ops[k] === '=') {
        out.push(`  ${a[ai++]}`);
        bi++;
      } else if (ops[k] === '-') out.push(`- ${a[ai++]}`);
      else out.push(`+ ${b[bi++]}`);
    }
    for (let c = 0; c < context && k + c < ops.length && ops[k + c] === '='; c++) out.push(`  ${a[ai + c]}`);
  }
  return out.length ? `${out.join('\n')}\n` : '';
}

/**
 * The edit script (`=`, `-`, `+`) of a shortest edit from `a` to `b`. The common first and last
 * lines are taken off first: setup's edits are local, so the search runs over the changed middle
 * of a file however long it is.
 */
function diffOps(a: string[], b: string[]): string[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const middle = myers(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  return [...Array<string>(head).fill('='), ...middle, ...Array<string>(tail).fill('=')];
}

function myers(a: string[], b: string[]): string[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[max + k - 1] < v[max + k + 1]) ? v[max + k + 1] : v[max + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[max + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  // walk back through the saved frontiers
  const ops: string[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const vd = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && vd[max + k - 1] < vd[max + k + 1]) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : vd[max + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push('=');
      x--;
      y--;
    }
    if (d > 0) ops.push(x === prevX ? '+' : '-');
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}
