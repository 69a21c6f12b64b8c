// How a Send to Chat is carried out: whether to ask first, and whether the files go as chips
// (one per file) or, above the confirmation threshold, as one read-only bundle file: hundreds of
// chips push the chat input off-screen and each batch the workbench takes is slower than the
// last. Pure: unit-tested.
import * as path from 'node:path';

export interface SendPlanInput {
  files: number;
  tokens: number;
  /** ariaContext.chat.confirmAboveFiles; 0 never asks. */
  maxFiles: number;
  /** ariaContext.chat.confirmAboveTokens; 0 never asks. */
  maxTokens: number;
}

export interface SendPlan {
  /** Why the user is asked first, or null to send at once. */
  ask: string | null;
  /** One bundle file instead of a chip per file (exactly when the user is asked). */
  bundle: boolean;
}

export const DEFAULT_CONFIRM_ABOVE_FILES = 50;
/** Attachments per chat command on editors that take one file per command (attachFile). */
export const BATCH_SIZE = 20;
/** Bundles kept in the extension's storage; older ones are deleted when a new one is written. */
export const BUNDLES_KEPT = 5;

export function sendPlan(input: SendPlanInput): SendPlan {
  const reasons: string[] = [];
  if (input.maxFiles > 0 && input.files > input.maxFiles)
    reasons.push(`more than ${input.maxFiles} files (ariaContext.chat.confirmAboveFiles)`);
  if (input.maxTokens > 0 && input.tokens > input.maxTokens)
    reasons.push(`more than ${input.maxTokens} estimated tokens (ariaContext.chat.confirmAboveTokens)`);
  return reasons.length
    ? {
        ask: `This is ${reasons.join(' and ')}, so they go as one read-only bundle file (one attachment).`,
        bundle: true,
      }
    : { ask: null, bundle: false };
}

export function batches<T>(items: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `knowledge-<label>-<UTC stamp>.md`: the label reduced to a short, safe file-name part. */
export function bundleFileName(label: string, now: Date): string {
  const slug =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'files';
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `knowledge-${slug}-${stamp}.md`;
}

/** True when `file` is `folder` or inside it (both absolute, already resolved). */
export function isInside(file: string, folder: string): boolean {
  const rel = path.relative(folder, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Which earlier bundles to delete, oldest first, so that `keep` remain with the new one. */
export function bundlesToDelete(names: readonly string[], keep = BUNDLES_KEPT): string[] {
  const bundles = names
    .filter((n) => /^knowledge-[a-z0-9-]+-\d{8}T\d{6}Z\.md$/.test(n))
    .sort((a, b) => stampOf(a).localeCompare(stampOf(b)) || a.localeCompare(b));
  return bundles.slice(0, Math.max(0, bundles.length - (keep - 1)));
}

/** Bundles are deleted at startup once this old (a chat may still show a recent one). */
export const BUNDLE_MAX_AGE_DAYS = 7;

/** Bundles written more than `maxAgeDays` before `now`, by the stamp in their names. */
export function staleBundles(names: readonly string[], now: Date, maxAgeDays = BUNDLE_MAX_AGE_DAYS): string[] {
  const cutoff = new Date(now.getTime() - maxAgeDays * 86_400_000).toISOString().replace(/[-:]/g, '').slice(0, 15);
  return names.filter((n) => /^knowledge-[a-z0-9-]+-\d{8}T\d{6}Z\.md$/.test(n) && stampOf(n) < `${cutoff}Z`);
}

function stampOf(name: string): string {
  return /(\d{8}T\d{6}Z)\.md$/.exec(name)?.[1] ?? '';
}
