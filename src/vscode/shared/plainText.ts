// Pick rows, titles and tree rows are plain text: the core's notes quote names in markdown backticks.

/** The text without its markdown backticks. */
export function plainText(text: string): string {
  return text.replace(/`([^`\n]*)`/g, '$1');
}
