// Rough token counts for "how much am I about to send", in the agent tools' one estimate.
import { estimateTokens } from '../../agent/itemFacts';

export function formatTokens(tokens: number): string {
  return tokens >= 1000 ? `~${(tokens / 1000).toFixed(tokens >= 10_000 ? 0 : 1)}k tokens` : `~${tokens} tokens`;
}

export interface SizedFile {
  path: string;
  bytes: number;
}

export function sizeReport(files: readonly SizedFile[]): { total: number; lines: string[] } {
  let total = 0;
  const lines = files.map((f) => {
    const t = estimateTokens(f.bytes);
    total += t;
    return `${f.path}: ${formatTokens(t)}`;
  });
  return { total, lines };
}
