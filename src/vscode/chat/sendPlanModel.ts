// How a Send to Chat of many files is carried out: whether to ask first, and in which batches
// the attachments go, so that progress can be shown and the user can cancel between batches.
// Pure: unit-tested.

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
}

export const DEFAULT_CONFIRM_ABOVE_FILES = 50;
/** Attachments per chat command: small enough for visible progress and a prompt cancel. */
export const BATCH_SIZE = 20;

export function sendPlan(input: SendPlanInput): SendPlan {
  const reasons: string[] = [];
  if (input.maxFiles > 0 && input.files > input.maxFiles) reasons.push(`more than ${input.maxFiles} files (ariaContext.chat.confirmAboveFiles)`);
  if (input.maxTokens > 0 && input.tokens > input.maxTokens) reasons.push(`more than ${input.maxTokens} estimated tokens (ariaContext.chat.confirmAboveTokens)`);
  return { ask: reasons.length ? `This is ${reasons.join(' and ')}.` : null };
}

export function batches<T>(items: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
