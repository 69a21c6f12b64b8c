// Which value of a machine-scoped path setting counts. Pure: no vscode import, unit-tested.
//
// `"scope": "machine"` in package.json already keeps workspace values out, but only in editors
// that honour it; a cloned repository's `.vscode/settings.json` must never be able to point the
// extension at another folder, so the workspace and folder layers are ignored here as well.

/** The shape of `WorkspaceConfiguration.inspect()` this module needs. */
export interface InspectedSetting<T> {
  key: string;
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

export interface MachineValue {
  /** The user (global) value, else the default; trimmed; undefined when empty. */
  value: string | undefined;
  /** A note per workspace-level value that was ignored, for the output channel. */
  ignored: string[];
}

export function machineValue(inspected: InspectedSetting<unknown> | undefined): MachineValue {
  if (!inspected) return { value: undefined, ignored: [] };
  const ignored: string[] = [];
  for (const [layer, raw] of [
    ['workspace', inspected.workspaceValue],
    ['workspace folder', inspected.workspaceFolderValue],
  ] as const) {
    if (raw !== undefined && raw !== null && raw !== '') {
      ignored.push(`Ignored the ${layer} value of ${inspected.key} (machine-scoped: only the user setting counts).`);
    }
  }
  const pick = inspected.globalValue !== undefined ? inspected.globalValue : inspected.defaultValue;
  const value = typeof pick === 'string' && pick.trim() !== '' ? pick.trim() : undefined;
  return { value, ignored };
}

/** A positive integer setting, falling back when missing or out of range. */
export function boundedInt(raw: unknown, fallback: number, min: number, max: number): number {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return fallback;
  return Math.min(max, Math.max(min, Math.round(raw)));
}
