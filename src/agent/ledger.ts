// What one MCP connection has been sent: a file's real path and a hash of the content sent, so
// a second load of the same, unchanged file answers "already loaded" instead of spending the
// agent's context again. Bounded: the oldest entries are forgotten first.
import { MAX_LEDGER_FILES } from './limits';

export class Ledger {
  private readonly sent = new Map<string, string>();

  constructor(private readonly max = MAX_LEDGER_FILES) {}

  has(realPath: string, hash: string): boolean {
    return this.sent.get(realPath) === hash;
  }

  add(realPath: string, hash: string): void {
    this.sent.delete(realPath); // re-inserted as the newest
    this.sent.set(realPath, hash);
    if (this.sent.size > this.max) this.sent.delete(this.sent.keys().next().value!);
  }

  delete(realPath: string): void {
    this.sent.delete(realPath);
  }
}
