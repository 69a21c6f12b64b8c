// What the MCP server writes to stderr. VS Code shows every stderr line of an MCP server as a
// warning in its output, so by default only warnings and errors are written; `--log-level info`
// (or ARIA_CONTEXT_MCP_LOG_LEVEL=info, the editor's ariaContext.mcp.logLevel) adds what it does.
import type { LogLevel } from '../core';

export type { LogLevel };
export const DEFAULT_LOG_LEVEL: LogLevel = 'warn';
export const LOG_LEVEL_ENV = 'ARIA_CONTEXT_MCP_LOG_LEVEL';
const RANK: Record<LogLevel, number> = { error: 0, warn: 1, info: 2 };

export function isLogLevel(value: string | undefined): value is LogLevel {
  return value !== undefined && Object.prototype.hasOwnProperty.call(RANK, value);
}

/** The level in force: the flag, else the environment, else warnings and errors. A bad env value is ignored. */
export function logLevelOf(flag: LogLevel | undefined, env: Record<string, string | undefined>): LogLevel {
  if (flag) return flag;
  const fromEnv = env[LOG_LEVEL_ENV]?.trim().toLowerCase();
  return isLogLevel(fromEnv) ? fromEnv : DEFAULT_LOG_LEVEL;
}

/** A logger that writes a line only when its level is at or above `threshold`'s importance. */
export function leveledLog(
  threshold: LogLevel,
  write: (line: string) => void,
): (message: string, level?: LogLevel) => void {
  return (message, level = 'info') => {
    if (RANK[level] <= RANK[threshold]) write(level === 'info' ? message : `${level}: ${message}`);
  };
}
