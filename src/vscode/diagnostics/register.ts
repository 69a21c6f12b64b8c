// Context: Log Diagnostics: what the extension host has been doing, written to the aria-context
// output channel for a bug report (and read back by the e2e suites): the event-loop delay since
// the last report, reloads and file events. Each report starts the next measuring period.
import type * as vscode from 'vscode';
import { loopDelayLine } from '../shared/loopDelay';
import { registerCommand } from '../shared/registerCommand';
import type { Services } from '../shared/services';

export function register(
  context: vscode.ExtensionContext,
  { service, log, watchers, loopDelay: probe }: Services,
): void {
  context.subscriptions.push(
    registerCommand(log, 'ariaContext.logDiagnostics', () => {
      const c = watchers.counts;
      log.info(
        `Diagnostics: ${loopDelayLine(probe.figures())}; ${service.loads} loads, ${c.fileEvents} file events in ${c.batches} batches`,
      );
      probe.reset();
      log.show();
    }),
  );
}
