// Checks the walkthrough's "Point aria-context at your knowledge folder" step once a knowledge
// folder has loaded. The step's onContext completion event alone is not enough: VS Code drops a
// completion event that came before it registered the walkthrough, and in a remote window it
// registers extension walkthroughs after this extension has already loaded its folder.
// `welcome.markStepComplete` (VS Code's own command behind a step's Mark Done) stores the step as
// done even while the walkthrough is not registered yet (the command then rejects; ignored).
import * as vscode from 'vscode';

/** `<publisher>.<name>#<walkthrough id>#<step id>`, as VS Code names extension walkthrough steps. */
export const CONFIGURE_STEP_ID = 'aria-context.aria-context#ariaContext.gettingStarted#configure';

let marked = false;

/** Once per session, on the first successful load. */
export function markConfigureStepDone(): void {
  if (marked) return;
  marked = true;
  vscode.commands.executeCommand('welcome.markStepComplete', CONFIGURE_STEP_ID).then(undefined, () => undefined);
}
