// Command ids one feature registers and another's rows, buttons or quick fixes run: named once here,
// so a feature runs another's command without importing it.

/** The index row's click: index.md and its problems (health). */
export const SHOW_INDEX_PROBLEMS_COMMAND = 'ariaContext.showIndexProblems';
/** Context: Rebuild Index… (rebuild), offered by index.md's quick fixes (health). */
export const REBUILD_INDEX_COMMAND = 'ariaContext.rebuildIndex';
/** A chat answer's Show Query Summary button (chat); the summary document is the query feature's. */
export const CHAT_SUMMARY_COMMAND = 'ariaContext.showQueryResultSummary';
