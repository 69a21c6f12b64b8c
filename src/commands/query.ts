// `aria-context query` (also help and usage errors): dist/commands/query.js.
export { run, writeIndexCache } from '../cliQuery';
